"""The self-test: the tool must find a missing fsync in tiny programs."""

import os
import random
import shutil
import sys
import tempfile

from .common import ToolError, scratch_root
from .filesystem import compare_trees, snapshot_tree
from .runner import traced_run
from .states import Timeline, materialise, tree_digest, variants


# Self-test: the same machinery on tiny Python programs

SELF_TEST_PROGRAMS = {
    "write without fsync": ("""
import os, sys
folder = sys.argv[1]
with open(os.path.join(folder, "note.txt"), "w") as f:
    f.write("remember me\\n")
print("saved", flush=True)
""", True),
    "write, fsync, rename, fsync folder": ("""
import os, sys
folder = sys.argv[1]
tmp = os.path.join(folder, ".note.tmp")
fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
os.write(fd, b"remember me\\n")
os.fsync(fd)
os.close(fd)
os.rename(tmp, os.path.join(folder, "note.txt"))
d = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
os.fsync(d)
os.close(d)
print("saved", flush=True)
""", False),
    "rename without syncing the folder": ("""
import os, sys
folder = sys.argv[1]
tmp = os.path.join(folder, ".note.tmp")
fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
os.write(fd, b"remember me\\n")
os.fsync(fd)
os.close(fd)
os.rename(tmp, os.path.join(folder, "note.txt"))
print("saved", flush=True)
""", True),
    "append without fsync": ("""
import os, sys
folder = sys.argv[1]
fd = os.open(os.path.join(folder, "log.txt"), os.O_WRONLY | os.O_APPEND)
os.write(fd, b"second line\\n" * 400)
os.close(fd)
print("saved", flush=True)
""", True),
    "append with fdatasync": ("""
import os, sys
folder = sys.argv[1]
fd = os.open(os.path.join(folder, "log.txt"), os.O_WRONLY | os.O_APPEND)
os.write(fd, b"second line\\n" * 400)
os.fdatasync(fd)
os.close(fd)
print("saved", flush=True)
""", False),
}


def self_test(options):
    scratch = tempfile.mkdtemp(prefix="memoquiz-powercut-self-", dir=scratch_root())
    failures = 0
    try:
        for name, (program, must_fail) in SELF_TEST_PROGRAMS.items():
            work = tempfile.mkdtemp(dir=scratch)
            root = os.path.realpath(os.path.join(work, "sandbox"))
            os.makedirs(os.path.join(root, "data"))
            with open(os.path.join(root, "data", "log.txt"), "wb") as handle:
                handle.write(b"first line\n")
            source = os.path.join(work, "program.py")
            with open(source, "w") as handle:
                handle.write(program)
            rc, out, err, recorder = traced_run([sys.executable, "-S", source, os.path.join(root, "data")],
                                                dict(os.environ), b"", work, root, options.string_limit, work)
            if rc != 0:
                raise ToolError(f"self-test program {name!r} failed: {err.decode(errors='replace')}")
            timeline = Timeline(recorder.base, recorder.ops)
            real = snapshot_tree(root)
            model = timeline.build(len(timeline.ops), timeline.everything())
            problems = compare_trees(model, real)
            if problems:
                raise ToolError(f"self-test {name!r}: model diverged: {problems}")
            rng = random.Random(f"{options.seed}:{name}")
            final_files = {p: e[2] for p, e in real.items() if e[0] == "f"}
            acked_at = None
            printed = b""
            for op in timeline.ops:
                if op.kind == "out":
                    printed += op.payload
                    if b"saved" in printed and acked_at is None:
                        acked_at = op.index + 1
            states = violations = 0
            seen = set()
            for point in range(len(timeline.ops) + 1):
                for label, variant in variants(timeline, point, rng, options.random_per_point):
                    tree = timeline.build(point, variant)
                    digest = tree_digest(tree) + str(point >= (acked_at or 10 ** 9))
                    if digest in seen:
                        continue
                    seen.add(digest)
                    states += 1
                    state_dir = os.path.join(work, f"state-{states}")
                    materialise(tree, state_dir)
                    bad = []
                    if acked_at is not None and point >= acked_at:
                        for path in (b"data/note.txt", b"data/log.txt"):
                            if path in final_files:
                                full = os.path.join(os.fsencode(state_dir), path)
                                got = open(full, "rb").read() if os.path.exists(full) else None
                                if got != final_files[path]:
                                    bad.append(f"{path.decode()} is {'missing' if got is None else f'{len(got)} bytes'}")
                    # Nothing that was synced before may be lost, at any point.
                    log = os.path.join(state_dir, "data", "log.txt")
                    if not os.path.exists(log) or not open(log, "rb").read().startswith(b"first line\n"):
                        bad.append("log.txt lost its first line")
                    shutil.rmtree(state_dir)
                    if bad:
                        violations += 1
            ok = (violations > 0) == must_fail
            failures += 0 if ok else 1
            print(f"self-test {name}: {len(timeline.ops)} ops, {states} states, {violations} with a violation "
                  f"({'expected' if must_fail else 'none expected'}): {'ok' if ok else 'WRONG'}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return failures
