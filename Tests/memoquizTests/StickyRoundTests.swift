import Foundation
import Testing

/// A saved round is resumed when the learner wants it, and only then.
@Suite struct StickyRoundTests {
  @Test func aRoundQuitBeforeAnyAnswerGivesWayToAnExplicitStrategy() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "hiragana", "--strategy", "sequential"], input: ":quit\n")
    let random = try sandbox.run(["play", "hiragana", "--strategy", "random", "--seed", "7"], input: ":quit\n")
    #expect(random.stdout.contains("random order (seed 7)"), "\(random.stdout)")
    #expect(!random.stdout.contains("Resuming"))
  }

  @Test func aRoundWithAnswersResumesOffATerminal() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "hiragana", "--strategy", "sequential"], input: "a\n:quit\n")
    let again = try sandbox.run(["play", "hiragana", "--strategy", "random"], input: ":quit\n")
    #expect(again.stdout.contains("Resuming Hiragana at question 2 of 46"))
    #expect(again.stdout.contains("[2/46] い"))
  }

  @Test(arguments: [("\n", "[2/46]\u{1B}[0m \u{1B}[1mい"), ("n\n2\n", "[1/46]\u{1B}[0m \u{1B}[1mあ")])
  func onATerminalTheMenuAsksWhetherToResume(_ reply: String, _ question: String) throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "hiragana", "--strategy", "sequential"], input: "a\n:quit\n")
    let session = try PseudoTerminalSession(arguments: [], environment: sandbox.environment)
    #expect(session.waitFor("Group (number or name"))
    #expect(session.text.contains("unfinished: question 2 of 46"))
    session.type("1\n")
    #expect(session.waitFor("Resume it? (n starts over)"))
    session.type(reply)
    #expect(session.waitFor(question), "\(session.text)")
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
  }
}
