import Foundation
import Testing

/// A round played through pipes, as a script would.
@Suite struct PlayTests {
  @Test func sequentialRoundGradesEachAnswerAndSavesTheScore() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["play", "hiragana", "--strategy", "sequential"], input: "a\nx\nu\n:quit\n")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.contains("[1/46] あ"))
    #expect(lines.contains("[2/46] い"))
    let verdicts = lines.filter { $0.contains("Correct") || $0.contains("Incorrect") }
    #expect(verdicts.count == 3)
    #expect(verdicts[0].hasPrefix("Correct"))
    #expect(verdicts[1].hasPrefix("Incorrect"))
    #expect(verdicts[1].contains("The answer is i"))
    #expect(verdicts[2].hasPrefix("Correct"))
    let score = try sandbox.storedScore("Hiragana")
    #expect(score.correct == 2 && score.incorrect == 1)
    #expect(!result.stdout.contains("\u{1B}["), "no colour when output is a pipe")
  }

  @Test func questionMarkShowsTheHintAndAsksAgain() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "T", "questions": [{"prompt": "p1", "answer": "one", "hint": "uno"}, {"prompt": "p2", "answer": "two"}]}]"#
    )
    let result = try sandbox.run(["play", "T", "--strategy", "sequential"], input: "?\none\n?\n:quit\n")
    #expect(result.stdout.contains("Hint: uno"))
    #expect(result.stdout.contains("There is no hint"))
    #expect(try sandbox.storedScore("T") == (1, 0))
  }

  @Test func undoRestoresScoreAndAsksTheQuestionAgain() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 5)
    let result = try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\nwrong\n:undo\n:undo\n:undo\na0\na1\n:quit\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("Took back your incorrect answer to q1"))
    #expect(result.stdout.contains("Took back your correct answer to q0"))
    #expect(result.stdout.contains("Nothing to undo"))
    #expect(result.stdout.components(separatedBy: "[1/5] q0").count == 3, "q0 is asked again after the undo")
    #expect(try sandbox.storedScore("G") == (2, 0))
    let resumed = try sandbox.run(["play", "G"], input: ":quit\n")
    #expect(resumed.stdout.contains("[3/5] q2"))
  }

  @Test(arguments: ["sequential", "review"])
  func aRightThatEndsTheRoundCountsInItsSummaryAndItsNextRound(strategy: String) throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 2)
    let result = try sandbox.run(["play", "G", "--strategy", strategy], input: "a0\nwrong\n:right\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("Counted as correct: your answer to q1.\n"))
    #expect(result.stdout.contains("2 correct, 0 incorrect"), "\(result.stdout)")
    #expect(try sandbox.storedScore("G") == (2, 0))
    // The round is over: the next play starts a new one.
    let next = try sandbox.run(["play", "G", "--strategy", "sequential"], input: ":quit\n")
    #expect(next.stdout.contains("[1/2] q0"))
  }

  @Test func undoRightAfterRightTakesBackOnlyTheRight() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 3)
    let result = try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "wrong\n:right\n:undo\n:undo\n:quit\n")
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "Counted as correct: your answer to q0.\n[2/3] q1\n"
          + "Took back your :right: your answer to q0 counts as incorrect again.\n[2/3] q1\n"
          + "Took back your incorrect answer to q0.\n[1/3] q0\n"), "\(result.stdout)")
    #expect(try sandbox.storedScore("G") == (0, 0), "the second :undo took back the answer")
    let again = try sandbox.run(
      ["play", "G", "--strategy", "sequential", "--restart"], input: "wrong\n:right\n:undo\na1\n:quit\n")
    #expect(again.stdout.contains("counts as incorrect again.\n[2/3] q1\nCorrect!\n"), "\(again.stdout)")
    #expect(try sandbox.storedScore("G") == (1, 1), "the answer stays, graded Incorrect, and the round goes on")
  }

  @Test func aParentDecksNamePlaysItsSubdecksTogether() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Japanese::Vocab::N5", "Kana", "Japanese::Vocab::Pairs"], count: 2)
    let now = ["MEMOQUIZ_NOW": "2026-12-01T09:00:00Z"]
    let play = try sandbox.run(["play", "vocab"], input: "a0\na1\na0\na1\n", environment: now)
    #expect(play.status == 0, "\(play.stderr)")
    #expect(play.stdout.hasPrefix("Today's review: 4 questions from 2 groups"), "\(play.stdout)")
    let scores = try sandbox.scores()
    for title in ["Japanese::Vocab::N5", "Japanese::Vocab::Pairs"] {
      #expect(scores[title]?["correctCount"] as? Int == 2, "\(title)")
    }
    #expect(scores["Kana"]?["correctCount"] as? Int == 0, "a group outside the parent deck is not asked")
    #expect(try sandbox.run(["review", "vocab"], environment: now).status == 0, "review takes a parent deck too")
    let whole = try sandbox.run(["play", "japanese::vocab", "--strategy", "random"], environment: now)
    #expect(whole.status == 64)
    #expect(
      whole.stderr.hasPrefix(
        "memoquiz: error: japanese::vocab names a parent deck, whose 2 groups are played together in one review "
          + "round; leave out --strategy, or name one of its groups\n"), "\(whole.stderr)")
    let one = try sandbox.run(["play", "Japanese::Vocab::N5", "--strategy", "sequential"], input: ":quit\n")
    #expect(one.stdout.hasPrefix("Japanese::Vocab::N5: 2 questions"), "a title that matches whole is one group")
  }

  @Test func quitThenPlayResumesAtTheSameQuestionInTheSameOrder() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 20)
    let first = try sandbox.run(["play", "G"], input: "x\nx\nx\n:quit\n")
    let asked = first.stdout.split(separator: "\n").filter { $0.hasPrefix("[") }.map(String.init)
    #expect(asked.count == 4)
    let second = try sandbox.run(["play", "g"], input: ":quit\n")
    #expect(second.stdout.contains("Resuming"))
    let resumedAt = second.stdout.split(separator: "\n").first { $0.hasPrefix("[") }.map(String.init)
    #expect(resumedAt == asked[3])
    #expect(try sandbox.storedScore("G") == (0, 3))
  }

  @Test func helpListsTheInputsAndOtherColonWordsAreNotGraded() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(
      ["play", "hiragana", "--strategy", "sequential"], input: ":help\n:q\n:hlep\na\n:quit\n")
    #expect(result.stdout.contains(":right"), "\(result.stdout)")
    #expect(result.stdout.contains("Unknown input :q; type :help for the list."))
    #expect(result.stdout.contains("Unknown input :hlep; type :help for the list."))
    #expect(try sandbox.storedScore("Hiragana") == (1, 0), "only the answer was graded")
  }

  @Test func anEmptyLineIsNotGraded() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 3)
    let result = try sandbox.run(["play", "G", "--strategy", "sequential"], input: "\n   \na0\n:quit\n")
    #expect(result.stdout.contains("Type an answer"))
    #expect(try sandbox.storedScore("G") == (1, 0))
  }

  @Test func endOfInputEndsTheSessionWithEverythingSaved() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 5)
    let result = try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\na1")
    #expect(result.status == 0)
    #expect(result.stdout.contains("Stopped at question 3 of 5"))
    #expect(try sandbox.storedScore("G") == (2, 0))
  }

  @Test func fullRoundPrintsSummaryAndTheNextPlayStartsOver() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 4)
    let result = try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\nbad\na2\na3\n")
    #expect(result.stdout.contains("Round complete"))
    #expect(result.stdout.contains("Correct:    3"))
    #expect(result.stdout.contains("Incorrect:  1"))
    #expect(result.stdout.contains("Score:      75%"))
    #expect(result.stdout.contains("Missed:"))
    #expect(result.stdout.contains("q1  a1"))
    let groups = try sandbox.run(["groups"])
    #expect(!groups.stdout.contains("unfinished"), "a finished round is closed")
    let next = try sandbox.run(["play", "G", "--strategy", "sequential"], input: ":quit\n")
    #expect(!next.stdout.contains("Resuming"))
    #expect(next.stdout.contains("[1/4] q0"))
  }

  @Test func seedRepeatsTheRandomOrder() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 30)
    func order(seed: String) throws -> [String] {
      let input = String(repeating: "x\n", count: 30)
      let result = try sandbox.run(["play", "G", "--seed", seed, "--restart"], input: input)
      return result.stdout.split(separator: "\n").filter { $0.hasPrefix("[") }.map {
        String($0.split(separator: " ")[1])
      }
    }
    let first = try order(seed: "42")
    let second = try order(seed: "42")
    let other = try order(seed: "43")
    #expect(first.count == 30)
    #expect(Set(first).count == 30, "every question once")
    #expect(first == second)
    #expect(first != other)
    #expect(first != (0..<30).map { "q\($0)" }, "shuffled")
  }

  @Test func restartStartsANewRoundInsteadOfResuming() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 5)
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\na1\n:quit\n")
    let result = try sandbox.run(["play", "G", "--strategy", "sequential", "--restart"], input: ":quit\n")
    #expect(!result.stdout.contains("Resuming"))
    #expect(result.stdout.contains("[1/5] q0"))
    #expect(try sandbox.storedScore("G") == (2, 0), "scores are kept across rounds")
  }

  @Test func matchingIgnoresCaseSpacesWidthAndRomajiSpelling() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(
      ["play", "Hiragana", "--strategy", "sequential"],
      input: "  A \nＩ\nu\ne\no\nka\nki\nku\nke\nko\nsa\nSI\nsu\nse\nso\nta\nti\nTU\n:quit\n")
    let verdicts = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Correct") || $0.hasPrefix("Incorrect") }
    #expect(verdicts.count == 18)
    #expect(verdicts.allSatisfy { $0.hasPrefix("Correct") })
  }

  @Test func playWithoutGroupOffATerminalIsAUsageError() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["play"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("memoquiz: error:"))
    let bare = try sandbox.run([])
    #expect(bare.status == 64)
  }

  @Test func unknownGroupSaysWhichGroupsExist() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["play", "Klingon"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("no group is called \"Klingon\""))
    #expect(result.stderr.contains("1. Hiragana"))
  }

  @Test func questionsTextIsPrintedWithControlCharactersNeutralised() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "Evil\u001b]0;owned\u0007", "questions": [{"prompt": "\u001b[2J\u001b[31mred", "answer": "x\u202Ey", "hint": "\u001b[8mhidden"}]}]"#
    )
    let result = try sandbox.run(["play", "1"], input: "?\nwrong\n")
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(!result.stdout.contains("\u{7}"))
    #expect(!result.stdout.contains("\u{202E}"))
    #expect(result.stdout.contains("^[[2J^[[31mred"))
    #expect(result.stdout.contains("x<U+202E>y"))
    let groups = try sandbox.run(["groups"])
    #expect(!groups.stdout.contains("\u{1B}"))
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func signalsEndTheSessionCleanlyWithEverythingSaved(_ signal: Int32) throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 5)
    let running = try sandbox.launch(["play", "G", "--strategy", "sequential"])
    running.send("a0\n")
    #expect(running.waitForOutput(containing: "[2/5] q1"))
    running.signal(signal)
    let result = running.wait(timeout: 20)
    #expect(!result.wasSignaled)
    #expect(result.status == 0)
    #expect(result.stdout.contains("Stopped at question 2 of 5"))
    #expect(try sandbox.storedScore("G") == (1, 0))
    #expect(try sandbox.run(["play", "G"], input: ":quit\n").stdout.contains("[2/5] q1"))
  }
}
