"""What load balancing costs a full replay: 1,000,000 answers on 100,000 questions, replayed by the first command.

Usage: python3 balancing.py MEMOQUIZ_BINARY [RUNS]

Two histories of the same answers, as `benchmark.py`'s memory-at-scale section
writes them, each answer with its learner day: one without due days (fuzz
alone, as with `load-balance off` and no `easy-days`), one where every answer
recorded the due day load balancing chose, which the fold reads back and
checks against the fuzz range. Printed: the median time of `memoquiz groups`
with no checkpoint (it replays the whole history and writes the checkpoint),
and the ratio (target: at most 1.10).
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# benchmark.py reads its own arguments when imported: give it none it would use.
ARGUMENTS, sys.argv = sys.argv, [sys.argv[0], "", "", "", "none"]
import benchmark  # noqa: E402

sys.argv = ARGUMENTS


def write_history(home, with_due):
    benchmark.scale_questions(home)
    for folder in ("history", "local"):
        os.makedirs(os.path.join(home, folder), exist_ok=True)
    with open(os.path.join(home, "local", "machine"), "w") as file:
        file.write(f"memoquiz machine\t{benchmark.machine_hex(0)}\t{benchmark.HOST}\n")
    answers = benchmark.SCALE_ANSWERS
    step = 500 * 86_400_000 // answers
    first = int(time.time() * 1000) - 3_600_000 - answers * step
    lines = [f"memoquiz history\t2\t{benchmark.machine_hex(0)}\t{benchmark.HOST}\n"]
    for k in range(answers):
        when = first + k * step
        day = (when - 4 * 3_600_000) // 86_400_000
        line = benchmark.answer_line(k + 1, when, k).rstrip("\n") + f"\t\t{day}"
        if with_due:
            # A chosen day a few days on: kept when the fuzz range allows it.
            line += f"\t{day + 3 + k % 5}"
        lines.append(line + "\n")
    with open(os.path.join(home, "history", f"{benchmark.machine_hex(0)}.log"), "w") as file:
        file.write("".join(lines))


def replay(binary, home):
    for name in ("checkpoint", "outlook"):
        try:
            os.remove(os.path.join(home, "local", name))
        except FileNotFoundError:
            pass
    env = dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1", TZ="UTC")
    start = time.perf_counter()
    subprocess.run([binary, "groups"], env=env, capture_output=True, check=True)
    return time.perf_counter() - start


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    work = tempfile.mkdtemp(prefix="memoquiz-balancing-")
    try:
        homes = {}
        for with_due in (False, True):
            homes[with_due] = os.path.join(work, "due" if with_due else "fuzz")
            os.makedirs(homes[with_due])
            write_history(homes[with_due], with_due)
        times = {False: [], True: []}
        for _ in range(runs):
            for with_due in (False, True):
                times[with_due].append(replay(binary, homes[with_due]))
        fuzz, due = statistics.median(times[False]), statistics.median(times[True])
        print(f"full replay of {benchmark.SCALE_ANSWERS:,} answers on {benchmark.SCALE_QUESTIONS:,} questions "
              f"(median of {runs})")
        print(f"  fuzz alone           {fuzz * 1000:8.1f} ms")
        print(f"  balanced due days    {due * 1000:8.1f} ms")
        print(f"  ratio                {due / fuzz:8.2f}x   (target: at most 1.10x)")
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(benchmark.WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
