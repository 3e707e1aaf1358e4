"""Checks the way from Anki to memoquiz and back, with Anki's own library.

Usage: python anki-roundtrip.py MEMOQUIZ_BINARY

1. Anki makes a collection: Basic, Basic (type in the answer), Basic (and
   reversed card) and Cloze notes, furigana in ruby HTML, tags, subdecks and
   a review log, and exports it as a package.
2. memoquiz imports it (typed questions for the type-in note, self-graded
   ones for the others) and answers a week of simulated days (MEMOQUIZ_NOW),
   self grades 1 to 4 and typed answers right and wrong, piped.
3. memoquiz exports --format apkg; Anki imports the package with "Import any
   learning progress" into an empty collection and must hold the same notes,
   cards, tags and decks; a review log row for every answer in effect (count,
   times to the second, grades); each card's due day as memoquiz has it, and
   its FSRS stability within 1%.
4. memoquiz imports the package back with --merge: no answer counted twice.
5. An answer changed in memoquiz and a question added there, exported again,
   go back into the collection they came from with Anki's default import
   options: every note is updated or added, none is "conflicting", each
   keeps its note type, and no note type is added ("Basic+").
"""

import datetime
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter

from anki.collection import Collection, ExportAnkiPackageOptions, ImportAnkiPackageOptions, ImportAnkiPackageRequest
from anki.import_export_pb2 import ExportLimit

MEMOQUIZ = os.path.abspath(sys.argv[1])
WORK = tempfile.mkdtemp(prefix="memoquiz-roundtrip-")
HOME = os.path.join(WORK, "home")
# One clock for both programs: UTC, days starting at 4 as in both defaults.
os.environ["TZ"] = "UTC"
DAY = datetime.timedelta(days=1)
NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
TYPED = {"Capital of Japan": "Tokyo"}
# The groups the collection's decks become (the bundled groups stay aside).
GROUPS = ["Japanese::Words", "Japanese::Kana", "Geography"]


def check(condition, message):
    if not condition:
        sys.exit(f"error: {message}")


def memoquiz(*arguments, now=None, stdin=None):
    environment = dict(os.environ, MEMOQUIZ_HOME=HOME, NO_COLOR="1")
    if now:
        environment["MEMOQUIZ_NOW"] = now.strftime("%Y-%m-%dT%H:%M:%SZ")
    result = subprocess.run([MEMOQUIZ, *arguments], capture_output=True, text=True, env=environment, input=stdin)
    check(result.returncode == 0, f"memoquiz {' '.join(arguments)} failed ({result.returncode}): {result.stderr}")
    return result.stdout


