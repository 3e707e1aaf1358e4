import Foundation
import Testing

@testable import MemoQuizKit

/// Typed answers judged in a round against a real data folder: confusions
/// named and counted, typos forgiven where the settings say, romaji turned
/// into kana for answers in kana, and leeches told once, listed, and taken
/// back with the answer that made them.
@Suite struct JudgingRoundTests {
  private static let kana = #"""
    [{"title": "Kana", "questions": [
      {"prompt": "ぬ", "answer": "nu", "hint": "noodles"},
      {"prompt": "ね", "answer": "ne"}
    ]}]
    """#

  /// A clock that moves a minute on every look, from 1 December 2026.
  private final class Clock: @unchecked Sendable {
    var time = Date(timeIntervalSince1970: 1_796_112_000)
    func now() -> Date {
      time += 60
      return time
    }
  }

  private func play(
    _ folder: TemporaryFolder, _ lines: [String], clock: Clock, group: Int = 0
  ) throws -> String {
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path), wording: .tool)
    let terminal = ScriptedTerminal(lines: lines)
    var session = RoundSession(
      caretaker: caretaker, terminal: terminal, outlook: DayOutlook(caretaker: caretaker), now: clock.now)
    try session.play(groupIndex: group, options: .init(strategy: SequentialQuestionStrategy(), restart: true))
    return terminal.shown
  }

  private func reload(_ folder: TemporaryFolder) throws -> QuestionGroupCaretaker {
    try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
  }

  @Test func aLeechIsToldOnceListedMarkedAndTakenBackWithItsAnswer() throws {
    let folder = try TemporaryFolder()
    try folder.write("questions.json", Self.kana)
    let clock = Clock()
    try reload(folder).progress.set(.leechThreshold, to: "3", at: clock.now())
    var shown = try play(folder, ["nu", "ne"], clock: clock)
    for _ in 0..<4 { shown += try play(folder, ["ne", "ne"], clock: clock) }
    #expect(shown.components(separatedBy: "Leech:").count == 2, "said once, when the third lapse happened")
    #expect(
      shown.contains(
        "Leech: ぬ has lapsed 3 times since you first knew it. Its hint: noodles.\n"
          + "  Suggestion: make the hint more memorable, or split the card into smaller ones (`memoquiz edit`).\n"))
    #expect(shown.contains("  ne: that is the answer to ね.\n"))

    var caretaker = try reload(folder)
    var statistics = try Statistics(caretaker: caretaker, indices: [0], now: clock.now())
    #expect(statistics.leeches == [Statistics.Leech(group: "Kana", prompt: "ぬ", lapses: 4)])
    #expect(statistics.confusions == [Statistics.Confusion(group: "Kana", asked: "ぬ", answered: "ね", count: 4)])
    let json = try ScoreReport(caretaker: caretaker, indices: [0], now: clock.now()).json()
    #expect(json.contains(#""leech" : true"#) && json.contains(#""leech" : false"#))
    let text = statistics.text(title: "Kana", style: .plain, width: 80, weeks: 4)
    #expect(text.contains("Confusions:\n  asked ぬ, typed the answer to ね: 4 times\n"))
    #expect(text.contains("  ぬ  4 lapses\n"))

    // Taking back the last two answers (ね's, then ぬ's fourth lapse) leaves 3.
    _ = try caretaker.progress.undo(nil, at: clock.now())
    _ = try caretaker.progress.undo(nil, at: clock.now())
    caretaker = try reload(folder)
    statistics = try Statistics(caretaker: caretaker, indices: [0], now: clock.now())
    #expect(statistics.leeches.map(\.lapses) == [3])
    #expect(statistics.confusions.map(\.count) == [3])
    // One more: ぬ is no leech any more.
    _ = try caretaker.progress.undo(nil, at: clock.now())
    _ = try caretaker.progress.undo(nil, at: clock.now())
    caretaker = try reload(folder)
    statistics = try Statistics(caretaker: caretaker, indices: [0], now: clock.now())
    #expect(statistics.leeches.isEmpty)
    #expect(
      !(try ScoreReport(caretaker: caretaker, indices: [0], now: clock.now()).json()).contains(#""leech" : true"#))
    // With no threshold, nothing is a leech.
    try caretaker.progress.set(.leechThreshold, to: "0", at: clock.now())
    #expect(try Statistics(caretaker: try reload(folder), indices: [0], now: clock.now()).leeches.isEmpty)
  }

  @Test func typosAreForgivenOnlyWhereTheSettingsSaySo() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "questions.json",
      #"""
      [{"title": "Words", "questions": [
        {"prompt": "to receive", "answer": "receive"},
        {"prompt": "to believe", "answer": "believe", "typos": "strict"},
        {"prompt": "おばあさん", "answer": "obaasan"}
      ]}]
      """#)
    let clock = Clock()
    let strict = try play(folder, ["recieve", "beleive", "obasan"], clock: clock)
    #expect(!strict.contains("with a typo"), "strict by default")
    try reload(folder).progress.set(.typos, to: "forgive", at: clock.now())
    let forgiving = try play(folder, ["recieve", "beleive", "obasan"], clock: clock)
    #expect(forgiving.contains("[1/3] to receive\nCorrect, with a typo: receive\n"))
    #expect(forgiving.contains("[2/3] to believe\nIncorrect, a near miss."), "the question says strict")
    #expect(forgiving.contains("[3/3] おばあさん\nIncorrect, a near miss."), "a romaji reading stays exact")
    #expect(forgiving.contains("Correct:    1\n"))
  }

  @Test func romajiTurnsIntoKanaBeforeJudgingUntilRomajiIsAskedFor() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "questions.json",
      #"""
      [{"title": "Words", "questions": [
        {"prompt": "water", "answer": "みず", "hint": "mi + zu"},
        {"prompt": "book", "answer": "ほん"},
        {"prompt": "television", "answer": "テレビ"},
        {"prompt": "rain", "answer": "あめ"}
      ]}]
      """#)
    let clock = Clock()
    let shown = try play(folder, ["?", "mizu", "honn", "terebi", ":romaji", "ame"], clock: clock)
    #expect(
      shown.contains("[1/4] water\nHint: mi + zu\nCorrect (with the hint: counts as Hard)\n"), "? is never converted")
    #expect(shown.contains("[2/4] book\nCorrect!\n"), "nn at the end is ん")
    #expect(shown.contains("[3/4] television\nCorrect!\n"), "an answer in katakana gets katakana")
    #expect(shown.contains("Romaji is no longer turned into kana"))
    #expect(shown.contains("Incorrect. The answer is あめ."), "after :romaji, romaji stays romaji")
    let steps = try reload(folder).progress.steps()
    #expect(steps.compactMap(\.typed).contains("みず"), "the answer is kept as it was judged")
  }

  @Test func aReviewAcrossGroupsNamesOnlyAnswersOfTheSameGroup() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "questions.json",
      #"""
      [{"title": "Kana", "questions": [{"prompt": "ぬ", "answer": "nu"}, {"prompt": "ね", "answer": "ne"}]},
       {"title": "More", "questions": [{"prompt": "め", "answer": "me"}]}]
      """#)
    let clock = Clock()
    let caretaker = try reload(folder)
    let terminal = ScriptedTerminal(lines: ["me", "nu", "me", "nu", ":quit"])
    var session = RoundSession(
      caretaker: caretaker, terminal: terminal, outlook: DayOutlook(caretaker: caretaker), now: clock.now)
    try session.review(groupIndices: [], options: .init())
    #expect(
      terminal.shown.contains("Kana · ぬ\nIncorrect. The answer is nu.\n[3 left] Kana · ね\n"),
      "め is another group's: no confusion named, and no difference shown for an answer so unlike")
    #expect(
      terminal.shown.contains("Kana · ね\nIncorrect, a near miss. The answer is ne.\n  nu: that is the answer to ぬ.\n"))
    let statistics = try Statistics(caretaker: try reload(folder), indices: [0, 1], now: clock.now())
    #expect(statistics.confusions == [Statistics.Confusion(group: "Kana", asked: "ね", answered: "ぬ", count: 1)])
  }
}
