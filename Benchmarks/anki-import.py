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
import sys
import tempfile
import time

from anki.collection import Collection, ExportAnkiPackageOptions
from anki.import_export_pb2 import ExportLimit

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Scripts"))
packages = __import__("anki-packages")
from ankitiming import anki_imports, memoquiz_runner, side_by_side, timed  # noqa: E402

memoquiz = memoquiz_runner(sys.argv[1])
NOTES = int(sys.argv[2]) if len(sys.argv) > 2 else 30_000
REVIEWS = int(sys.argv[3]) if len(sys.argv) > 3 else 300_000
RUNS = 3


def main():
    work = tempfile.mkdtemp(prefix="memoquiz-anki-bench-")
    started = time.perf_counter()
    packages.build_large(work, NOTES, REVIEWS)
    package = os.path.join(work, "large.apkg")
    print(f"Anki package: {NOTES:,} notes, {REVIEWS:,} reviews, {os.path.getsize(package) / 1e6:.1f} MB "
          f"(built in {time.perf_counter() - started:.0f} s)")

    anki, _ = anki_imports(package, work, RUNS)
    homes = [os.path.join(work, f"memoquiz-{index}") for index in range(RUNS)]
    ours = [timed(lambda home=home: memoquiz(home, "import", package)) for home in homes]
    summary = memoquiz(homes[0], "import", package, "--dry-run", "--merge")
    print(f"  {summary.strip()[-120:]}")
    side_by_side("anki import (library, empty collection)", anki, "memoquiz import large.apkg", ours)

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
    side_by_side("anki export (library, legacy package)", anki_export, "memoquiz export --format apkg", our_export)
    shutil.rmtree(work)


main()
