"""Times importing an Anki package: memoquiz beside Anki's own library.

Usage: python3 anki-import.py MEMOQUIZ_BINARY [NOTES REVIEWS]

Anki's library (the `anki` package from PyPI) builds a package of NOTES
Basic notes (default 30,000) in 10 decks with REVIEWS reviews (default
300,000) in the current format. Then, each three times, the median kept:

  anki import        Anki's library importing it, with scheduling, into an
                     empty collection (opening the collection included)
  memoquiz import    `memoquiz import large.apkg` into an empty data folder
                     (the process, end to end: unzip, zstd, SQLite, questions
                     file written durably, a history step)
  start-up           `memoquiz groups` after that import, beside the same
                     after importing the same notes as plain text (Anki's
                     own "Notes in Plain Text" export of them)
  export             `memoquiz export --format apkg` of everything (notes,
                     cards with their due day and memory, every review),
                     beside Anki's library exporting the collection it
                     imported, with scheduling, in its legacy format (the
                     one memoquiz writes)
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from anki.collection import Collection, ExportAnkiPackageOptions, ImportAnkiPackageRequest
from anki.import_export_pb2 import ExportLimit, ImportAnkiPackageOptions

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Scripts"))
packages = __import__("anki-packages")

MEMOQUIZ = os.path.abspath(sys.argv[1])
NOTES = int(sys.argv[2]) if len(sys.argv) > 2 else 30_000
REVIEWS = int(sys.argv[3]) if len(sys.argv) > 3 else 300_000
RUNS = 3


def timed(action):
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def memoquiz(home, *arguments):
    result = subprocess.run([MEMOQUIZ, *arguments], capture_output=True, text=True,
                            env=dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1"))
    if result.returncode != 0:
        sys.exit(f"memoquiz {' '.join(arguments)} failed ({result.returncode}): {result.stderr}")
    return result.stdout


def main():
    work = tempfile.mkdtemp(prefix="memoquiz-anki-bench-")
    started = time.perf_counter()
    packages.build_large(work, NOTES, REVIEWS)
    package = os.path.join(work, "large.apkg")
    print(f"Anki package: {NOTES:,} notes, {REVIEWS:,} reviews, {os.path.getsize(package) / 1e6:.1f} MB "
          f"(built in {time.perf_counter() - started:.0f} s)")

    def anki_import(index):
        folder = os.path.join(work, f"anki-{index}")
        os.makedirs(folder)

        def run():
            collection = Collection(os.path.join(folder, "collection.anki2"))
            options = ImportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True)
            collection.import_anki_package(ImportAnkiPackageRequest(package_path=package, options=options))
            collection.close()
        return timed(run)

    anki = [anki_import(index) for index in range(RUNS)]
    homes = [os.path.join(work, f"memoquiz-{index}") for index in range(RUNS)]
    ours = [timed(lambda home=home: memoquiz(home, "import", package)) for home in homes]
    summary = memoquiz(homes[0], "import", package, "--dry-run", "--merge")
    print(f"  {summary.strip()[-120:]}")
    a, m = statistics.median(anki), statistics.median(ours)
    print(f"anki import (library, empty collection)   {a:7.2f} s   (runs: {', '.join(f'{x:.2f}' for x in anki)})")
    print(f"memoquiz import large.apkg                {m:7.2f} s   (runs: {', '.join(f'{x:.2f}' for x in ours)})")
    print(f"  ratio memoquiz / anki                   {m / a:7.2f}x  (target: at most 2x)")

    # Start-up: the same notes imported as plain text instead, as Anki's own
    # "Notes in Plain Text" export writes them (with each note's guid, deck,
    # note type and tags), so that the questions are the same.
    text_home = os.path.join(work, "text")
    exported = os.path.join(work, "large.txt")
    collection = Collection(os.path.join(work, "anki-0", "collection.anki2"))
    collection.export_note_csv(out_path=exported, limit=None, with_html=True, with_tags=True, with_deck=True,
                               with_notetype=True, with_guid=True)
    collection.close()
    memoquiz(text_home, "import", exported)
    def questions(home):
        # A package also keeps each group's Anki note types, which plain
        # text does not carry: the questions themselves are compared.
        groups = json.loads(memoquiz(home, "export", "--format", "json"))
        for group in groups:
            group.pop("ankiNoteTypes", None)
            for question in group["questions"]:
                question.pop("ankiNoteType", None)
        return groups

    same = questions(homes[0]) == questions(text_home)
    print(f"  the questions of both imports are {'the same' if same else 'NOT the same'}")
    start_package = [timed(lambda: memoquiz(homes[0], "groups")) for _ in range(5)]
    start_text = [timed(lambda: memoquiz(text_home, "groups")) for _ in range(5)]

    print(f"start-up after the package import         {statistics.median(start_package) * 1000:7.0f} ms  "
          f"(memoquiz groups, median of 5)")
    print(f"start-up after the same questions as text {statistics.median(start_text) * 1000:7.0f} ms")

    # The way back: each program writes a package of everything it holds.
    collection = Collection(os.path.join(work, "anki-0", "collection.anki2"))
    limit = ExportLimit()
    limit.whole_collection.SetInParent()
    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=False, legacy=True)
    anki_export = [timed(lambda index=index: collection.export_anki_package(
        out_path=os.path.join(work, f"anki-export-{index}.apkg"), options=options, limit=limit))
        for index in range(RUNS)]
    collection.close()
    our_export = [timed(lambda index=index: memoquiz(
        homes[0], "export", "--format", "apkg", "--output", os.path.join(work, f"memoquiz-export-{index}.apkg")))
        for index in range(RUNS)]
    a, m = statistics.median(anki_export), statistics.median(our_export)
    print(f"anki export (library, legacy package)     {a:7.2f} s   (runs: {', '.join(f'{x:.2f}' for x in anki_export)})")
    print(f"memoquiz export --format apkg             {m:7.2f} s   (runs: {', '.join(f'{x:.2f}' for x in our_export)})")
    print(f"  ratio memoquiz / anki                   {m / a:7.2f}x  (target: at most 2x)")
    shutil.rmtree(work)


main()
