"""Time to the first prompt of `memoquiz cram` on a group of 100,000
questions, beside `play` (sequential and random) in the same run.

Usage: python3 cram.py MEMOQUIZ_BINARY [RUNS]

Each run starts a new round on a pseudo-terminal in a fresh copy of one
data folder (the questions read once by `groups`), and is timed until the
first prompt shows; the three commands take turns, so that a busy machine
slows them alike. It prints the median and every run, in milliseconds.
"""
import json, os, pty, re, select, shutil, statistics, subprocess, sys, tempfile, time

BINARY = sys.argv[1]
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 9
work = tempfile.mkdtemp(prefix="memoquiz-cram-")
base = os.path.join(work, "base")
os.makedirs(base)
questions = [{"prompt": f"q{i}", "answer": f"answer {i}"} for i in range(100_000)]
with open(os.path.join(base, "questions.json"), "w") as file:
    json.dump([{"title": "Huge", "questions": questions}], file)
env = dict(os.environ, MEMOQUIZ_HOME=base, TZ="UTC", TERM="xterm-256color")
subprocess.run([BINARY, "groups"], env=env, stdout=subprocess.DEVNULL, check=True)


def first_prompt(arguments, prompt):
    """Seconds from the start of `memoquiz ARGUMENTS` to `prompt` on its terminal."""
    home = os.path.join(work, "run")
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(base, home)
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(BINARY, [BINARY] + arguments, dict(env, MEMOQUIZ_HOME=home))
    shown = b""
    while not re.search(prompt, shown):
        ready, _, _ = select.select([fd], [], [], 60)
        if not ready:
            raise SystemExit(f"no prompt from {arguments}: {shown[-200:]!r}")
        shown += os.read(fd, 65536)
    took = time.perf_counter() - started
    os.write(fd, b":quit\n")
    try:
        while select.select([fd], [], [], 60)[0] and os.read(fd, 65536):
            pass
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return took


commands = {
    "play (sequential)": (["play", "Huge", "--strategy", "sequential"], rb"\[1/100000\]"),
    "play (random)": (["play", "Huge", "--strategy", "random", "--seed", "7"], rb"\[1/100000\]"),
    "cram": (["cram", "Huge", "--seed", "7"], rb"\[100000 left\]"),
}
times = {name: [] for name in commands}
for _ in range(RUNS):
    for name, (arguments, prompt) in commands.items():
        times[name].append(first_prompt(arguments, prompt))
for name, runs in times.items():
    print(f"{name:18} first prompt: median {statistics.median(runs) * 1000:6.1f} ms   "
          f"runs {[round(run * 1000) for run in runs]}")
shutil.rmtree(work, ignore_errors=True)
