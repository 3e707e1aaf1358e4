"""Running memoquiz: under strace for the command of a scenario, plainly to prepare and check."""

import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time

from .common import EARLIER, NOW, TRACED, ToolError, scratch_root
from .filesystem import Base, Recorder
from .scenarios import EDITOR_SCRIPT, as_earlier_release
from .states import materialise, tree_digest
from .trace import parse_trace


# Running commands

def strace_path():
    path = shutil.which("strace")
    if path is None:
        raise ToolError("strace is not installed (Debian package strace)")
    return path


def traced_run(argv, env, stdin_bytes, work, root, string_limit, cwd):
    """Runs argv under strace; returns (returncode, stdout, stderr, Recorder)."""
    trace = os.path.join(work, "trace")
    out_path = os.path.join(work, "stdout")
    err_path = os.path.join(work, "stderr")
    in_path = os.path.join(work, "stdin")
    with open(in_path, "wb") as handle:
        handle.write(stdin_bytes)
    base = Base(root)
    # "?name": no error on an architecture without that call (open, fork on arm64).
    command = [strace_path(), "-f", "-y", "-yy", "-tt", "-s", str(string_limit), "-xx",
               "-e", "trace=" + ",".join("?" + name for name in TRACED.split(",")), "-o", trace, "--"] + argv
    with open(out_path, "wb") as stdout, open(err_path, "wb") as stderr:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=stdout, stderr=stderr, env=env,
                                   cwd=cwd)
        # Typed as a person types: each line once the answer to the one
        # before it (or the first prompt) is out, so that each answer is
        # saved, and can be cut off, on its own.
        lines = stdin_bytes.splitlines(keepends=True)
        try:
            wait_for_output(process, out_path, err_path, 0)
            for line in lines:
                before = output_size(out_path, err_path)
                process.stdin.write(line)
                process.stdin.flush()
                wait_for_output(process, out_path, err_path, before)
            process.stdin.close()
        except BrokenPipeError:
            pass
        try:
            returncode = process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            raise ToolError(f"`{' '.join(argv)}` did not finish in 120s under strace")
    recorder = Recorder(base, os.path.realpath(root),
                        {"stdout": os.path.realpath(out_path), "stderr": os.path.realpath(err_path)},
                        cwd, string_limit)
    for call in parse_trace(trace):
        recorder.feed(call)
    with open(out_path, "rb") as handle:
        out = handle.read()
    with open(err_path, "rb") as handle:
        err = handle.read()
    return returncode, out, err, recorder


def output_size(*paths):
    return sum(os.path.getsize(path) for path in paths)


def wait_for_output(process, out_path, err_path, before, limit=10.0):
    """Waits until the command has written past `before` bytes of output, or ended."""
    give_up = time.monotonic() + limit
    while time.monotonic() < give_up and process.poll() is None:
        if output_size(out_path, err_path) > before:
            # The rest of the same reply (the next prompt) follows at once.
            time.sleep(0.02)
            return
        time.sleep(0.005)


