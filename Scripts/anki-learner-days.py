"""Anki as the reference for learner days: memory and due days of a collection
whose reviews fall at all hours, compared card by card after memoquiz imports it.

Usage: python anki-learner-days.py MEMOQUIZ_BINARY [--notes N] [--zone ZONE]

With Anki's own library (26.9.3), in the time zones America/New_York and
Europe/Berlin in turn (each in a process of its own, as Anki reads the
process's TZ; --zone runs one), with the collection's day starting at 05:00 (memoquiz's own `day-starts-at` stays at
04:00, so the collection's rollover must be the one that counts), it builds
N notes (default 210: Basic, Basic (and reversed card) and Cloze with two
deletions) whose reviews fall in the morning, the evening, around midnight,
just before and just after the rollover, on both sides of the change to
daylight-saving time of 8 March 2026, and in the weeks before the day it runs; a fifth
of the cards are answered 40 minutes after the rollover on the days around
each daylight-saving change of the zone in the year before. It turns FSRS on (Anki computes every
card's memory from the review log and reschedules it), exports an .apkg with
scheduling and a .colpkg, imports each into a fresh memoquiz data folder (the
.apkg, which carries no collection settings, with `day-starts-at` set to the
rollover hour; the .colpkg with memoquiz's default, so the collection's own
rollover must be read), and compares:

  - every reviewed card's due day: equal to Anki's;
  - every reviewed card's stability and difficulty: within 1% of the memory
    state Anki reports, for each card whose reviews Anki's FSRS counts in
    the days its scheduler counted them in. Anki's FSRS counts its log in
    24-hour blocks back from today's rollover at today's UTC offset, so a
    review in the hour after the rollover under the other offset (daylight
    saving time when it runs in winter) falls a day earlier there than in
    Anki's own calendar; memoquiz keeps the calendar's day (the day Anki
    counted the review in, from which it computed the due day), and the
    memory of such a card is counted apart, not compared;
  - the cards due today: `memoquiz today --json` against Anki's `is:due`.

Then, from a package of the collection as it stood two weeks ago, memoquiz
answers a review a day for two weeks at varied hours (right four times in
five); the same answers are written into Anki's log, and every card's memory
is compared again.

It prints the counts and exits 1 when any check fails.
"""

import datetime
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import zoneinfo

if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
    print(__doc__)
    sys.exit(0 if len(sys.argv) >= 2 else 2)
ZONES = ["America/New_York", "Europe/Berlin"]
ZONE = sys.argv[sys.argv.index("--zone") + 1] if "--zone" in sys.argv else ZONES[0]
os.environ["TZ"] = ZONE
time.tzset()

from anki.collection import Collection, ExportAnkiPackageOptions  # noqa: E402
from anki.import_export_pb2 import ExportLimit  # noqa: E402

ROLLOVER = 5
LOCAL = zoneinfo.ZoneInfo(ZONE)
# Hours of the day the reviews fall at: morning, noon, evening, around
# midnight, and ten minutes either side of the rollover.
HOURS = [(8, 0), (12, 30), (21, 0), (23, 40), (0, 30), (4, 50), (5, 10)]
FIRST_DAY = datetime.date(2026, 2, 20)


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


def add_notes(collection, count):
    """Basic, reversed and cloze notes in three decks, in turn."""
    for index in range(count):
        kind = index % 3
        if kind == 0:
            note = collection.new_note(collection.models.by_name("Basic"))
            note["Front"], note["Back"] = f"word {index}", f"meaning {index}"
            deck = "Days::Basic"
        elif kind == 1:
            note = collection.new_note(collection.models.by_name("Basic (and reversed card)"))
            note["Front"], note["Back"] = f"kana {index}", f"romaji {index}"
            deck = "Days::Reversed"
        else:
            note = collection.new_note(collection.models.by_name("Cloze"))
            note["Text"] = f"{{{{c1::Tokyo {index}}}}} is in {{{{c2::Japan {index}}}}}."
            deck = "Days::Cloze"
        collection.add_note(note, collection.decks.id(deck))


def local_ms(day, hour, minute, offset):
    """Milliseconds since 1970 of a local time, unique by `offset`."""
    moment = datetime.datetime.combine(day, datetime.time(hour, minute), tzinfo=LOCAL)
    return int(moment.timestamp() * 1000) + offset


def changes(end):
    """The days of the year before `end` on which the zone's clocks change."""
    days = []
    for back in range(365, 1, -1):
        day = end - datetime.timedelta(days=back)
        noon = datetime.datetime.combine(day, datetime.time(12), tzinfo=LOCAL)
        if noon.utcoffset() != (noon - datetime.timedelta(days=1)).utcoffset():
            days.append(day)
    return days


