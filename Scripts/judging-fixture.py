#!/usr/bin/env python3
"""Writes Tests/MemoQuizKitTests/Fixtures/judging.jsonl: typed answers and
what they must mean, one case a line, with the expected verdicts worked out
here, apart from memoquiz's own code, and where each expectation comes from.

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


# Where expectations come from, named on every line.
WANIKANI = "WaniKani's published typo tolerance (the contract's table)"
CONTRACT = "contract (5) Judging that teaches"
TSURUKAME = "Tsurukame's answer checker: another reading or the wrong script asks again, ungraded"
MATCHING = "contract: what matching folds"
source = WANIKANI


def digits(text):
    return [c for c in text if c.isdigit()]


def affixed(a, b):
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return len(short) > 0 and len(long) - len(short) >= 2 and (long.startswith(short) or long.endswith(short))


def forgivable(typed, answer):
    """The contract's typo rule: within the edits allowed, the same digits,
    no affix added or taken away."""
    typed, answer = typed.lower(), answer.lower()
    if digits(typed) != digits(answer) or affixed(typed, answer):
        return False
    return osa(typed, answer) <= allowed(len(answer))


def case(typed, answers, verdict, prompt="meaning", typos="forgive", shown=None, others=None, why="",
         confusions=None, other_answers=None, blocked=None):
    entry = {"prompt": prompt, "answers": answers, "typed": typed, "typos": typos}
    if confusions:
        entry["confusions"] = confusions
    if other_answers:
        entry["otherAnswers"] = other_answers
    if blocked:
        entry["blocked"] = blocked
    if others:
        entry["others"] = others
    entry["verdict"] = verdict
    if shown is not None:
        entry["shown"] = shown
    if why:
        entry["why"] = why
    entry["source"] = source
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
        verdict = "typo" if forgivable(typed, word) else "incorrect"
        case(typed, [word], verdict, shown=word if verdict == "typo" else None,
             why=f"{distance} edits in {length} characters; {limit} forgiven")
        case(typed, [word], "incorrect", typos="strict", why="strict forgives nothing")
    # One letter left out, one added, two neighbours swapped.
    if length >= 2:
        dropped = word[:-1]
        verdict = "typo" if forgivable(dropped, word) else "incorrect"
        case(dropped, [word], verdict, shown=word if verdict == "typo" else None, why=f"a letter left out of {length}")
        swapped = word[1] + word[0] + word[2:]
        verdict = "typo" if forgivable(swapped, word) else "incorrect"
        case(swapped, [word], verdict, shown=word if verdict == "typo" else None, why=f"a swap in {length}")
    added = word + "z"
    verdict = "typo" if forgivable(added, word) else "incorrect"
    case(added, [word], verdict, shown=word if verdict == "typo" else None, why=f"a letter added to {length}")

# 2. Words people misspell.
for typed, answer in [("recieve", "receive"), ("beleive", "believe"), ("definately", "definitely"),
                      ("seperate", "separate"), ("occured", "occurred"), ("tommorow", "tomorrow"),
                      ("wierd", "weird"), ("libary", "library"), ("goverment", "government"),
                      ("accomodation", "accommodation"), ("Febuary", "February"), ("enviroment", "environment")]:
    verdict = "typo" if forgivable(typed, answer) else "incorrect"
    case(typed, [answer], verdict, shown=answer if verdict == "typo" else None, why="a common misspelling")
    case(typed, [answer], "incorrect", typos="strict")
# The nearest accepted answer is the one shown.
case("catterpillar", ["caterpillar", "larva"], "typo", shown="caterpillar")
case("larvae", ["caterpillar", "larva"], "typo", shown="larva")
# Matching folds what it always folded: correct, not a typo.
source = MATCHING
for typed, answer in [("Receive", "receive"), ("  receive  ", "receive"), ("ｒｅｃｅｉｖｅ", "receive"),
                      ("receive.", "receive"), ("don’t", "don't"), ("Good  day", "Good day")]:
    case(typed, [answer], "correct")

source = CONTRACT
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
    if typos == "forgive" and forgivable(folded, nearest) and own < rival:
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
        for confusions, verdict in [("wrong", "confusion"), ("retry", "retry-confusion")]:
            entry = {"bundled": group["title"], "prompt": question["prompt"], "typed": typed, "typos": "strict"}
            if confusions == "retry":
                entry["confusions"] = "retry"
            entry.update({"verdict": verdict, "shown": accepting[0]["prompt"], "source": CONTRACT})
            cases.append(entry)

# 7. Another number is never a typo: the digits must be the same, in order.
source = CONTRACT
for typed, answer in [("1945", "1954"), ("1954", "1945"), ("1243", "1234"), ("1234", "1243"), ("2010", "2001"),
                      ("13 monkeys", "12 monkeys"), ("route 69", "route 66"), ("catch-23", "catch-22"),
                      ("apollo 13", "apollo 11"), ("1066 hastings", "1067 hastings"), ("1789", "1798"),
                      ("101 dalmations", "102 dalmatians")]:
    case(typed, [answer], "incorrect", why="the digits differ")
for typed, answer in [("apolo 11", "apollo 11"), ("12 monkies", "12 monkeys"), ("1954 traety", "1954 treaty"),
                      ("101 dalmations", "101 dalmatians"), ("catch 22", "catch-22"), ("route 66 west", "route 66 wset")]:
    verdict = "typo" if forgivable(typed, answer) else "incorrect"
    case(typed, [answer], verdict, shown=answer if verdict == "typo" else None, why="the same digits")

# 8. An affix added or taken away makes another word, never a typo; one
# letter more or less at an end still is one.
for typed, answer in [("incorrect", "correct"), ("happy", "unhappy"), ("agree", "disagree"),
                      ("disagree", "agree"), ("possible", "impossible"), ("impossible", "possible"),
                      ("quick", "quickly"), ("write", "rewrite"), ("lock", "unlock"), ("legal", "illegal"),
                      ("regular", "irregular"), ("irregular", "regular"), ("friendly", "unfriendly"),
                      ("unfriendly", "friendly"), ("kindness", "kind"), ("careless", "care"),
                      ("honest", "dishonest"), ("dishonest", "honest"), ("visible", "invisible"),
                      ("invisible", "visible"), ("patient", "impatient"), ("impatient", "patient"),
                      ("nonsense", "sense"), ("usual", "unusual"), ("unusual", "usual")]:
    old = "typo" if osa(typed, answer) <= allowed(len(answer)) else "incorrect"
    case(typed, [answer], "incorrect", why=f"an affix; edits alone would say {old}")
for typed, answer in [("believes", "believe"), ("receiv", "receive"), ("xreceive", "receive"),
                      ("elephants", "elephant"), ("kindnes", "kindness")]:
    verdict = "typo" if forgivable(typed, answer) else "incorrect"
    case(typed, [answer], verdict, shown=answer if verdict == "typo" else None, why="one letter at an end")

# 9. Other answers: right for something else, asked again, ungraded.
source = TSURUKAME
life = ["しょう", "なま", "いきる"]
for typed, verdict in [("しょう", "retry-other"), ("なま", "retry-other"), ("いきる", "retry-other"),
                       ("shou", "retry-other"), ("nama", "retry-other"), ("せい", "correct"), ("sei", "correct"),
                       ("せ", "incorrect"), ("しょ", "incorrect"), ("なまえ", "incorrect")]:
    for typos in ["strict", "forgive"]:
        case(typed, ["せい"], verdict, prompt="生", typos=typos, other_answers=life, why="another reading of 生")
kind = ["gentle", "friendly"]
for typed, verdict in [("gentle", "retry-other"), ("Gentle.", "retry-other"), (" friendly ", "retry-other"),
                       ("kind", "correct"), ("gentel", "incorrect"), ("mean", "incorrect")]:
    case(typed, ["kind"], verdict, prompt="親切", other_answers=kind, why="a near synonym not wanted here")
source = CONTRACT
# ...before a typo: an other answer a typo away from an accepted one asks again.
case("believer", ["believe"], "retry-other", other_answers=["believer"], why="other answers before typos")
case("believer", ["believe"], "retry-other", typos="strict", other_answers=["believer"])
# ...before a confusion: an other answer that is another question's answer asks again.
case("desert", ["dessert"], "retry-other", other_answers=["desert"], others=[{"prompt": "sand", "answers": ["desert"]}],
     why="other answers before confusions")
case("desert", ["dessert"], "retry-other", other_answers=["desert"], others=[{"prompt": "sand", "answers": ["desert"]}],
     confusions="retry")
# ...after the accepted answers: an answer both accepted and other is right (validate refuses the file).
case("なま", ["なま"], "correct", prompt="生", other_answers=["なま"], why="accepted before other answers")

# 10. Blocked answers: always Incorrect, first of all.
for typed, answer, blocked in [("effect", "affect", ["effect"]), ("Effect ", "affect", ["effect"]),
                               ("affect", "effect", ["affect"]), ("desert", "dessert", ["desert"]),
                               ("principal", "principle", ["principal"]), ("loose", "lose", ["loose"]),
                               ("complement", "compliment", ["complement"]), ("stationary", "stationery", ["stationary"])]:
    for typos in ["strict", "forgive"]:
        case(typed, [answer], "incorrect", typos=typos, blocked=blocked, why="blocked, though a typo away")
# ...before another question's answer, an other answer and the script.
case("desert", ["dessert"], "incorrect", blocked=["desert"], others=[{"prompt": "sand", "answers": ["desert"]}],
     why="blocked before confusions")
case("desert", ["dessert"], "incorrect", blocked=["desert"], others=[{"prompt": "sand", "answers": ["desert"]}],
     confusions="retry", why="blocked before confusions")
case("しょう", ["せい"], "incorrect", prompt="生", blocked=["しょう"], other_answers=["しょう"],
     why="blocked before other answers")
case("mitsu", ["みず"], "incorrect", prompt="water", blocked=["みつ"], why="blocked, typed in romaji as a round takes it")
case("みず", ["water"], "incorrect", prompt="水", blocked=["みず"], why="blocked before the script")
# ...and only what is blocked: a typo of a blocked answer is judged as usual.
case("effekt", ["affect"], "typo" if forgivable("effekt", "affect") else "incorrect", shown="affect",
     blocked=["effect"], why="2 edits of 6: a typo of the answer; only \"effect\" itself is blocked")
case("afect", ["affect"], "typo", shown="affect", blocked=["effect"], why="a typo of the answer, not the blocked one")

# 11. The script: letters that do not read as kana for answers in kana or
# kanji, kana or kanji for answers in letters, ask again.
source = TSURUKAME
for typed, answers, prompt, verdict in [
        ("water", ["みず"], "water", "retry-kana"), ("mizu", ["みず"], "water", "correct"),
        ("mizo", ["みず"], "water", "incorrect"), ("xyz", ["みず"], "water", "retry-kana"),
        ("good day", ["こんにちは"], "hello", "retry-kana"), ("hello", ["こんにちは"], "hello", "incorrect"), ("tv", ["テレビ"], "television", "retry-kana"),
        ("terebi", ["テレビ"], "television", "correct"), ("book", ["ほん"], "book", "retry-kana"),
        ("hon", ["ほん"], "book", "correct"), ("honn", ["ほん"], "book", "correct"),
        ("ｗａｔｅｒ", ["みず"], "water", "retry-kana"), ("water", ["水"], "water", "retry-japanese"),
        ("water", ["水", "みず"], "water", "retry-japanese"), ("tokyo", ["東京"], "Tokyo", "incorrect"),
        ("capital", ["東京"], "Tokyo", "retry-japanese"), ("みず", ["water"], "水", "retry-english"),
        ("水", ["water"], "みず", "retry-english"), ("し", ["shi"], "し", "retry-english"),
        ("シ", ["shi"], "し", "retry-english"), ("water水", ["water"], "水", "retry-english"),
        ("千九百五十四", ["1954"], "the year", "incorrect"), ("1954", ["千九百五十四"], "the year", "incorrect"),
        ("tshirt", ["Tシャツ"], "T-shirt", "incorrect"), ("ティーシャツ", ["Tシャツ"], "T-shirt", "incorrect"),
        ("t-shirt", ["Tシャツ", "t-shirt"], "T-shirt", "correct"), ("みず", ["みず", "water"], "水", "correct"),
        ("ほん", ["water", "みず"], "水", "incorrect"), ("42", ["みず"], "water", "incorrect"),
        ("!?", ["みず"], "water", "incorrect"), ("42", ["water"], "水", "incorrect")]:
    for typos in ["strict", "forgive"]:
        case(typed, answers, verdict, prompt=prompt, typos=typos, why="the script of the accepted answers")
source = CONTRACT
# ...after other answers, before confusions and typos.
case("みず", ["water"], "retry-other", prompt="水", other_answers=["みず"], why="other answers before the script")
case("みず", ["water"], "retry-english", prompt="水", others=[{"prompt": "mizu", "answers": ["みず"]}],
     why="the script before confusions")
case("wates", ["みず"], "retry-kana", others=[{"prompt": "wet", "answers": ["wates"]}], why="the script before confusions")

# 12. `config confusions retry`: another question's answer asks again, named.
for typed in ["relieve", "recieve", "receve"]:
    folded = typed
    if folded == "relieve":
        case(typed, ["receive"], "retry-confusion", shown="to relieve", others=relieve, confusions="retry")
    else:
        verdict = "typo" if forgivable(typed, "receive") and osa(typed, "receive") < osa(typed, "relieve") else "incorrect"
        case(typed, ["receive"], verdict, shown="receive" if verdict == "typo" else None, others=relieve,
             confusions="retry", why="not another's answer: judged as before")
case("writing paper", ["stationary"], "retry-confusion", shown="pens", others=pens, confusions="retry")
case("writing paper", ["stationary"], "retry-confusion", shown="pens", others=pens, confusions="retry", typos="strict")
case("Stationery!", ["stationary"], "retry-confusion", shown="pens", others=pens, confusions="retry")
case("stationery", ["stationary"], "confusion", shown="pens", others=pens, confusions="wrong",
     why="the default: Incorrect, named")

with open("Tests/MemoQuizKitTests/Fixtures/judging.jsonl", "w", encoding="utf-8") as f:
    for entry in cases:
        f.write(json.dumps(entry, ensure_ascii=False) + "\n")
print(len(cases), "cases")
# The digit and affix rules measured on the fixture: the answers that
# counting edits alone would forgive and these rules refuse.
plain = [c for c in cases if "answers" in c and c["typos"] == "forgive" and c["verdict"] != "correct"]
within = [c for c in plain if any(osa(c["typed"].lower(), a.lower()) <= allowed(len(a)) for a in c["answers"])]
refused = [c for c in within if c["verdict"] == "incorrect" and any(
    osa(c["typed"].lower(), a.lower()) <= allowed(len(a))
    and (digits(c["typed"]) != digits(a) or affixed(c["typed"].lower(), a.lower())) for a in c["answers"])]
print(f"{len(within)} wrong answers within the edits forgiven; the digit and affix rules refuse {len(refused)}")
