"""Times importing an Anki package of 10,000 sounds: memoquiz beside Anki.

Usage: python3 anki-media.py MEMOQUIZ_BINARY [NOTES]

Anki's library builds a package of NOTES Basic notes (default 10,000), each
with a sound of its own on its front ([sound:FILE], 4 KiB of distinct bytes
a file), in the current format (the collection and every file compressed
with zstd). Then, each three times, the median kept:

  anki import        Anki's library importing it into an empty collection,
                     its media folder included (opening the collection too)
  memoquiz import    `memoquiz import sounds.apkg` into an empty data folder
                     (the process, end to end: the notes, and every sound
                     decompressed into media/ under its safe name)
"""

import os
import random
import shutil
import sys
import tempfile
import time

from anki.collection import AddNoteRequest, Collection, ExportAnkiPackageOptions
from anki.import_export_pb2 import ExportLimit

from ankitiming import anki_imports, memoquiz_runner, side_by_side, timed

memoquiz = memoquiz_runner(sys.argv[1])
NOTES = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
RUNS = 3


def build(work):
    collection = Collection(os.path.join(work, "source.anki2"))
    basic = collection.models.by_name("Basic")
    deck = collection.decks.id("Sounds")
    generator = random.Random(2026)
    media = collection.media.dir()
    requests = []
    for index in range(NOTES):
        name = f"sound-{index:05}.mp3"
        with open(os.path.join(media, name), "wb") as file:
            file.write(b"ID3" + generator.randbytes(4093))
        note = collection.new_note(basic)
        note["Front"], note["Back"] = f"word {index} [sound:{name}]", f"answer {index}"
        requests.append(AddNoteRequest(note=note, deck_id=deck))
    collection.add_notes(requests)
    limit = ExportLimit()
    limit.whole_collection.SetInParent()
    path = os.path.join(work, "sounds.apkg")
    options = ExportAnkiPackageOptions(with_scheduling=False, with_deck_configs=False, with_media=True, legacy=False)
    collection.export_anki_package(out_path=path, options=options, limit=limit)
    collection.close()
    return path


def main():
    work = tempfile.mkdtemp(prefix="memoquiz-media-bench-")
    try:
        started = time.perf_counter()
        package = build(work)
        print(f"Anki package: {NOTES:,} notes, {NOTES:,} sounds, {os.path.getsize(package) / 1e6:.1f} MB "
              f"(built in {time.perf_counter() - started:.0f} s)")

        anki, folders = anki_imports(package, work, RUNS)
        for folder in folders:
            count = len(os.listdir(os.path.join(folder, "collection.media")))
            if count != NOTES:
                sys.exit(f"Anki's import holds {count} sounds, not {NOTES}")
        homes = [os.path.join(work, f"memoquiz-{index}") for index in range(RUNS)]
        ours = [timed(lambda home=home: memoquiz(home, "import", package)) for home in homes]
        count = len(os.listdir(os.path.join(homes[0], "media")))
        if count != NOTES:
            sys.exit(f"memoquiz's import holds {count} sounds, not {NOTES}")
        side_by_side("anki import (library, empty collection)", anki, "memoquiz import sounds.apkg", ours)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
