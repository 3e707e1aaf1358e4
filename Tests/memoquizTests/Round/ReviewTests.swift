import Foundation
import Testing

/// Memory and review rounds through the real binary, with the clock set by
/// `MEMOQUIZ_NOW`.
@Suite struct ReviewTests {
  private func at(_ time: String) -> [String: String] { ["MEMOQUIZ_NOW": time] }

  /// The questions of `scores GROUP --json`.
  private func questions(_ sandbox: MemoQuizSandbox, _ group: String, now: String) throws -> [[String: Any]] {
    let result = try sandbox.run(["scores", group, "--json"], environment: at(now))
    let groups = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return try #require(groups.first?["questions"] as? [[String: Any]])
  }

  @Test func aReviewRoundAsksDueQuestionsThenNewOnesAndRepeatsMisses() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 6)
    // Day 1: q0 and q1 answered right, q2 wrong.
    try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\na1\nwrong\n:quit\n",
      environment: at("2026-12-01T09:00:00Z"))
    // Day 2: only q2 (a day's interval after Again) is due; then two new ones.
    let day2 = try sandbox.run(
      ["play", "G", "--strategy", "review", "--new", "2", "--restart"], input: "no\na3\na4\na2\n",
      environment: at("2026-12-02T10:00:00Z"))
    let asked = day2.stdout.split(separator: "\n").filter { $0.hasPrefix("[") }.map {
      $0.split(separator: " ").last ?? ""
    }
    // q2 missed again comes back at the end of the round.
    #expect(asked == ["q2", "q3", "q4", "q2"])
    #expect(day2.stdout.contains("Round complete"))
    let memory = try questions(sandbox, "G", now: "2026-12-02T10:00:00Z")
    #expect(memory[2]["incorrectCount"] as? Int == 2)
    #expect(memory[2]["correctCount"] as? Int == 1)
    #expect(memory[5]["stability"] is NSNull, "never answered")
    #expect(memory[5]["due"] is NSNull)
  }

  @Test func nothingToReviewSaysWhenTheNextQuestionFallsDue() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 2)
    try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\na1\n", environment: at("2026-12-01T09:00:00Z"))
    let result = try sandbox.run(
      ["play", "G", "--strategy", "review"], input: "", environment: at("2026-12-01T12:00:00Z"))
    #expect(result.status == 0)
    #expect(result.stdout.contains("Nothing to review in G"))
    #expect(result.stdout.contains("falls due"))
  }

  @Test func firstGoodAnswerMatchesTheFSRSCheckValues() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 3)
    try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\n?\na1\n", environment: at("2026-12-01T09:00:00Z"))
    let memory = try questions(sandbox, "G", now: "2026-12-01T09:00:00Z")
    #expect(memory[0]["stability"] as? Double == 2.3065, "Good")
    #expect(abs((memory[0]["difficulty"] as? Double ?? 0) - 2.118103970459016) < 1e-9)
    // Due from the start of the learner day two days on: 04:00, local time.
    let due = try sandbox.run(
      ["scores", "G", "--json"], environment: at("2026-12-01T09:00:00Z").merging(["TZ": "UTC"]) { $1 })
    #expect(
      due.stdout.contains(#""due" : "2026-12-03T04:00:00Z""#) || due.stdout.contains(#""due":"2026-12-03T04:00:00Z""#),
      "\(due.stdout)")
    #expect(memory[0]["lastReview"] as? String == "2026-12-01T09:00:00Z")
    #expect(memory[0]["retrievability"] as? Double == 1)
    #expect(memory[1]["stability"] as? Double == 1.2931, "right after the hint is Hard")
    // Good again two days later; q1 (Hard, a shorter memory) is weaker, so first.
    let review = try sandbox.run(
      ["play", "G", "--strategy", "review", "--new", "0", "--restart"], input: "a1\na0\n",
      environment: at("2026-12-03T09:00:00Z"))
    #expect(review.stdout.contains("[2 left] q1"), "a review round counts what is left")
    let later = try questions(sandbox, "G", now: "2026-12-03T09:00:00Z")
    #expect(abs((later[0]["stability"] as? Double ?? 0) - 10.964332335820698) < 1e-9)
  }

  @Test func rightCountsTheLastAnswerAsCorrectAndUndoTakesItBack() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 3)
    let result = try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "A-0!\n:right\n:right\n:help\n:q\na1\n:quit\n",
      environment: at("2026-12-01T09:00:00Z"))
    #expect(result.stdout.contains("Counted as correct"))
    #expect(result.stdout.contains("Nothing to put right"))
    #expect(result.stdout.contains(":undo"), ":help lists the inputs")
    #expect(result.stdout.contains("Unknown input :q"))
    #expect(try sandbox.storedScore("G") == (2, 0))
    let memory = try questions(sandbox, "G", now: "2026-12-01T09:00:00Z")
    #expect(memory[0]["stability"] as? Double == 2.3065, ":right makes it Good")
    let history = try sandbox.run(["history", "--json"])
    let steps = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    #expect(steps.map { $0["kind"] as? String } == ["answer", "right", "answer"])
    #expect(steps[2]["correct"] as? Bool == true, "the answer counts as correct from then on")
    #expect(steps[2]["typed"] as? String == "A-0!")
    #expect(steps[2]["time"] as? String == "2026-12-01T09:00:00Z")
    // Taking back the :right makes it Incorrect again.
    let undo = try sandbox.run(["undo", "2"])
    #expect(undo.status == 0)
    #expect(try sandbox.storedScore("G") == (1, 1))
  }

  @Test func undoTakesBackTheLastAnswerOfAFinishedRoundAndRedoBringsItBack() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 2)
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\nwrong\n")
    try sandbox.run(["play", "H", "--strategy", "sequential"], input: "a0\n:quit\n")
    let undo = try sandbox.run(["undo", "2"])
    #expect(undo.stdout.hasPrefix("Took back step 2:"))
    #expect(try sandbox.storedScore("G") == (1, 0))
    #expect(try sandbox.storedScore("H") == (1, 0), "later answers in other groups are untouched")
    // Its question is asked again by the next play of the group.
    let resumed = try sandbox.run(["play", "G"], input: ":quit\n")
    #expect(resumed.stdout.contains("[2/2] q1"))
    let redo = try sandbox.run(["redo"])
    #expect(redo.stdout.hasPrefix("Brought back step 2:"))
    #expect(try sandbox.storedScore("G") == (1, 1))
    let nothing = try sandbox.run(["redo"])
    #expect(nothing.status == 1)
    #expect(nothing.stderr.contains("nothing to bring back"))
  }

  @Test(arguments: ["tomorrow", "2026-12-01", "2026-12-01T09:00:00", "2026-13-01T09:00:00Z", "2026-02-30T09:00Z"])
  func anUnreadableNowIsAUsageError(_ value: String) throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["groups"], environment: at(value))
    #expect(result.status == 64)
    #expect(result.stderr.contains("MEMOQUIZ_NOW"))
  }

  @Test func groupsShowHowManyAreDue() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 4)
    try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\nx\nx\n:quit\n",
      environment: at("2026-12-01T09:00:00+01:00"))
    let soon = try sandbox.run(["groups"], environment: at("2026-12-01T10:00:00+01:00"))
    let later = try sandbox.run(["groups"], environment: at("2026-12-02T09:00:00Z"))
    let row = { (text: String) in text.split(separator: "\n").first { $0.contains(" G ") }.map(String.init) ?? "" }
    #expect(row(soon.stdout).split(separator: " ").map(String.init).dropFirst(2).first == "4")
    #expect(row(soon.stdout).contains("   0  "))
    #expect(row(later.stdout).contains("   2  "), "the two misses are due a day later")
  }
}
