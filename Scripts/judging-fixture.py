#!/usr/bin/env python3
"""Writes Tests/MemoQuizKitTests/Fixtures/judging.json: typed answers and
what they must mean, with the expected verdicts worked out here, apart from
memoquiz's own code.

The tolerance is WaniKani's published rule as the contract fixes it (edits
counted on the accepted answer's length: none up to 3 characters, 1 for 4-5,
2 for 6-7, then 2 plus 1 for every 7), with the distance computed by an
optimal-string-alignment edit distance (a swap of neighbours is one edit).
Run from the repository's root: python3 Scripts/judging-fixture.py
"""
import json


def osa(a, b):
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def allowed(length):
    if length <= 3:
        return 0
    if length <= 5:
        return 1
    if length <= 7:
        return 2
    return 2 + length // 7


cases = []


def case(typed, answers, verdict, prompt="meaning", typos="forgive", shown=None, others=None, why=""):
    entry = {"prompt": prompt, "answers": answers, "typed": typed, "typos": typos, "verdict": verdict}
    if shown is not None:
        entry["shown"] = shown
    if others:
        entry["others"] = others
    if why:
        entry["why"] = why
    cases.append(entry)


# 1. The tolerance at every length boundary, 1 to 22 characters: a word of
# English letters that never reads as romaji (it has an l and an x).
pool = "lxbrightwqlxdelvtrgklxpqmvrtsyl"
for length in range(1, 23):
    word = pool[:length]
    limit = allowed(length)

    def substituted(count):
        letters = list(word)
        for k in range(count):
            position = 2 * k if 2 * k < length else length - 1 - k
            letters[position] = "z" if letters[position] != "z" else "q"
        return "".join(letters)

    for count in range(0, limit + 2):
        if 2 * (count - 1) >= length:
            break
        typed = substituted(count)
        distance = osa(typed, word)
        if distance == 0:
            case(typed, [word], "correct", why="exact")
            continue
        verdict = "typo" if distance <= limit else "incorrect"
        case(typed, [word], verdict, shown=word if verdict == "typo" else None,
             why=f"{distance} edits in {length} characters; {limit} forgiven")
        case(typed, [word], "incorrect", typos="strict", why="strict forgives nothing")
    # One letter left out, one added, two neighbours swapped.
    if length >= 2:
        dropped = word[:-1]
        verdict = "typo" if osa(dropped, word) <= limit else "incorrect"
        case(dropped, [word], verdict, shown=word if verdict == "typo" else None, why=f"a letter left out of {length}")
        swapped = word[1] + word[0] + word[2:]
        verdict = "typo" if osa(swapped, word) <= limit else "incorrect"
        case(swapped, [word], verdict, shown=word if verdict == "typo" else None, why=f"a swap in {length}")
    added = word + "z"
    verdict = "typo" if osa(added, word) <= limit else "incorrect"
    case(added, [word], verdict, shown=word if verdict == "typo" else None, why=f"a letter added to {length}")

# 2. Words people misspell.
for typed, answer in [("recieve", "receive"), ("beleive", "believe"), ("definately", "definitely"),
                      ("seperate", "separate"), ("occured", "occurred"), ("tommorow", "tomorrow"),
                      ("wierd", "weird"), ("libary", "library"), ("goverment", "government"),
                      ("accomodation", "accommodation"), ("Febuary", "February"), ("enviroment", "environment")]:
    verdict = "typo" if osa(typed.lower(), answer.lower()) <= allowed(len(answer)) else "incorrect"
    case(typed, [answer], verdict, shown=answer if verdict == "typo" else None, why="a common misspelling")
    case(typed, [answer], "incorrect", typos="strict")
# The nearest accepted answer is the one shown.
case("catterpillar", ["caterpillar", "larva"], "typo", shown="caterpillar")
case("larvae", ["caterpillar", "larva"], "typo", shown="larva")
# Matching folds what it always folded: correct, not a typo.
for typed, answer in [("Receive", "receive"), ("  receive  ", "receive"), ("ｒｅｃｅｉｖｅ", "receive"),
                      ("receive.", "receive"), ("don’t", "don't"), ("Good  day", "Good day")]:
    case(typed, [answer], "correct")

# 3. Romaji readings of a kana or kanji prompt stay exact, however near.
for prompt, answer, typed in [("おばあさん", "obaasan", "obasan"), ("おばさん", "obasan", "obaasan"),
                              ("かんい", "kan'i", "kani"), ("ビール", "biiru", "biru"), ("ビル", "biru", "biiru"),
                              ("こうこう", "koukou", "koko"), ("おおきい", "ookii", "okii"),
                              ("東京", "toukyou", "tokyo"), ("切手", "kitte", "kite"), ("来て", "kite", "kitte"),
                              ("新聞", "shinbun", "shinbum"), ("ありがとう", "arigatou", "arigato"),
                              ("勉強", "benkyou", "benkyo"), ("学校", "gakkou", "gakou"), ("病院", "byouin", "biyouin"),
                              ("美容院", "biyouin", "byouin"), ("主人", "shujin", "shijin"),
                              ("おじいさん", "ojiisan", "ojisan"), ("雪", "yuki", "yuuki"), ("勇気", "yuuki", "yuki")]:
    distance = osa(typed, answer)
    case(typed, [answer], "incorrect", prompt=prompt, why=f"a romaji reading, {distance} edits off")