def build_collection(path):
    """Anki's collection, exported as a package; returns its log in seconds and grades."""
    collection = Collection(os.path.join(WORK, "source.anki2"))

    def add(type_name, deck, fields, tags=()):
        note = collection.new_note(collection.models.by_name(type_name))
        for name, value in fields.items():
            note[name] = value
        note.tags = list(tags)
        collection.add_note(note, collection.decks.id(deck))
        return note

    add("Basic", "Japanese::Words", {"Front": "犬", "Back": "dog"}, ["animal", "jlpt::n5"])
    add("Basic", "Japanese::Words", {"Front": "<ruby>山<rt>やま</rt></ruby>", "Back": "mountain"}, ["nature"])
    add("Basic (type in the answer)", "Japanese::Words", {"Front": "Capital of Japan", "Back": "Tokyo"})
    add("Basic (and reversed card)", "Japanese::Kana", {"Front": "し", "Back": "shi"}, ["kana"])
    add("Cloze", "Geography", {"Text": "{{c1::Tokyo}} is the capital of {{c2::Japan}}.", "Back Extra": ""})
    # A review log on two cards, ten and eight days before the week.
    cards = sorted(collection.find_cards(""))
    start = NOW - 10 * DAY
    log = []
    for card_id, days, eases in [(cards[0], [0, 2], [3, 3]), (cards[3], [2], [1])]:
        for day, ease in zip(days, eases):
            review_id = int((start + day * DAY).timestamp() * 1000) + card_id % 1000
            collection.db.execute(
                "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
                review_id, card_id, -1, ease, 1, 0, 2500, 5000, 0 if day == days[0] else 1)
            log.append((review_id // 1000, ease))
        collection.db.execute("update cards set type=2, queue=2, ivl=1, due=0, reps=? where id=?", len(eases),
                              card_id)
    expected = {
        "notes": {note_id: collection.get_note(note_id) for note_id in collection.find_notes("")},
        "cards": len(cards),
    }
    expected["guids"] = {note.guid: sorted(note.tags) for note in expected["notes"].values()}
    expected["decks"] = sorted(d.name for d in collection.decks.all_names_and_ids() if d.name != "Default")
    limit = ExportLimit()
    limit.whole_collection.SetInParent()
    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False, with_media=False, legacy=False)
    collection.export_anki_package(out_path=path, options=options, limit=limit)
    collection.close()
    return expected, log


def play_day(now, rng, answers):
    """One day's review, piped: each question answered as it comes."""
    environment = dict(os.environ, MEMOQUIZ_HOME=HOME, NO_COLOR="1",
                       MEMOQUIZ_NOW=now.strftime("%Y-%m-%dT%H:%M:%SZ"))
    process = subprocess.Popen([MEMOQUIZ, "review", *GROUPS, "--new", "20"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=environment, bufsize=1)
    for line in process.stdout:
        line = line.rstrip("\n")
        if line.startswith("[") and "] " in line:
            prompt = line.split("] ", 1)[1].split(" · ", 1)[-1]
            if prompt in TYPED:
                right = rng.random() < 0.7
                process.stdin.write((TYPED[prompt] if right else "Kyoto") + "\n")
                answers.append((int(now.timestamp()), 3 if right else 1))
            else:
                process.stdin.write("\n")
        elif line.startswith("Grade it:"):
            grade = rng.randint(1, 4)
            process.stdin.write(f"{grade}\n")
            answers.append((int(now.timestamp()), grade))
        elif line.startswith("Round complete") or line.startswith("Nothing to review"):
            break
        elif line.startswith("Type an answer"):
            check(False, f"a question that is neither typed nor self-graded: {line}")
        process.stdin.flush()
    process.stdin.close()
    process.wait(timeout=60)
    check(process.returncode == 0, f"memoquiz review failed: {process.stderr.read()}")


def learner_days_from_today(iso):
    due = datetime.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    start = datetime.timedelta(hours=4)
    return ((due - start).date() - (NOW - start).date()).days


def main():
    source = os.path.join(WORK, "source.apkg")
    expected, log = build_collection(source)
    memoquiz("import", source)
    questions = json.load(open(os.path.join(HOME, "questions.json")))
    words = next(g for g in questions if g["title"] == "Japanese::Words")["questions"]
    grades = {q["prompt"]: q.get("grade", "typed") for q in words}
    check(grades == {"犬": "self", "山[やま]": "self", "Capital of Japan": "typed"}, f"grades: {grades}")
    rng = random.Random(28)
    answers = []
    for day in range(7, 0, -1):
        play_day((NOW - day * DAY).replace(hour=9, minute=0, second=0), rng, answers)
    check(answers, "no answer was given in the week")
    history = json.loads(memoquiz("history", "--json", "--limit", "100000"))
    in_effect = [step for step in history if step["kind"] == "answer" and not step["undone"]]
    check(len(in_effect) == len(answers) + len(log), f"{len(in_effect)} answers in effect, expected {len(answers)} "
          f"given and {len(log)} imported")

    package = os.path.join(WORK, "memoquiz.apkg")
    memoquiz("export", *GROUPS, "--format", "apkg", "--output", package)
    target = Collection(os.path.join(WORK, "target.anki2"))
    request = ImportAnkiPackageRequest(package_path=package, options=ImportAnkiPackageOptions(with_scheduling=True))
    target.import_anki_package(request)

    notes = {target.get_note(n).guid: sorted(target.get_note(n).tags) for n in target.find_notes("")}
    check(notes == expected["guids"], f"notes and tags: {notes} != {expected['guids']}")
    check(len(target.find_cards("")) == expected["cards"], "the same cards")
    decks = sorted(d.name for d in target.decks.all_names_and_ids() if d.name != "Default")
    check(decks == expected["decks"], f"decks: {decks} != {expected['decks']}")
    rows = target.db.all("select id, ease from revlog")
    got = Counter((row[0] // 1000, row[1]) for row in rows)
    want = Counter(answers + log)
    check(got == want, f"review log: {sorted(got.items())} != {sorted(want.items())}")

    scores = json.loads(memoquiz("scores", "--json"))
    memory = {}
    for group in scores:
        for card in group["questions"]:
            if card.get("stability") is not None:
                memory[(card.get("id"), str(card.get("card", "forward")))] = card
    today = target.sched.today
    checked = 0
    for card_id in target.find_cards(""):
        card = target.get_card(card_id)
        note = card.note()
        is_cloze = note.note_type()["type"] == 1
        name = f"c{card.ord + 1}" if is_cloze else ("reverse" if card.ord == 1 else "forward")
        mine = memory.get((note.guid, name))
        if mine is None:
            check(card.type == 0, f"card {note.guid} {name} {note.fields} type {card.type} has no memory in memoquiz "
                  f"but is not new in Anki; memoquiz: {sorted(memory)}")
            continue
        data = target.db.scalar("select data from cards where id=?", card_id)
        stability = json.loads(data or "{}").get("s")
        check(stability is not None and abs(stability - mine["stability"]) <= 0.01 * mine["stability"],
              f"stability of {note.guid} {name}: Anki {stability}, memoquiz {mine['stability']}")
        check(card.due - today == learner_days_from_today(mine["due"]),
              f"due day of {note.guid} {name}: Anki {card.due - today} days, memoquiz {mine['due']}")
        checked += 1
    check(checked > 0, "no card with memory was compared")
    target.close()

    before = len(json.loads(memoquiz("history", "--json", "--limit", "100000")))
    memoquiz("import", package, "--merge")
    after = json.loads(memoquiz("history", "--json", "--limit", "100000"))
    added = [step for step in after[: len(after) - before] if step["kind"] == "answer"]
    check(not added, f"{len(added)} answers counted twice after importing the export back")
    back_to_the_source(expected)
    print(f"Anki round trip: {len(expected['guids'])} notes, {expected['cards']} cards, "
          f"{len(answers)} answers in a week and {len(log)} from Anki, {checked} cards' memory and due day; "
          "imported back with nothing counted twice")


def back_to_the_source(expected):
    """Step 5: the export, with a change and a new question, into the original collection."""
    path = os.path.join(HOME, "questions.json")
    questions = json.load(open(path))
    words = next(g for g in questions if g["title"] == "Japanese::Words")["questions"]
    next(q for q in words if q["prompt"] == "犬")["answer"] = "dog, hound"
    words.append({"prompt": "鳥", "answer": "bird", "grade": "self"})
    with open(path, "w") as file:
        json.dump(questions, file, ensure_ascii=False)
    package = os.path.join(WORK, "memoquiz-again.apkg")
    memoquiz("export", *GROUPS, "--format", "apkg", "--output", package, now=NOW + DAY)
    source = Collection(os.path.join(WORK, "source.anki2"))
    types_before = sorted(m["name"] for m in source.models.all())
    kinds = {source.get_note(n).guid: source.get_note(n).mid for n in source.find_notes("")}
    request = ImportAnkiPackageRequest(package_path=package, options=ImportAnkiPackageOptions(with_scheduling=True))
    log = source.import_anki_package(request).log
    check(not log.conflicting, f"{len(log.conflicting)} notes conflicting: their note types differ")
    check(len(log.new) == 1, f"{len(log.new)} notes added, expected the one made in memoquiz")
    types_after = sorted(m["name"] for m in source.models.all())
    check(types_after == types_before, f"note types {types_before} became {types_after}")
    for note_id in source.find_notes(""):
        note = source.get_note(note_id)
        if note.guid in kinds:
            check(note.mid == kinds[note.guid], f"note {note.guid} changed its note type")
        else:
            check(note.note_type()["name"] == "Basic", f"the new note is a {note.note_type()['name']} note")
    dog = [source.get_note(n) for n in source.find_notes("Front:犬")]
    check(dog and dog[0]["Back"] == "dog, hound", f"the changed answer arrived as {[n['Back'] for n in dog]}")
    source.close()
    print(f"memoquiz -> the collection it came from: {len(log.updated)} notes updated, 1 added, none conflicting, "
          "no note type added")


main()
