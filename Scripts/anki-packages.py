"""Builds Anki packages with Anki's own library, for memoquiz's import tests.

Usage: python anki-packages.py OUT_DIR [--notes N --reviews M]

Makes one collection with every stock note type (Basic, Basic (and reversed
card), Basic (optional reversed card), Basic (type in the answer), Cloze) and a
note type of its own, subdecks, tags, HTML, an image-only and a sound-only
card, and a review history of whole days with FSRS on. It writes into OUT_DIR:

  current.apkg, current.colpkg   the format of Anki 2.1.50 and later
  shared-deck.apkg               the deck Japanese (and subdecks) alone, in
                                 the current format: no cloze note
  legacy.apkg, legacy.colpkg     Anki's "support older versions" format
  anki2.apkg                     legacy.apkg with its collection named
                                 collection.anki2, as Anki 2.0 wrote them
  damaged-*.apkg                 packages that must be refused: zstd frames
                                 cut short, changed or absent, a collection
                                 without its notes and revlog tables, only
                                 the placeholder for older programs
  expected.json                  what Anki's library reports: decks, note
                                 types, notes, cards with their FSRS stability,
                                 difficulty and due day, and the review log

With --notes N --reviews M it writes only large.apkg (current format): N Basic
notes spread over 10 decks and M reviews spread over their cards, for the
import benchmark.
"""

import datetime
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import zipfile

from anki.collection import Collection, DeckIdLimit, ExportAnkiPackageOptions, ImportCsvRequest
from anki.import_export_pb2 import ExportLimit

DAY_MS = 86_400_000
# The reviews start on this day (UTC noon), one a day or more apart.
START_MS = 1_767_268_800_000  # 2026-01-01T12:00:00Z


def whole_collection():
    limit = ExportLimit()
    limit.whole_collection.SetInParent()
    return limit


def add(collection, type_name, deck, fields, tags=()):
    note = collection.new_note(collection.models.by_name(type_name))
    for name, value in fields.items():
        note[name] = value
    note.tags = list(tags)
    collection.add_note(note, collection.decks.id(deck))
    return note


def own_note_type(collection):
    """A note type that is none of Anki's stock ones: three fields."""
    models = collection.models
    model = models.new("Vocabulary (three fields)")
    for name in ("Word", "Meaning", "Example"):
        models.add_field(model, models.new_field(name))
    template = models.new_template("Recognition")
    template["qfmt"] = "{{Word}}"
    template["afmt"] = "{{FrontSide}}<hr id=answer>{{Meaning}}<br>{{Example}}"
    models.add_template(model, template)
    models.add(model)


def insert_reviews(collection, card_id, ratings, first_day, gaps):
    """Writes a review history into the revlog as Anki's scheduler would:
    one entry a review, at noon UTC of its day, learning first then review."""
    day = first_day
    ids = []
    for index, ease in enumerate(ratings):
        review_id = START_MS + day * DAY_MS + card_id % 1000
        kind = 0 if index == 0 else (2 if ease == 1 else 1)
        collection.db.execute(
            "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
            review_id, card_id, -1, ease, 1, 0, 2500, 6000 + 1000 * index, kind)
        ids.append(review_id)
        if index < len(gaps):
            day += gaps[index]
    # A due date set by hand, which FSRS (and memoquiz) leave out.
    collection.db.execute(
        "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
        START_MS + (day + 1) * DAY_MS + 7, card_id, -1, 0, 10, 1, 2500, 0, 4)
    collection.db.execute("update cards set type=2, queue=2, ivl=1, due=0, reps=? where id=?", len(ratings), card_id)
    return ids


def enable_fsrs(collection):
    """Turns FSRS on as the deck options screen does, rescheduling the cards
    from their review history."""
    deck_id = collection.decks.id("Default")
    current = collection._backend.get_deck_configs_for_update(deck_id)
    configs = [entry.config for entry in current.all_config]
    collection._backend.update_deck_configs(
        target_deck_id=deck_id, configs=configs, removed_config_ids=[], mode=0, card_state_customizer="",
        limits=current.current_deck.limits, new_cards_ignore_review_limit=False, fsrs=True,
        apply_all_parent_limits=False, fsrs_reschedule=True, fsrs_health_check=False)


