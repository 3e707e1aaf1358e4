"""Power-cut test of memoquiz: what a crash can leave on disk, and whether
memoquiz copes with every such state. Run it from the package's root:

  PYTHONPATH=Scripts python3 -m powercut --help

- trace.py reads strace's output: the calls and their arguments;
- filesystem.py replays those calls on a model of a conservative file system;
- states.py enumerates the crash states the model allows at each point;
- scenarios.py lists the scenarios, one memoquiz command each;
- runner.py prepares a scenario and runs memoquiz, under strace or plainly;
- checks.py checks every crash state with memoquiz itself and reports;
- selftest.py proves on tiny programs that the tool finds a missing fsync;
- __main__.py reads the options and runs the scenarios.
"""
