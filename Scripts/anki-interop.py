"""Checks memoquiz against Anki's own library, both ways.

Usage: python anki-interop.py MEMOQUIZ_BINARY

(a) Anki makes a collection of Basic notes in a deck, exports them as
    "Notes in Plain Text", and memoquiz imports that file.
(b) memoquiz exports groups with --format anki, and Anki's own importer
    reads the file into a fresh collection: Basic notes, whatever hint and
    alternatives columns the file carries beside their two fields.
(c) The same file imported back into memoquiz with --merge keeps every
    hint and alternative.
Each way, the fields and the deck must arrive as they left. Fields hold
tabs, quotes, line breaks, HTML-like text and non-ASCII text.
(c) memoquiz exports reversed and cloze questions with tags, and Anki makes
    of them the notes and cards memoquiz asks: two cards for a reversed
    question, one per cloze number, with the same prompts and answers.
(d) memoquiz exports questions with alternatives, other answers and blocked
    answers as a package; Anki imports it (each in a field of its own beside
    Front and Back) and exports it again as a package of its own, and
    memoquiz imports that into a fresh folder: the same questions.
"""

import html
import json
import os
import re
import subprocess
import sys
import tempfile

from anki.collection import (Collection, ExportAnkiPackageOptions, ImportAnkiPackageOptions,
                             ImportAnkiPackageRequest, ImportCsvRequest)
from anki.import_export_pb2 import ExportLimit

MEMOQUIZ = os.path.abspath(sys.argv[1])
WORK = tempfile.mkdtemp(prefix="memoquiz-anki-")

NOTES = [
    ("犬", "dog"),
    ("say \"hi\"\tthere", "two\nlines"),
    ("a < b & c", "\"quoted\" answer"),
    ("こんにちは", "hello, world; and more"),
    ("émigré", "naïve café"),
]