def report(collection):
    """What Anki's library says about the collection."""
    today = collection.sched.today
    decks = sorted(d.name for d in collection.decks.all_names_and_ids(include_filtered=False))
    notes = []
    for note_id in sorted(collection.find_notes("")):
        note = collection.get_note(note_id)
        notes.append({"guid": note.guid, "type": note.note_type()["name"], "fields": list(note.fields),
                      "tags": sorted(note.tags)})
    cards = []
    for card_id in sorted(collection.find_cards("")):
        card = collection.get_card(card_id)
        entry = {"id": card_id, "guid": card.note().guid, "ord": card.ord,
                 "deck": collection.decks.name(card.did), "reviews": card.reps, "stability": None,
                 "difficulty": None, "dueDay": None}
        state = collection._backend.compute_memory_state(card_id)
        if state.HasField("state"):
            entry["stability"] = state.state.stability
            entry["difficulty"] = state.state.difficulty
        if card.type == 2:
            # The due day as Anki scheduled it: today's date plus the days to go.
            entry["dueDay"] = (datetime.date.today() + datetime.timedelta(days=card.due - today)).isoformat()
            entry["interval"] = card.ivl
        cards.append(entry)
    reviews = [{"id": row[0], "card": row[1], "ease": row[2], "type": row[3]}
               for row in collection.db.all("select id, cid, ease, type from revlog order by id")]
    return {"decks": decks, "notes": notes, "cards": cards, "reviews": reviews}


def build(folder):
    work = tempfile.mkdtemp(prefix="anki-packages-")
    collection = Collection(os.path.join(work, "collection.anki2"))
    own_note_type(collection)
    add(collection, "Basic", "Japanese::Words", {"Front": "犬", "Back": "dog"}, ["animal", "jlpt::n5"])
    add(collection, "Basic", "Japanese::Words", {"Front": "<b>猫</b>", "Back": "cat&nbsp;<i>(pet)</i>"}, ["animal"])
    add(collection, "Basic", "Japanese::Words", {"Front": "a &lt; b &amp; c", "Back": "less<br>than"})
    add(collection, "Basic (and reversed card)", "Japanese::Kana", {"Front": "し", "Back": "shi"}, ["kana"])
    add(collection, "Basic (optional reversed card)", "Japanese::Kana", {"Front": "ち", "Back": "chi", "Add Reverse": "y"})
    add(collection, "Basic (type in the answer)", "Japanese::Words", {"Front": "Capital of Japan", "Back": "Tokyo"})
    add(collection, "Cloze", "Geography",
        {"Text": "{{c1::Tokyo}} is the capital of {{c2::Japan::country}}.", "Back Extra": "Since 1868"}, ["capitals"])
    add(collection, "Vocabulary (three fields)", "Japanese::Words",
        {"Word": "食べる", "Meaning": "to eat", "Example": "パンを食べる"})
    collection.media.write_data("cat.jpg", b"\xff\xd8\xff\xe0 not really a picture")
    collection.media.write_data("hello.mp3", b"ID3 not really a sound")
    add(collection, "Basic", "Japanese::Words", {"Front": '<img src="cat.jpg">', "Back": "cat"})
    add(collection, "Basic", "Japanese::Words", {"Front": "[sound:hello.mp3]", "Back": "hello"})
    add(collection, "Basic", "Default", {"Front": "<div>Why?</div>", "Back": "<div>Because</div>"})
    # A review history on a few cards: whole days apart, all four ratings.
    cards = sorted(collection.find_cards(""))
    insert_reviews(collection, cards[0], [3, 3, 3, 4], 0, [1, 3, 8])
    insert_reviews(collection, cards[1], [1, 3, 2, 3, 1, 3], 2, [1, 2, 5, 9, 1])
    insert_reviews(collection, cards[3], [3, 3], 5, [2])
    insert_reviews(collection, cards[4], [3, 1, 3], 5, [1, 4])
    enable_fsrs(collection)

    expected = report(collection)
    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=True, legacy=False)
    collection.export_anki_package(out_path=os.path.join(folder, "current.apkg"), options=options,
                                   limit=whole_collection())
    options.legacy = True
    collection.export_anki_package(out_path=os.path.join(folder, "legacy.apkg"), options=options,
                                   limit=whole_collection())
    # A shared deck: the Japanese deck and its subdecks, with their reviews.
    limit = DeckIdLimit(collection.decks.id("Japanese"))
    options.legacy = False
    collection.export_anki_package(out_path=os.path.join(folder, "shared-deck.apkg"), options=options, limit=limit)
    path = collection.path
    collection.export_collection_package(os.path.join(folder, "current.colpkg"), include_media=True, legacy=False)
    collection = Collection(path)
    collection.export_collection_package(os.path.join(folder, "legacy.colpkg"), include_media=True, legacy=True)
    rename_collection(os.path.join(folder, "legacy.apkg"), os.path.join(folder, "anki2.apkg"))
    damaged_packages(folder)
    with open(os.path.join(folder, "expected.json"), "w") as file:
        json.dump(expected, file, ensure_ascii=False, indent=1)
    shutil.rmtree(work)