class Runner:
    """Prepares scenarios, runs them under strace, and checks their crash states."""

    def __init__(self, options):
        self.options = options
        self.binary = os.path.realpath(options.binary)
        self.scratch = tempfile.mkdtemp(prefix="memoquiz-powercut-", dir=scratch_root())
        self.cache = {}
        self.counter = itertools.count(1)
        self.deadline = time.monotonic() + options.budget
        self.commands = None
        self.fixed_lock = threading.Lock()

    def close(self):
        if not self.options.keep_scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def present_commands(self):
        if self.commands is None:
            out = subprocess.run([self.binary, "--help"], capture_output=True, text=True,
                                 env=self.env(os.path.join(self.scratch, "help-home"))).stdout
            self.commands = set()
            section = False
            for line in out.splitlines():
                if line.strip() == "Commands:":
                    section = True
                    continue
                if section:
                    if not line.startswith("  "):
                        if line.strip():
                            section = False
                        continue
                    match = re.match(r"^\s+([a-z][a-z-]*)\s", line)
                    if match:
                        self.commands.add(match.group(1))
        return self.commands

    def env(self, home, now=NOW, editor=None):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "MEMOQUIZ_HOME": home, "MEMOQUIZ_NOW": now,
               "NO_COLOR": "1", "TERM": "dumb", "LANG": "C.UTF-8", "TZ": "UTC",
               "HOME": os.path.join(self.scratch, "home"), "TMPDIR": os.path.join(self.scratch, "tmp")}
        os.makedirs(env["HOME"], exist_ok=True)
        os.makedirs(env["TMPDIR"], exist_ok=True)
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["GIT_AUTHOR_NAME"] = env["GIT_COMMITTER_NAME"] = "Power Cut"
        env["GIT_AUTHOR_EMAIL"] = env["GIT_COMMITTER_EMAIL"] = "powercut@example.invalid"
        if editor:
            env["VISUAL"] = editor
        return env

    def memoquiz(self, home, args, stdin=b"", now=NOW, editor=None, timeout=60):
        try:
            result = subprocess.run([self.binary] + args, input=stdin, capture_output=True,
                                    env=self.env(home, now, editor), timeout=timeout, cwd=self.scratch)
        except subprocess.TimeoutExpired:
            return -999, b"", b"timed out"
        return result.returncode, result.stdout, result.stderr

    # observation ---------------------------------------------------------
    def observe(self, state_root, home, extra=()):
        """What memoquiz commands say about a folder (which they may repair)."""
        obs = {}
        for key, args in (("groups", ["groups"]), ("history", ["history", "--json"]),
                          ("scores", ["scores", "--json"]), ("export", ["export", "--format", "json"])) + tuple(extra):
            rc, out, err = self.memoquiz(home, args)
            root = os.fsencode(state_root)
            obs[key] = {"rc": rc, "out": out.replace(root, b"<ROOT>"), "err": err.replace(root, b"<ROOT>"),
                        "raw_err": err}
            if key in ("history", "scores", "export") and rc == 0:
                try:
                    obs[key]["json"] = json.loads(out)
                except ValueError:
                    obs[key]["rc"] = "unreadable JSON"
        # Every file a warning names must exist.
        missing = []
        for key in obs:
            destination = rb"(?:kept as|kept in|moved to|moved aside to|renamed to|saved as) ("
            for path in re.findall(destination + re.escape(os.fsencode(state_root)) + rb"/[^\s;,:]+)",
                                   obs[key]["raw_err"]):
                path = path.rstrip(b".")
                if not os.path.exists(path):
                    missing.append((key, path.replace(os.fsencode(state_root), b"<ROOT>")))
        obs["missing"] = missing
        return obs

    # preparation -----------------------------------------------------------
    def prepare(self, scenario, work):
        root = os.path.join(work, "sandbox")
        os.makedirs(root)
        root = os.path.realpath(root)
        home = os.path.join(root, "data")
        inputs = os.path.join(work, "inputs")
        os.makedirs(inputs)
        for name, text in scenario.inputs.items():
            with open(os.path.join(inputs, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        remote = os.path.join(root if scenario.remote_on_disk else work, "remote.git")
        if "sync" in scenario.needs or any(step[0] == "sync" for step in scenario.prepare):
            subprocess.run(["git", "init", "-q", "--bare", remote], check=True, env=self.env(home))
        editors = self.make_editors(work, home)

        def expand(args):
            out = []
            for arg in args:
                arg = arg.replace("{remote}", remote)
                match = re.match(r"^\{input:(.+)\}$", arg)
                out.append(os.path.join(inputs, match.group(1)) if match else arg)
            return out

        for step in scenario.prepare:
            _, args, stdin = step[:3]
            editor = editors.get(step[3]) if len(step) > 3 else None
            rc, out, err = self.memoquiz(home, expand(args), stdin, now=EARLIER, editor=editor)
            if rc != 0:
                raise ToolError(f"preparing {scenario.name}: `memoquiz {' '.join(args)}` exited {rc}: "
                                f"{err.decode(errors='replace').strip()}")
        if scenario.new_folder:
            shutil.rmtree(home, ignore_errors=True)
        if scenario.earlier_release:
            as_earlier_release(home)
        editor = editors.get(scenario.editor) if scenario.editor else None
        return root, home, expand(scenario.argv), editor

    def make_editors(self, work, home):
        """Editor scripts: one writes changed valid questions, one a broken file."""
        editors = {}
        rc, out, err = self.memoquiz(os.path.join(work, "bundled-home"), ["export", "--format", "json"], now=EARLIER)
        if rc != 0:
            raise ToolError(f"`memoquiz export` exited {rc}: {err.decode(errors='replace')}")
        groups = json.loads(out)
        groups[0]["questions"][0]["answer"] = groups[0]["questions"][0]["answer"].upper()
        groups[0]["questions"].append({"prompt": "ゔ", "answer": "vu", "hint": "a v sound"})
        sources = {"edited": json.dumps(groups, ensure_ascii=False, indent=2) + "\n",
                   "broken": '[\n  {"title": "Broken", "questions": [\n'}
        for name, text in sources.items():
            source = os.path.join(work, f"{name}.json")
            with open(source, "w", encoding="utf-8") as handle:
                handle.write(text)
            script = os.path.join(work, f"editor-{name}.sh")
            with open(script, "w") as handle:
                handle.write(EDITOR_SCRIPT.replace("{source}", source))
            os.chmod(script, 0o755)
            editors[name] = script
        return editors

    # checking --------------------------------------------------------------
    def check_tree(self, tree, rel_home, scenario_name, extra=(), fixed_root=None):
        """What memoquiz says of a crash state. With `fixed_root` (a
        scenario whose remote is in the sandbox, named by its path), the
        state is rebuilt where the run took place, one at a time, and sync
        must recover in it."""
        key = tree_digest(tree) + repr(extra)
        if key in self.cache:
            return key, self.cache[key]
        if fixed_root is not None:
            with self.fixed_lock:
                shutil.rmtree(fixed_root, ignore_errors=True)
                materialise(tree, fixed_root)
                os.makedirs(fixed_root, exist_ok=True)
                home = os.path.join(fixed_root, rel_home)
                obs = self.observe(fixed_root, home, extra)
                obs["sync"] = self.recover_sync(fixed_root, home)
                if self.options.keep is None:
                    shutil.rmtree(fixed_root, ignore_errors=True)
            obs["tree"] = tree
            self.cache[key] = obs
            return key, obs
        folder = os.path.join(self.scratch, f"state-{scenario_name}-{next(self.counter)}")
        state_root = os.path.join(folder, "root")
        materialise(tree, state_root)
        os.makedirs(state_root, exist_ok=True)
        obs = self.observe(state_root, os.path.join(state_root, rel_home), extra)
        obs["tree"] = tree
        if self.options.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
        self.cache[key] = obs
        return key, obs

    def recover_sync(self, root, home):
        """`sync`, and when it fails `sync --init REMOTE`; then the history."""
        runs = []
        rc, out, err = self.memoquiz(home, ["sync"])
        runs.append((["sync"], rc, err))
        if rc != 0:
            rc, out, err = self.memoquiz(home, ["sync", "--init", os.path.join(root, "remote.git")])
            runs.append((["sync", "--init", "REMOTE"], rc, err))
        result = {"rc": rc, "runs": runs}
        if rc == 0:
            hrc, hout, herr = self.memoquiz(home, ["history", "--json"])
            try:
                result["history"] = json.loads(hout) if hrc == 0 else None
            except ValueError:
                result["history"] = None
        return result