def insert_reviews(collection, generator, end_ms):
    """Writes each card's review history into the revlog at varied hours."""
    rows = []
    card_ids = sorted(collection.find_cards(""))
    end = datetime.date.fromtimestamp(end_ms / 1000)
    around_changes = changes(end)
    for position, card_id in enumerate(card_ids):
        if generator.random() < 0.1:
            continue  # a few cards stay new
        # Half the cards across the spring change to daylight-saving time,
        # half in the last weeks (across the autumn change back, when run in
        # November), so that some are due today and some later; a fifth in
        # the hour after the rollover on the days around a change.
        near_change = position % 5 == 3 and around_changes
        if near_change:
            day = generator.choice(around_changes) - datetime.timedelta(days=generator.randrange(1, 3))
        elif position % 2:
            day = FIRST_DAY + datetime.timedelta(days=generator.randrange(0, 40))
        else:
            day = end - datetime.timedelta(days=generator.randrange(10, 45))
        previous = 0
        for step in range(generator.randrange(2, 8)):
            hour, minute = (ROLLOVER, 40) if near_change and step < 3 else generator.choice(HOURS)
            review = local_ms(day, hour, minute, position % 1000)
            if review >= end_ms - 3_600_000 or review <= previous:
                break
            ease = 1 if generator.random() < 0.15 else generator.choice([2, 3, 3, 3, 4])
            rows.append((review, card_id, -1, ease, 1, 0, 2500, generator.choice([0, 4000, 9000]),
                         0 if step == 0 else 1))
            previous = review
            if near_change and step < 3:
                day += datetime.timedelta(days=1)
            else:
                day += datetime.timedelta(days=generator.choice([0, 1, 1, 2, 3, 5, 8, 13]))
    collection.db.executemany(
        "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)", rows)
    reviewed = {row[1] for row in rows}
    for card_id in reviewed:
        count = sum(1 for row in rows if row[1] == card_id)
        collection.db.execute("update cards set type=2, queue=2, ivl=1, due=0, reps=? where id=?", count, card_id)
    return len(rows)


