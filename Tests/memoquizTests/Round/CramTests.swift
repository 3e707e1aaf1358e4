import Foundation
import Testing

/// `memoquiz cram`: a round whose answers are practice. `history` lists
/// them, `stats` counts them apart, and nothing else changes.
@Suite struct CramTests {
  private static let questions = """
    [{"title": "Colours", "questions": [
      {"prompt": "red", "answer": "aka"}, {"prompt": "blue", "answer": "ao"},
      {"prompt": "white", "answer": "shiro"}]},
     {"title": "Numbers", "questions": [{"prompt": "one", "answer": "ichi"}, {"prompt": "two", "answer": "ni"}]}]
    """

  private static let morning = ["MEMOQUIZ_NOW": "2026-03-02T09:00:00Z"]
  private static let evening = ["MEMOQUIZ_NOW": "2026-03-02T20:00:00Z"]

  private func sandbox() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    return sandbox
  }

  /// Every view that practice must leave alone, as the tool prints it.
  private func views(_ sandbox: MemoQuizSandbox) throws -> [String] {
    try [["scores", "--json"], ["today", "--json"], ["groups"]].map {
      try sandbox.run($0, environment: Self.evening).stdout
    }
  }

  /// The kinds `history --json` lists, newest first.
  private func kinds(_ sandbox: MemoQuizSandbox) throws -> [String] {
    let result = try sandbox.run(["history", "--json"], environment: Self.evening)
    let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return steps.compactMap { $0["kind"] as? String }
  }

  /// The prompts a round's output asked, in order (after the group's
  /// name in a round across groups).
  private func asked(_ output: String) -> [String] {
    output.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("["), let end = line.range(of: "] ") else { return nil }
      let rest = line[end.upperBound...]
      return String(rest.range(of: " · ").map { rest[$0.upperBound...] } ?? rest)
    }
  }

  @Test func practiceChangesNoMemoryScoreNorDueDay() throws {
    let sandbox = try sandbox()
    try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: "aka\nx\nshiro\n", environment: Self.morning)
    let before = try views(sandbox)
    // Six wrong answers, whatever the order: each missed question comes back.
    let cram = try sandbox.run(
      ["cram", "colours", "--seed", "1"], input: "x\nx\nx\nx\nx\nx\n", environment: Self.evening)
    #expect(cram.status == 0, "\(cram.stderr)")
    #expect(cram.stdout.hasPrefix("Practice: 3 questions from Colours\n[3 left] "), "\(cram.stdout)")
    #expect(try views(sandbox) == before)
    let kinds = try kinds(sandbox)
    #expect(kinds.filter { $0 == "practice" }.count == 6, "\(kinds)")
    #expect(kinds.suffix(3) == ["answer", "answer", "answer"])
    // `stats` counts practice apart; its days count the answers alone.
    let stats = try sandbox.run(["stats", "--json"], environment: Self.evening)
    let object = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
    let practice = object?["practice"] as? [String: Int]
    #expect(practice?["count"] == 6)
    let days = object?["days"] as? [[String: Any]] ?? []
    #expect(days.map { $0["answers"] as? Int } == [3])
    // The optimizer's input is the answers alone.
    let history = try sandbox.run(["history"], environment: Self.evening)
    #expect(history.stdout.contains("Colours: practice \""), "\(history.stdout)")
  }

  @Test func aMissedQuestionComesBackLaterInTheRound() throws {
    let sandbox = try sandbox()
    // Seed 1 asks one, then two.
    let cram = try sandbox.run(
      ["cram", "numbers", "--seed", "1"], input: "x\nni\nichi\n", environment: Self.morning)
    #expect(asked(cram.stdout) == ["one", "two", "one"], "the missed one is asked again last: \(cram.stdout)")
    #expect(cram.stdout.contains("Round complete: Practice"), "\(cram.stdout)")
  }

  @Test func missedTodayPicksTodaysIncorrectAnswersAlone() throws {
    let sandbox = try sandbox()
    try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: "aka\nx\nshiro\n", environment: Self.morning)
    let cram = try sandbox.run(["cram", "--missed-today"], input: "ao\n", environment: Self.evening)
    #expect(
      cram.stdout == """
        Practice: 1 question from Colours
        [1 left] blue
        Correct!

        Round complete: Practice
          Correct:    1
          Incorrect:  0
          Score:      100%

        """ + cram.stdout.split(separator: "\n", omittingEmptySubsequences: false).suffix(2).joined(separator: "\n"),
      "\(cram.stdout)")
    let none = try sandbox.run(["cram", "--flagged"], input: "x\n", environment: Self.evening)
    #expect(none.stdout == "Nothing to practise: no question is picked by --flagged.\n")
    // The next learner day, nothing was missed yet.
    let tomorrow = try sandbox.run(
      ["cram", "--missed-today"], input: "x\n", environment: ["MEMOQUIZ_NOW": "2026-03-03T09:00:00Z"])
    #expect(tomorrow.stdout == "Nothing to practise: no question is picked by --missed-today.\n")
  }

  @Test func aCramRoundResumesAndUndoesLikeAnyRound() throws {
    let sandbox = try sandbox()
    let first = try sandbox.run(["cram", "colours", "--seed", "1"], input: "aka\n:quit\n", environment: Self.morning)
    let firstAsked = asked(first.stdout)
    #expect(first.stdout.contains("`memoquiz cram` resumes here."), "\(first.stdout)")
    // `play` does not resume it; `cram` does, at the question it stopped at.
    let play = try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: ":quit\n", environment: Self.morning)
    #expect(!play.stdout.contains("Resuming"), "\(play.stdout)")
    let second = try sandbox.run(["cram"], input: ":undo\n:quit\n", environment: Self.morning)
    #expect(second.stdout.hasPrefix("Resuming Practice at question "), "\(second.stdout)")
    #expect(asked(second.stdout).first == firstAsked.dropFirst().first, "\(first.stdout)\n\(second.stdout)")
    #expect(second.stdout.contains("Took back your "), "\(second.stdout)")
    // The answer taken back is asked again.
    #expect(asked(second.stdout).last == firstAsked.first, "\(first.stdout)\n\(second.stdout)")
    #expect(try kinds(sandbox) == ["practice"])
    let undo = try sandbox.run(["undo"], environment: Self.morning)
    #expect(
      undo.stderr == "memoquiz: error: there is nothing to take back\n", "the one practice step is taken back already")
  }

  @Test func suspendedQuestionsAreNotCrammed() throws {
    let sandbox = try sandbox()
    try sandbox.run(["suspend", "Numbers/one"], environment: Self.morning)
    let cram = try sandbox.run(["cram", "numbers"], input: "ni\n", environment: Self.morning)
    #expect(asked(cram.stdout) == ["two"], "\(cram.stdout)")
  }

  /// On a terminal, a cram round is played key by key like any round.
  @Test func cramOnATerminal() throws {
    let sandbox = try sandbox()
    let session = try PseudoTerminalSession(
      arguments: ["cram", "numbers", "--seed", "1"], environment: sandbox.environment.merging(Self.morning) { $1 })
    #expect(session.waitFor(": 2 questions from Numbers"), "\(session.text)")
    #expect(session.waitFor("[2 left]"), "\(session.text)")
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
  }
}
