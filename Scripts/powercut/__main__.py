#!/usr/bin/env python3
"""Power-cut test of memoquiz: what a crash can leave on disk, and whether
memoquiz copes with every such state.

Usage:
  PYTHONPATH=Scripts python3 -m powercut [--binary PATH] [--scenario NAME]... [--seed N]
                              [--max-states N] [--min-states N] [--budget SECONDS]
                              [--jobs N] [--redundant] [--state N --keep DIR]
  PYTHONPATH=Scripts python3 -m powercut --list
  PYTHONPATH=Scripts python3 -m powercut --self-test

For each scenario a data folder is prepared by ordinary memoquiz commands,
then ONE command runs under strace (`strace -f -y -yy -tt -s 65535 -xx`),
its input typed one line at a time, each once the reply to the one before
is out. A scenario whose command `memoquiz --help` does not list is
skipped, and says so. Every file-system call inside the
sandbox that holds the data folder, and every write to stdout and stderr,
is recorded and replayed on a model of the file system:

- the state before the command is the base;
- a write (or truncation) of a file is durable only once the file is
  fsync'd or fdatasync'd, through any descriptor of it; a name (create,
  link, mkdir, rename, unlink) only once its directory is fsync'd; a rename
  is atomic;
- what is not durable may be dropped, torn (a prefix kept, cut inside a
  write or with the cut part read back as zeros) or reordered (any subset
  of the unsynced writes of a file, in 4 KiB units; any subset of the
  unsynced names).

A crash may fall after any recorded call. At each crash point the states a
conservative file system allows are enumerated (systematic choices first,
then seeded random ones), deduplicated, materialised in a temp folder with
the same layout, and checked with the real binary:

 (1) acknowledged: every answer whose verdict (Correct/Incorrect) was
     printed before the crash point is in `history --json` and counted in
     `scores --json`; a command that printed its success line before the
     crash point has its whole effect;
 (2) next command: `groups`, `history --json`, `scores --json` and `export`
     exit 0 (a warning naming a file moved aside is fine, when that file
     exists); nothing that was in the history before the command is lost;
 (3) all or nothing: the questions are wholly the old or wholly the new
     version, and agree with the history (a change of the questions is in
     effect exactly when its history step is).

State is read only through memoquiz commands (and files memoquiz names in
its own messages), never by file names, so the tool follows any layout of
the data folder. Exit status: 0 no violation, 1 violations, 2 the tool
could not do its work (strace missing, a model that diverged from the real
run, a scenario whose preparation failed).

Each violation is printed with its crash point, the call it follows, what
was kept and dropped of the unsynced ops, and the command that rebuilds
that very state (`--state N --keep DIR`, with the same --seed and
--max-states). The run is bounded: at most --max-states distinct states a
scenario, and --budget seconds shared fairly by the scenarios (at least
--min-states each are checked all the same); states left unchecked are
counted in the report.

--redundant also reports, for each fsync/fdatasync of a scenario, whether
leaving it out adds violations: the states of the run without it are
checked, and each violation found there is checked again on the state the
same choices give with the sync in place. A sync whose absence adds none
protects nothing (in the states checked) and can go.

--self-test runs the same machinery on tiny Python programs (no memoquiz):
one that writes without fsync, one that renames without syncing the folder
and one that appends without fsync must each show a violation; their
correct twins must show none. It proves the tool can fail.
"""

import argparse
import os
import subprocess
import sys
import time

from .checks import print_result, run_scenario
from .common import DEFAULT_STRING_LIMIT, ToolError
from .runner import Runner, strace_path
from .scenarios import scenarios
from .selftest import self_test