def rename_collection(source, target):
    """A legacy package whose collection is collection.anki2, as Anki 2.0 wrote it."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        names = old.namelist()
        for name in names:
            if name == "collection.anki2" and "collection.anki21" in names:
                continue  # the placeholder
            data = old.read(name)
            new.writestr("collection.anki2" if name == "collection.anki21" else name, data)


def damaged_packages(folder):
    """Packages that look like Anki's but are not: each must be refused."""
    with zipfile.ZipFile(os.path.join(folder, "current.apkg")) as package:
        entries = {name: package.read(name) for name in package.namelist()}
    compressed = entries["collection.anki21b"]

    def write(name, replace):
        with zipfile.ZipFile(os.path.join(folder, name), "w", zipfile.ZIP_STORED) as out:
            for entry, data in entries.items():
                out.writestr(entry, replace.get(entry, data))

    # zstd frames cut short, and frames with bytes changed in the middle.
    write("damaged-truncated-zstd.apkg", {"collection.anki21b": compressed[: len(compressed) // 2]})
    middle = len(compressed) // 2
    flipped = compressed[:middle] + bytes(b ^ 0x5A for b in compressed[middle:middle + 64]) + compressed[middle + 64:]
    write("damaged-bad-zstd.apkg", {"collection.anki21b": flipped})
    write("damaged-not-zstd.apkg", {"collection.anki21b": b"this is not zstd at all" * 10})
    # A legacy collection whose notes and revlog tables are gone.
    with zipfile.ZipFile(os.path.join(folder, "legacy.apkg")) as package:
        database = package.read("collection.anki21")
    work = tempfile.mkdtemp(prefix="anki-damaged-")
    path = os.path.join(work, "collection.anki21")
    with open(path, "wb") as file:
        file.write(database)
    connection = sqlite3.connect(path)
    connection.execute("drop table notes")
    connection.execute("drop table revlog")
    connection.commit()
    connection.execute("vacuum")
    connection.close()
    with zipfile.ZipFile(os.path.join(folder, "damaged-missing-tables.apkg"), "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("collection.anki21", open(path, "rb").read())
        out.writestr("media", "{}")
    shutil.rmtree(work)
    # Only the placeholder that current packages carry for older programs.
    with zipfile.ZipFile(os.path.join(folder, "damaged-placeholder-only.apkg"), "w", zipfile.ZIP_STORED) as out:
        out.writestr("collection.anki2", entries["collection.anki2"])
        out.writestr("media", b"")


def build_large(folder, notes, reviews):
    """A large current package: NOTES Basic notes in 10 decks, REVIEWS reviews."""
    work = tempfile.mkdtemp(prefix="anki-large-")
    collection = Collection(os.path.join(work, "collection.anki2"))
    # Anki's own text import adds the notes in one transaction (adding them
    # one by one commits each).
    text = os.path.join(work, "notes.txt")
    with open(text, "w") as file:
        file.write("#separator:tab\n#html:true\n#notetype column:1\n#deck column:2\n#tags column:5\n")
        for index in range(notes):
            file.write(f"Basic\tLarge::Deck {index % 10}\tprompt <b>{index}</b>\tanswer {index}\ttag{index % 7}\n")
    metadata = collection.get_csv_metadata(path=text, delimiter=None)
    collection.import_csv(ImportCsvRequest(path=text, metadata=metadata))
    generator = random.Random(2026)
    card_ids = sorted(collection.find_cards(""))
    rows = []
    per_card = max(1, reviews // len(card_ids))
    for position, card_id in enumerate(card_ids):
        day = generator.randrange(0, 30)
        for step in range(per_card):
            if len(rows) == reviews:
                break
            ease = generator.choice([1, 3, 3, 3, 2, 4])
            rows.append((START_MS + day * DAY_MS + position, card_id, -1, ease, 1, 0, 2500, 5000,
                         0 if step == 0 else 1))
            day += 1 + step
    collection.db.executemany(
        "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)", rows)
    collection.db.execute("update cards set type=2, queue=2, ivl=1, due=0")
    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=True, legacy=False)
    collection.export_anki_package(out_path=os.path.join(folder, "large.apkg"), options=options,
                                   limit=whole_collection())
    collection.close()
    shutil.rmtree(work)


if __name__ == "__main__":
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    if "--notes" in sys.argv:
        build_large(out, int(sys.argv[sys.argv.index("--notes") + 1]), int(sys.argv[sys.argv.index("--reviews") + 1]))
    else:
        build(out)
    print(f"Anki packages written to {out}")
