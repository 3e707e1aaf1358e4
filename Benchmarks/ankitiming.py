"""What the Anki benchmarks share: timing, running memoquiz, Anki's import,
and the lines that put the two side by side."""

import os
import statistics
import subprocess
import sys
import time

from anki.collection import Collection, ImportAnkiPackageRequest
from anki.import_export_pb2 import ImportAnkiPackageOptions


def timed(action):
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def memoquiz_runner(binary):
    """A function that runs `binary` on a data folder and returns its output."""
    binary = os.path.abspath(binary)

    def memoquiz(home, *arguments):
        result = subprocess.run([binary, *arguments], capture_output=True, text=True,
                                env=dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1"))
        if result.returncode != 0:
            sys.exit(f"memoquiz {' '.join(arguments)} failed ({result.returncode}): {result.stderr}")
        return result.stdout
    return memoquiz


def anki_imports(package, work, runs):
    """Anki's library importing `package` into a new empty collection, `runs`
    times (opening the collection too): the seconds of each, and the folders."""
    seconds, folders = [], []
    for index in range(runs):
        folder = os.path.join(work, f"anki-{index}")
        os.makedirs(folder)

        def run():
            collection = Collection(os.path.join(folder, "collection.anki2"))
            options = ImportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True)
            collection.import_anki_package(ImportAnkiPackageRequest(package_path=package, options=options))
            collection.close()
        seconds.append(timed(run))
        folders.append(folder)
    return seconds, folders


def side_by_side(anki_label, anki, our_label, ours):
    """Prints both medians, each run, and their ratio against the 2x target."""
    a, m = statistics.median(anki), statistics.median(ours)
    print(f"{anki_label:<42}{a:7.2f} s   (runs: {', '.join(f'{x:.2f}' for x in anki)})")
    print(f"{our_label:<42}{m:7.2f} s   (runs: {', '.join(f'{x:.2f}' for x in ours)})")
    print(f"{'  ratio memoquiz / anki':<42}{m / a:7.2f}x  (target: at most 2x)")
