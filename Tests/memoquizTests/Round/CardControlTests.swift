import Foundation
import Testing

/// The card controls: `:suspend`, `:bury` and `:flag` in a round, and
/// `memoquiz suspend|unsuspend|unflag|flagged` outside one. Each is a step
/// that `history` lists and `undo` takes back.
@Suite struct CardControlTests {
  private static let questions = """
    [{"title": "Colours", "questions": [
      {"prompt": "red", "answer": "aka"}, {"prompt": "blue", "answer": "ao"},
      {"prompt": "white", "answer": "shiro", "id": "w1"}]},
     {"title": "Numbers", "questions": [{"prompt": "one", "answer": "ichi"}]}]
    """

  /// A fixed morning, so that learner days are known.
  private static let morning = ["MEMOQUIZ_NOW": "2026-03-02T09:00:00Z"]
  private static let nextMorning = ["MEMOQUIZ_NOW": "2026-03-03T09:00:00Z"]

  private func sandbox() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    return sandbox
  }

  /// Each question's `suspended` and `flagged` in `scores --json`, by prompt.
  private func controls(_ sandbox: MemoQuizSandbox, at now: [String: String] = morning) throws -> [String: [Bool]] {
    let result = try sandbox.run(["scores", "--json"], environment: now)
    let groups = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    var controls: [String: [Bool]] = [:]
    for group in groups {
      for question in group["questions"] as? [[String: Any]] ?? [] {
        guard let prompt = question["prompt"] as? String else { continue }
        controls[prompt] = [question["suspended"] as? Bool ?? false, question["flagged"] as? Bool ?? false]
      }
    }
    return controls
  }

  /// The kinds `history --json` lists, newest first.
  private func kinds(_ sandbox: MemoQuizSandbox) throws -> [String] {
    let result = try sandbox.run(["history", "--json"], environment: Self.morning)
    let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return steps.compactMap { $0["kind"] as? String }
  }

  @Test func suspendInARoundLeavesItAndTheRoundGoesOn() throws {
    let sandbox = try sandbox()
    let round = try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: "aka\n:suspend\nshiro\n", environment: Self.morning)
    #expect(round.status == 0)
    #expect(
      round.stdout.hasPrefix(
        """
        Colours: 3 questions, sequential order
        [1/3] red
        Correct!
        [2/3] blue
        Suspended blue: never asked again until `memoquiz unsuspend 'Colours/blue'`.
        [2/2] white
        Correct!

        Round complete: Colours
        """), "\(round.stdout)")
    #expect(try controls(sandbox)["blue"] == [true, false])
    #expect(try kinds(sandbox) == ["answer", "suspend", "answer"])
    // Never asked again, nor counted due, in any order.
    let again = try sandbox.run(
      ["play", "colours", "--strategy", "sequential", "--restart"], input: ":quit\n", environment: Self.morning)
    #expect(again.stdout.hasPrefix("Colours: 2 questions, sequential order\n[1/2] red\n"), "\(again.stdout)")
    let later = ["MEMOQUIZ_NOW": "2026-04-30T09:00:00Z"]
    let today = try sandbox.run(["today", "--json"], environment: later)
    #expect(today.stdout.contains("\"due\" : 2"), "\(today.stdout)")
    // `undo` takes it back: the next round asks it.
    let undo = try sandbox.run(["undo", "2"], environment: Self.morning)
    #expect(undo.stdout == "Took back step 2: blue: suspended (Colours). `memoquiz redo` brings it back.\n")
    #expect(try controls(sandbox)["blue"] == [false, false])
    let back = try sandbox.run(
      ["play", "colours", "--strategy", "sequential", "--restart"], input: ":quit\n", environment: Self.morning)
    #expect(back.stdout.hasPrefix("Colours: 3 questions, sequential order\n"), "\(back.stdout)")
  }

  @Test func buryWaitsForTheNextLearnerDay() throws {
    let sandbox = try sandbox()
    let round = try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: ":bury\n:quit\n", environment: Self.morning)
    #expect(round.stdout.contains("Buried red until the next learner day.\n[1/2] blue\n"), "\(round.stdout)")
    let sameDay = try sandbox.run(
      ["play", "colours", "--strategy", "sequential", "--restart"], input: ":quit\n", environment: Self.morning)
    #expect(sameDay.stdout.hasPrefix("Colours: 2 questions, sequential order\n[1/2] blue\n"), "\(sameDay.stdout)")
    let today = try sandbox.run(["today", "--json"], environment: Self.morning)
    let plan = try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any]
    let groups = plan?["groups"] as? [[String: Any]] ?? []
    #expect(groups.first?["new"] as? Int == 2, "blue and white: \(today.stdout)")
    let nextDay = try sandbox.run(
      ["play", "colours", "--strategy", "sequential", "--restart"], input: ":quit\n", environment: Self.nextMorning)
    #expect(nextDay.stdout.hasPrefix("Colours: 3 questions, sequential order\n[1/3] red\n"), "\(nextDay.stdout)")
    #expect(try kinds(sandbox) == ["bury"])
  }

  @Test func flagAsksTheSameQuestionAgainAndFlaggedListsIt() throws {
    let sandbox = try sandbox()
    let round = try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: ":flag\n:flag\naka\n:quit\n", environment: Self.morning)
    #expect(
      round.stdout.contains(
        """
        [1/3] red
        Flagged red; `memoquiz flagged` lists it.
        [1/3] red
        red is already flagged.
        [1/3] red
        Correct!
        [2/3] blue
        """), "\(round.stdout)")
    #expect(try sandbox.run(["flagged"], environment: Self.morning).stdout == "Colours/red\n")
    #expect(try controls(sandbox)["red"] == [false, true])
    let unflag = try sandbox.run(["unflag", "Colours/red"], environment: Self.morning)
    #expect(unflag.stdout == "Unflagged Colours/red. `memoquiz undo` takes it back.\n")
    #expect(
      try sandbox.run(["flagged"], environment: Self.morning).stdout
        == "No question is flagged; `:flag` in a round flags the one asked.\n")
    #expect(try kinds(sandbox) == ["unflag", "answer", "flag"])
  }

  @Test func inRoundUndoTakesBackTheControlAndTheQuestionComesBack() throws {
    let sandbox = try sandbox()
    let round = try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: ":suspend\n:undo\naka\n:quit\n",
      environment: Self.morning)
    #expect(
      round.stdout.contains(
        """
        [1/3] red
        Suspended red: never asked again until `memoquiz unsuspend 'Colours/red'`.
        [1/2] blue
        Took back your :suspend of red.
        [1/3] red
        Correct!
        """), "\(round.stdout)")
    #expect(try controls(sandbox)["red"] == [false, false])
  }

  @Test func suspendOutsideARoundByIDOrByGroupAndPrompt() throws {
    let sandbox = try sandbox()
    let byID = try sandbox.run(["suspend", "w1"], environment: Self.morning)
    #expect(
      byID.stdout
        == "Suspended Colours/white: it is never asked nor counted due until `memoquiz unsuspend`. "
        + "`memoquiz undo` takes it back.\n")
    let again = try sandbox.run(["suspend", "colours/white"], environment: Self.morning)
    #expect(again.status == 64)
    #expect(again.stderr == "memoquiz: error: colours/white is already suspended; nothing was changed\n")
    let missing = try sandbox.run(["suspend", "Colours/green"], environment: Self.morning)
    #expect(missing.status == 64)
    #expect(
      missing.stderr == "memoquiz: error: no question is named Colours/green; name it GROUP/PROMPT or by its id\n")
    let review = try sandbox.run(["review"], input: "aka\nao\nichi\n", environment: Self.morning)
    #expect(!review.stdout.contains("white"), "\(review.stdout)")
    let unsuspend = try sandbox.run(["unsuspend", "Colours/white"], environment: Self.morning)
    #expect(unsuspend.status == 0)
    #expect(try kinds(sandbox).filter { $0 != "answer" } == ["unsuspend", "suspend"])
  }

  @Test func aQuestionSuspendedOutsideLeavesTheOpenRound() throws {
    let sandbox = try sandbox()
    try sandbox.run(["play", "colours", "--strategy", "sequential"], input: "aka\n:quit\n", environment: Self.morning)
    try sandbox.run(["suspend", "Colours/blue"], environment: Self.morning)
    let resumed = try sandbox.run(["play", "colours"], input: "shiro\n", environment: Self.morning)
    #expect(
      resumed.stdout.hasPrefix(
        "Resuming Colours at question 2 of 2 (sequential order). Use --restart to start over.\n[2/2] white\nCorrect!\n"),
      "\(resumed.stdout)")
    // Taken back, the question is in the round's plan again: the round
    // is open, at blue.
    try sandbox.run(["undo", "2"], environment: Self.morning)
    let again = try sandbox.run(["play", "colours"], input: ":quit\n", environment: Self.morning)
    #expect(again.stdout.contains("[3/3] blue\n"), "\(again.stdout)")
    let history = try sandbox.run(["history"], environment: Self.morning)
    #expect(history.stdout.contains("blue: suspended (taken back)"), "\(history.stdout)")
  }

  /// On a terminal, `:suspend` typed at the prompt acts on the question
  /// shown, and the next question is asked at once.
  @Test func suspendOnATerminal() throws {
    let sandbox = try sandbox()
    let session = try PseudoTerminalSession(
      arguments: ["play", "colours", "--strategy", "sequential"],
      environment: sandbox.environment.merging(Self.morning) { $1 })
    #expect(session.waitFor("red"))
    session.type(":suspend\n")
    #expect(session.waitFor("Suspended red"), "\(session.text)")
    #expect(session.waitFor("[1/2]"), "\(session.text)")
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
    #expect(try controls(sandbox)["red"] == [true, false])
  }
}