def counted_apart(collection, card_id, now):
    """Whether Anki's FSRS counts a review of the card in another day than
    its scheduler did: 24-hour blocks back from today's rollover, against
    the local date less the rollover hour."""
    cutoff = collection.sched.day_cutoff
    today = (now - datetime.timedelta(hours=ROLLOVER)).date()
    for (review_ms,) in collection.db.all("select id from revlog where cid = ?", card_id):
        blocks = (cutoff - review_ms // 1000) // 86_400
        local = datetime.datetime.fromtimestamp(review_ms / 1000, LOCAL) - datetime.timedelta(hours=ROLLOVER)
        if (today - local.date()).days != blocks:
            return True
    return False


def anki_cards(collection):
    """Each reviewed card's memory and due day as Anki reports them, and
    whether its FSRS counts a review in another day than its calendar."""
    today = collection.sched.today
    now = datetime.datetime.now(LOCAL) - datetime.timedelta(hours=ROLLOVER)
    cards = {}
    for card_id in collection.find_cards(""):
        card = collection.get_card(card_id)
        state = collection._backend.compute_memory_state(card_id)
        if not state.HasField("state") or card.type != 2:
            continue
        note = card.note()
        if note.note_type()["name"] == "Cloze":
            way = f"c{card.ord + 1}"
        else:
            way = "forward" if card.ord == 0 else "reverse"
        due = (now.date() + datetime.timedelta(days=card.due - today)).isoformat()
        cards[(collection.decks.name(card.did), note.guid, way)] = (
            state.state.stability, state.state.difficulty, due,
            counted_apart(collection, card_id, datetime.datetime.now(LOCAL)))
    return cards, len(collection.find_cards("is:due"))


def memoquiz(binary, folder, now, *arguments):
    environment = dict(os.environ, MEMOQUIZ_HOME=folder, MEMOQUIZ_NOW=now, TZ=ZONE)
    result = subprocess.run([binary, *arguments], capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        sys.exit(f"memoquiz {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


def iso(ms):
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def answers_of(collection):
    """Each card's prompt as memoquiz shows it, by group, with its answer."""
    answers = {}
    for card_id in collection.find_cards(""):
        card = collection.get_card(card_id)
        note = card.note()
        deck = collection.decks.name(card.did)
        kind = note.note_type()["name"]
        if kind == "Cloze":
            tokyo, japan = note["Text"].split("}}")[0][6:], note["Text"].split("c2::")[1].split("}}")[0]
            if card.ord == 0:
                answers[(deck, f"[...] is in {japan}.")] = (tokyo, card_id)
            else:
                answers[(deck, f"{tokyo} is in [...].")] = (japan, card_id)
        elif card.ord == 0:
            answers[(deck, note["Front"])] = (note["Back"], card_id)
        else:
            answers[(deck, note["Back"])] = (note["Front"], card_id)
    return answers


def review_round(binary, folder, when_ms, answers, generator):
    """One `memoquiz review` at `when_ms`, answering as it asks: right four
    times in five. The notes' types type no answer, so memoquiz makes every
    card one the learner grades: Enter shows the answer, then 3 (Good) or 1
    (Again)."""
    environment = dict(os.environ, MEMOQUIZ_HOME=folder, MEMOQUIZ_NOW=iso(when_ms), TZ=ZONE)
    process = subprocess.Popen(
        [binary, "review", "Days::Basic", "Days::Reversed", "Days::Cloze"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=environment, bufsize=1)
    asked = 0
    for line in process.stdout:
        if not line.startswith("[") or " left] " not in line or " \u00b7 " not in line:
            continue
        group, prompt = line.rstrip("\n").split(" left] ", 1)[1].split(" \u00b7 ", 1)
        answers[(group, prompt)]  # a card the collection has
        process.stdin.write("\n" + ("3" if generator.random() < 0.8 else "1") + "\n")
        process.stdin.flush()
        asked += 1
    process.stdin.close()
    process.wait()
    return asked


def two_weeks(binary, work, collection, package, start_ms):
    """Imports the package as it was two weeks ago, answers in memoquiz at
    varied hours for two weeks, replays the same answers into Anki, and
    compares each card's memory again."""
    folder = os.path.join(work, "memoquiz-two-weeks")
    memoquiz(binary, folder, iso(start_ms), "config", "day-starts-at", str(ROLLOVER))
    # Anki replays the answers with the parameters of the package: memoquiz
    # must not fit its own on the way (review does once answers reach 1,000).
    memoquiz(binary, folder, iso(start_ms), "config", "auto-optimize", "off")
    memoquiz(binary, folder, iso(start_ms), "import", package)
    answers = answers_of(collection)
    generator = random.Random(7)
    first = datetime.date.fromtimestamp(start_ms / 1000) + datetime.timedelta(days=1)
    rounds = 0
    for offset in range(14):
        hour, minute = generator.choice(HOURS)
        when = local_ms(first + datetime.timedelta(days=offset), hour, minute, 0)
        rounds += review_round(binary, folder, when, answers, generator)
    history = json.loads(memoquiz(binary, folder, iso(start_ms + 15 * 86_400_000), "history", "--json"))
    rows = []
    used = set()
    # Oldest first: answers of one round share the time MEMOQUIZ_NOW gives,
    # and keep their order a millisecond apart.
    for step in reversed(history):
        if step["kind"] != "answer" or step["time"] < iso(start_ms):
            continue
        _, card_id = answers[(step["group"], step["prompt"])]
        moment = int(datetime.datetime.fromisoformat(step["time"].replace("Z", "+00:00")).timestamp() * 1000)
        while moment in used:
            moment += 1
        used.add(moment)
        rows.append((moment, card_id, -1, 3 if step["correct"] else 1, 1, 0, 2500, 5000, 1))
    collection.db.executemany(
        "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)", rows)
    expected, _ = anki_cards(collection)
    groups = json.loads(memoquiz(binary, folder, iso(start_ms + 15 * 86_400_000), "scores", "--json"))
    compared = agree = 0
    problems = []
    for group in groups:
        for question in group["questions"]:
            key = (group["title"], question.get("id"), question["card"])
            if key not in expected or question["stability"] is None:
                continue
            stability, difficulty, _, apart = expected[key]
            if apart:
                continue
            compared += 1
            if (abs(question["stability"] - stability) <= 0.01 * stability
                    and abs(question["difficulty"] - difficulty) <= 0.01 * difficulty):
                agree += 1
            else:
                problems.append(f"{key}: stability {question['stability']:.4f} / {stability:.4f}, "
                                f"difficulty {question['difficulty']:.4f} / {difficulty:.4f}")
    apart = sum(1 for value in expected.values() if value[3])
    print(f"two more weeks in memoquiz ({len(rows)} answers in 14 reviews at varied hours), replayed into Anki:")
    print(f"  cards compared: {compared} ({apart} counted apart: a review Anki's FSRS counts a day off its calendar)")
    print(f"  stability and difficulty within 1%: {agree} of {compared}")
    for problem in problems[:20]:
        print("    " + problem)
    return not problems and compared >= 150 and len(rows) > 0


def check(binary, work, package, now, expected, anki_due, day_starts_at):
    """Imports `package` into a fresh data folder and compares; returns
    whether everything agrees."""
    folder = os.path.join(work, "memoquiz-" + os.path.basename(package))
    if day_starts_at is not None:
        memoquiz(binary, folder, now, "config", "day-starts-at", str(day_starts_at))
    memoquiz(binary, folder, now, "import", package)
    groups = json.loads(memoquiz(binary, folder, now, "scores", "--json"))
    ours = {}
    for group in groups:
        for question in group["questions"]:
            if question["stability"] is None:
                continue
            due = datetime.datetime.fromisoformat(question["due"].replace("Z", "+00:00")).astimezone(LOCAL)
            ours[(group["title"], question.get("id"), question["card"])] = (
                question["stability"], question["difficulty"], due.date().isoformat())
    today = json.loads(memoquiz(binary, folder, now, "today", "--json"))

    compared = memory_agree = due_agree = apart = 0
    problems = []
    for key, (stability, difficulty, due, counted_apart_) in sorted(expected.items()):
        if key not in ours:
            problems.append(f"{key}: no memory in memoquiz")
            continue
        compared += 1
        our_stability, our_difficulty, our_due = ours[key]
        if counted_apart_:
            apart += 1
        elif (abs(our_stability - stability) <= 0.01 * stability
              and abs(our_difficulty - difficulty) <= 0.01 * difficulty):
            memory_agree += 1
        else:
            problems.append(f"{key}: stability {our_stability:.4f} / {stability:.4f}, "
                            f"difficulty {our_difficulty:.4f} / {difficulty:.4f}")
        if our_due == due:
            due_agree += 1
        else:
            problems.append(f"{key}: due {our_due}, Anki {due}")
    how = (f"day-starts-at {day_starts_at}" if day_starts_at is not None
           else "the collection's own rollover, memoquiz's day-starts-at left at 4")
    print(f"{os.path.basename(package)} ({how}):")
    print(f"  cards compared: {compared} of {len(expected)} Anki reports a memory for")
    print(f"  stability and difficulty within 1%: {memory_agree} of {compared - apart} "
          f"({apart} counted apart: a review Anki's FSRS counts a day off its calendar)")
    print(f"  due day equal: {due_agree} of {compared}")
    print(f"  due today: memoquiz {today['due']}, Anki {anki_due}")
    for problem in problems[:20]:
        print("    " + problem)
    return not problems and compared == len(expected) and compared >= 200 and today["due"] == anki_due


def main():
    binary = os.path.abspath(sys.argv[1])
    if "--zone" not in sys.argv:
        # Each zone in a process of its own: Anki reads the process's TZ.
        failed = [zone for zone in ZONES
                  if subprocess.run([sys.executable, os.path.abspath(__file__), *sys.argv[1:], "--zone", zone]).returncode]
        sys.exit(f"failed in {', '.join(failed)}" if failed else 0)
    notes = int(sys.argv[sys.argv.index("--notes") + 1]) if "--notes" in sys.argv else 210
    work = tempfile.mkdtemp(prefix="anki-learner-days-")
    collection = Collection(os.path.join(work, "collection.anki2"))
    collection.set_config("rollover", ROLLOVER)
    add_notes(collection, notes)
    now_ms = int(time.time() * 1000)
    # The log ends two weeks and a day ago: memoquiz answers the two weeks.
    start_ms = now_ms - 15 * 86_400_000
    reviews = insert_reviews(collection, random.Random(2026), start_ms)
    enable_fsrs(collection)
    expected, anki_due = anki_cards(collection)
    # A deck package carries no collection settings: memoquiz's own
    # day-starts-at, set to the same hour, counts its days. A collection
    # package carries the rollover hour itself.
    deck_package = os.path.join(work, "days.apkg")
    limit = ExportLimit()
    limit.whole_collection.SetInParent()
    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=True, legacy=False)
    collection.export_anki_package(out_path=deck_package, options=options, limit=limit)
    collection_package = os.path.join(work, "days.colpkg")
    path = collection.path
    collection.export_collection_package(collection_package, include_media=True, legacy=False)
    collection = Collection(path)

    now = datetime.datetime.fromtimestamp(now_ms / 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    print(f"{notes} notes, {reviews} reviews at varied hours ({ZONE}, rollover {ROLLOVER}:00)")
    ok = check(binary, work, deck_package, now, expected, anki_due, ROLLOVER)
    ok = check(binary, work, collection_package, now, expected, anki_due, None) and ok
    ok = two_weeks(binary, work, collection, deck_package, start_ms) and ok
    collection.close()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