def default_binary():
    here = os.path.dirname(os.path.abspath(__file__))
    package = os.path.dirname(os.path.dirname(here))
    try:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=package, capture_output=True,
                                  text=True, timeout=120).stdout.strip()
        if bin_path:
            return os.path.join(bin_path, "memoquiz")
    except (OSError, subprocess.TimeoutExpired):
        pass
    return os.path.join(package, ".build", "debug", "memoquiz")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="\n\n".join(__doc__.split("\n\n")[2:]),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="the memoquiz binary (default: `swift build --show-bin-path`/memoquiz)")
    parser.add_argument("--scenario", action="append", help="run only this scenario (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the scenarios and exit")
    parser.add_argument("--seed", type=int, default=17, help="seed of the random choices (default 17)")
    parser.add_argument("--max-states", type=int, default=60, help="distinct states checked per scenario (default 60)")
    parser.add_argument("--min-states", type=int, default=10,
                        help="states checked per scenario even when the budget is spent (default 10)")
    parser.add_argument("--random-per-point", type=int, default=6, help="random states tried per crash point (default 6)")
    parser.add_argument("--budget", type=float, default=200,
                        help="seconds for the whole run, shared fairly by the scenarios (default 200)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="checks run at once")
    parser.add_argument("--string-limit", type=int, default=DEFAULT_STRING_LIMIT, help="strace -s")
    parser.add_argument("--redundant", action="store_true", help="report the syncs that protect nothing")
    parser.add_argument("--state", type=int, help="check only this state (number from a report)")
    parser.add_argument("--keep", help="with --state: materialise the state in this folder")
    parser.add_argument("--keep-scratch", action="store_true", help="keep the scratch folder")
    parser.add_argument("--self-test", action="store_true", help="prove the tool finds a missing fsync")
    options = parser.parse_args()
    options.keep_scratch = options.keep_scratch
    started = time.monotonic()
    try:
        if options.self_test:
            failures = self_test(options)
            print(f"self-test: {'passed' if not failures else f'{failures} WRONG'} "
                  f"in {time.monotonic() - started:.1f}s")
            return 1 if failures else 0
        all_scenarios = scenarios()
        if options.list:
            for s in all_scenarios:
                print(f"{s.name:15} memoquiz {' '.join(s.argv):40} {s.about}")
            return 0
        options.binary = options.binary or default_binary()
        if not os.path.exists(options.binary):
            raise ToolError(f"no memoquiz binary at {options.binary}; run `swift build --product memoquiz`")
        strace_path()
        wanted = set(options.scenario or [])
        unknown = wanted - {s.name for s in all_scenarios}
        if unknown:
            raise ToolError(f"unknown scenario(s): {', '.join(sorted(unknown))}")
        runner = Runner(options)
        total = found = 0
        table = []
        try:
            present = runner.present_commands()
            print(f"power cut: {options.binary} (seed {options.seed}, at most {options.max_states} states "
                  f"a scenario, budget {options.budget:.0f}s, {options.jobs} jobs)")
            end = time.monotonic() + options.budget
            runnable = [s for s in all_scenarios
                        if (not wanted or s.name in wanted) and s.needs in present]
            for scenario in all_scenarios:
                if wanted and scenario.name not in wanted:
                    continue
                print(f"== {scenario.name}: memoquiz {' '.join(scenario.argv)} ({scenario.about})")
                if scenario in runnable:
                    # Each scenario gets a fair share of what is left of the budget.
                    left = len(runnable) - runnable.index(scenario)
                    runner.deadline = time.monotonic() + max(0.0, end - time.monotonic()) / left
                if scenario.needs not in present:
                    print(f"   skipped: command not present (`memoquiz --help` does not list `{scenario.needs}`)")
                    table.append((scenario.name, "skipped: command not present", 0, 0, 0))
                    continue
                result = run_scenario(runner, scenario, options, sys.stdout)
                print_result(scenario, result, options, sys.stdout)
                sys.stdout.flush()
                total += result["checked"]
                found += len(result["violations"])
                note = f"{result['skipped_budget']} states NOT checked (budget)" if result["skipped_budget"] else ""
                table.append((scenario.name, note, result["points"], result["checked"], len(result["violations"])))
        finally:
            runner.close()
        print("== summary")
        for name, note, points, checked, violations in table:
            if note.startswith("skipped"):
                print(f"   {name:15} {note}")
            else:
                print(f"   {name:15} {points:4} crash points {checked:4} states checked {violations:4} violations"
                      + (f"; {note}" if note else ""))
        print(f"power cut: {total} states checked, {found} violations, {time.monotonic() - started:.0f}s")
        return 1 if found else 0
    except (ToolError, OSError, subprocess.SubprocessError) as error:
        print(f"power cut: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