# ...and the spelling systems are still one answer.
for prompt, answer, typed in [("し", "shi", "si"), ("つ", "tsu", "tu"), ("ふじさん", "fujisan", "huzisan"),
                              ("東京", "tōkyō", "toukyou"), ("東京", "tōkyō", "tookyoo"), ("かんい", "kan'i", "kan'i"),
                              ("しんぶん", "shinbun", "sinbun"), ("ちょっと", "chotto", "tyotto"), ("主人", "shujin", "shujinn")]:
    case(typed, [answer], "correct", prompt=prompt)
# A romaji answer to a prompt that is not Japanese is a word like any other.
case("hello", ["hello"], "correct", prompt="こんにちは", why="not romaji: correct only as typed")
case("helo", ["hello"], "typo", prompt="こんにちは", shown="hello", why="English meaning of a kana prompt")
case("thnak you", ["thank you"], "typo", prompt="ありがとう", shown="thank you")

# 4. Answers in kana or kanji are never forgiven.
for prompt, answer, typed in [("water", "みず", "みす"), ("thank you", "ありがとうございます", "ありがとございます"),
                              ("Tokyo", "東京", "東亰"), ("school", "がっこう", "がこう"), ("television", "テレビ", "テレビー"),
                              ("grandmother", "おばあさん", "おばさん"), ("Japan", "日本", "日木"),
                              ("newspaper", "しんぶん", "しんぶ"), ("coffee", "コーヒー", "コヒー"),
                              ("hospital", "びょういん", "びよういん")]:
    case(typed, [answer], "incorrect", prompt=prompt, why="an answer in kana or kanji")
    case(typed, [answer], "incorrect", prompt=prompt, typos="strict")

# 5. Never where another question's answer is at least as close: the
# verdict worked out from the distances to both.
def against(typed, answers, others, typos="forgive"):
    folded = typed.lower()
    for other in others:
        if folded in [a.lower() for a in other["answers"]]:
            return case(typed, answers, "confusion", shown=other["prompt"], others=others, typos=typos)
    own = min(osa(folded, a.lower()) for a in answers)
    nearest = min(answers, key=lambda a: osa(folded, a.lower()))
    rival = min(osa(folded, a.lower()) for other in others for a in other["answers"])
    if typos == "forgive" and own <= allowed(len(nearest)) and own < rival:
        return case(typed, answers, "typo", shown=nearest, others=others, why=f"{own} edits; the other {rival}")
    case(typed, answers, "incorrect", others=others, typos=typos, why=f"{own} edits; the other {rival}")


relieve = [{"prompt": "to relieve", "answers": ["relieve"]}]
for typed in ["relieve", "recieve", "receve", "releive", "recive"]:
    against(typed, ["receive"], relieve)
belief = [{"prompt": "a belief", "answers": ["belief"]}]
for typed in ["beleive", "belief", "beleif", "belive"]:
    against(typed, ["believe"], belief)
for typed in ["desert", "dessrt", "desserts", "dezzert"]:
    against(typed, ["dessert"], [{"prompt": "sand", "answers": ["desert"]}])
for typed in ["dessert", "deserts", "dessert", "desrt"]:
    against(typed, ["desert"], [{"prompt": "cake", "answers": ["dessert"]}])
for typed in ["principal", "principel", "princple", "principl"]:
    against(typed, ["principle"], [{"prompt": "head teacher", "answers": ["principal"]}])
pens = [{"prompt": "pens", "answers": ["stationery", "writing paper"]}]
for typed in ["stationery", "writing paper", "stationarry", "writting paper"]:
    against(typed, ["stationary"], pens)
against("writing paper", ["stationary"], pens, typos="strict")

# 6. Confusions in the bundled kana: every answer of the group, typed for the
# question before it, names that question (the first that accepts it).
with open("Resources/QuestionGroupData.json", encoding="utf-8") as f:
    bundled = json.load(f)
for group in bundled:
    if group["title"] not in ("Hiragana", "Katakana", "Hiragana dakuten", "Katakana dakuten"):
        continue
    questions = group["questions"]
    for index, question in enumerate(questions):
        other = questions[(index + 1) % len(questions)]
        typed = other["answer"]
        accepting = [q for q in questions
                     if typed.lower() in [a.lower() for a in [q["answer"]] + q.get("alternatives", [])]]
        if question in accepting:
            continue  # the same reading: not a confusion
        cases.append({"bundled": group["title"], "prompt": question["prompt"], "typed": typed,
                      "typos": "strict", "verdict": "confusion", "shown": accepting[0]["prompt"]})

with open("Tests/MemoQuizKitTests/Fixtures/judging.json", "w", encoding="utf-8") as f:
    json.dump({"about": __doc__.strip().splitlines()[0], "cases": cases}, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(len(cases), "cases")