def memoquiz(*arguments, home):
    result = subprocess.run([MEMOQUIZ, *arguments], capture_output=True, text=True,
                            env=dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1"))
    if result.returncode != 0:
        sys.exit(f"memoquiz {' '.join(arguments)} failed ({result.returncode}): {result.stderr}")
    return result.stdout


def plain(field):
    """A field as plain text: entities decoded, line breaks as spaces."""
    text = html.unescape(field.replace("<br>", "\n"))
    return " ".join(line for line in text.splitlines() if line).strip()


def check(condition, message):
    if not condition:
        sys.exit(f"error: {message}")


def anki_to_memoquiz():
    collection = Collection(os.path.join(WORK, "from.anki2"))
    basic = collection.models.by_name("Basic")
    deck = collection.decks.id("Japanese Words")
    for front, back in NOTES:
        note = collection.new_note(basic)
        note["Front"], note["Back"] = front, back
        collection.add_note(note, deck)
    path = os.path.join(WORK, "from-anki.txt")
    limit = ExportLimit()
    limit.whole_collection.SetInParent()
    collection.export_note_csv(out_path=path, limit=limit, with_html=False, with_tags=True, with_deck=True,
                               with_notetype=True, with_guid=True)
    collection.close()
    home = os.path.join(WORK, "a")
    memoquiz("import", path, home=home)
    groups = json.loads(memoquiz("export", "Japanese Words", "--format", "json", home=home))
    check([g["title"] for g in groups] == ["Japanese Words"], f"deck became {[g['title'] for g in groups]}")
    got = [(q["prompt"], q["answer"]) for q in groups[0]["questions"]]
    want = [(plain(f), plain(b)) for f, b in NOTES]
    check(got == want, f"Anki's notes arrived as {got}, expected {want}")
    print(f"Anki -> memoquiz: {len(got)} notes, fields and deck intact")


def memoquiz_to_anki():
    home = os.path.join(WORK, "b")
    os.makedirs(home)
    groups = [{"title": "Interop", "questions": [{"prompt": f, "answer": b} for f, b in NOTES]},
              {"title": "Numbers", "questions": [
                  {"prompt": "一", "answer": "1", "hint": "one\tstroke, \"ichi\"", "alternatives": ["ichi", "a|b\\c"]},
                  {"prompt": "二", "answer": "2", "alternatives": ["ni"]}]}]
    with open(os.path.join(home, "questions.json"), "w") as file:
        json.dump(groups, file, ensure_ascii=False)
    path = os.path.join(WORK, "from-memoquiz.txt")
    memoquiz("export", "--format", "anki", "--output", path, home=home)
    collection = Collection(os.path.join(WORK, "to.anki2"))
    metadata = collection.get_csv_metadata(path=path, delimiter=None)
    collection.import_csv(ImportCsvRequest(path=path, metadata=metadata))
    arrived = {}
    for note_id in collection.find_notes(""):
        note = collection.get_note(note_id)
        deck = collection.decks.name(collection.get_card(note.card_ids()[0]).did)
        check(note.note_type()["name"] == "Basic", f"a note of type {note.note_type()['name']}")
        check(list(note.keys()) == ["Front", "Back"], f"a note with the fields {list(note.keys())}")
        arrived.setdefault(deck, []).append((plain(note["Front"]), plain(note["Back"])))
    collection.close()
    for group in groups:
        want = sorted((plain(q["prompt"]), plain(q["answer"])) for q in group["questions"])
        got = sorted(arrived.get(group["title"], []))
        check(got == want, f"deck {group['title']} arrived as {got}, expected {want}")
    print(f"memoquiz -> Anki: {sum(len(v) for v in arrived.values())} notes in {len(arrived)} decks, intact")
    memoquiz("import", path, "--merge", home=home)
    back = json.loads(memoquiz("export", "--format", "json", home=home))
    for group in groups:
        got = next(g for g in back if g["title"] == group["title"])["questions"]
        for want, question in zip(group["questions"], got):
            for key in ("hint", "alternatives"):
                check(question.get(key) == want.get(key),
                      f"{key} of {want['prompt']} came back as {question.get(key)!r}, expected {want.get(key)!r}")
    print("memoquiz -> file -> memoquiz --merge: hints and alternatives intact")


def card_types_to_anki():
    home = os.path.join(WORK, "c")
    os.makedirs(home)
    groups = [{"title": "Words", "reverse": True, "questions": [
                  {"prompt": "犬", "answer": "dog", "tags": ["animals", "jlpt n5"]},
                  {"prompt": "鳥", "answer": "bird", "reverse": False}]},
              {"title": "Capitals", "questions": [
                  {"cloze": "{{c1::Tokyo::city}} is the capital of {{c2::Japan}}.", "hint": "east", "tags": ["geo"]},
                  {"cloze": "{{c1::Red}}, {{c1::green}} and {{c2::blue}}"}]}]
    with open(os.path.join(home, "questions.json"), "w") as file:
        json.dump(groups, file, ensure_ascii=False)
    path = os.path.join(WORK, "card-types.txt")
    memoquiz("export", "--format", "anki", "--output", path, home=home)
    scores = json.loads(memoquiz("scores", "--json", home=home))
    ours = sorted((g["title"], q["prompt"]) for g in scores for q in g["questions"])
    # What memoquiz expects typed, from a round that answers nothing right.
    played = subprocess.run([MEMOQUIZ, "play", "Capitals", "--strategy", "sequential"], input="x\nx\n",
                            capture_output=True, text=True, env=dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1"))
    expected = re.findall(r"The answer is (.*)\.\n", played.stdout)
    collection = Collection(os.path.join(WORK, "types.anki2"))
    metadata = collection.get_csv_metadata(path=path, delimiter=None)
    collection.import_csv(ImportCsvRequest(path=path, metadata=metadata))
    theirs = []
    for card_id in collection.find_cards(""):
        card = collection.get_card(card_id)
        deck = collection.decks.name(card.did)
        question = re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", card.question(), flags=re.S))
        theirs.append((deck, plain(question)))
    kinds = {}
    for note_id in collection.find_notes(""):
        note = collection.get_note(note_id)
        kinds[note.note_type()["name"]] = kinds.get(note.note_type()["name"], 0) + 1
        if note.note_type()["name"] == "Basic (and reversed card)":
            check(sorted(note.tags) == ["animals", "jlpt_n5"], f"tags arrived as {note.tags}")
    # Anki's own typed answer of each cloze number of the first note of each text.
    first_numbers = [collection._backend.extract_cloze_for_typing(text=q["cloze"], ordinal=1)
                     for q in groups[1]["questions"]]
    collection.close()
    check(expected == first_numbers, f"memoquiz expects {expected}, Anki {first_numbers}")
    check(kinds == {"Basic (and reversed card)": 1, "Basic": 1, "Cloze": 2}, f"note types {kinds}")
    check(sorted(theirs) == ours, f"Anki asks {sorted(theirs)}, memoquiz asks {ours}")
    print(f"memoquiz -> Anki: {len(ours)} cards of reversed and cloze questions, asked alike")


def judged_answers_through_anki():
    home = os.path.join(WORK, "d")
    os.makedirs(home)
    questions = [
        {"prompt": "生", "answer": "せい", "alternatives": ["しょう"], "otherAnswers": ["なま", "いきる"],
         "blocked": ["せ"]},
        {"prompt": "greeting", "answer": "hello, world", "alternatives": ["hi | there", "a\\b"]},
        {"prompt": "day", "answer": "日", "otherAnswers": ["にち"], "grade": "self"},
        {"prompt": "cat", "answer": "猫"}]
    with open(os.path.join(home, "questions.json"), "w") as file:
        json.dump([{"title": "Readings", "questions": questions}], file, ensure_ascii=False)
    package = os.path.join(WORK, "judged.apkg")
    memoquiz("export", "Readings", "--format", "apkg", "--output", package, home=home)
    collection = Collection(os.path.join(WORK, "judged.anki2"))
    request = ImportAnkiPackageRequest(package_path=package, options=ImportAnkiPackageOptions(with_scheduling=True))
    log = collection.import_anki_package(request).log
    check(len(log.new) == 4 and not log.conflicting, f"Anki added {len(log.new)} notes")
    fields = {}
    for note_id in collection.find_notes(""):
        note = collection.get_note(note_id)
        fields[note.fields[0]] = dict(zip([f["name"] for f in note.note_type()["flds"]], note.fields))
    check(fields["生"]["Other answers"] == "なま|いきる" and fields["生"]["Blocked"] == "せ",
          f"Anki holds {fields['生']}")
    back = os.path.join(WORK, "judged-back.apkg")
    collection.export_anki_package(out_path=back, limit=ExportLimit(), options=ExportAnkiPackageOptions(
        with_scheduling=True, with_deck_configs=False, with_media=True, legacy=False))
    collection.close()
    elsewhere = os.path.join(WORK, "d-back")
    os.makedirs(elsewhere)
    memoquiz("import", back, home=elsewhere)
    with open(os.path.join(elsewhere, "questions.json")) as file:
        arrived = next(g for g in json.load(file) if g["title"] == "Readings")["questions"]
    check(arrived == questions, f"memoquiz got back {arrived}")
    print("memoquiz -> package -> Anki -> package -> memoquiz: alternatives, other and blocked answers intact")


anki_to_memoquiz()
memoquiz_to_anki()
card_types_to_anki()
judged_answers_through_anki()
