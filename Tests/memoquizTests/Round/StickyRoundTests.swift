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

  @Test(arguments: [("\n", "[2/46]\u{1B}[0m \u{1B}[1mい"), ("n\n3\n", "review order")])
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

  /// Declining "Resume it?" in the menu asks for the
  /// order, with the same numbers as ever, instead of starting a random round.
  @Test func decliningToResumeAsksForTheOrder() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "hiragana", "--strategy", "random", "--seed", "7"], input: "x\n:quit\n")
    let session = try PseudoTerminalSession(arguments: [], environment: sandbox.environment)
    #expect(session.waitFor("Group (number or name"))
    session.type("1\n")
    #expect(session.waitFor("Resume it? (n starts over)"))
    session.type("n\n")
    #expect(session.waitFor("Order (1 random, 2 sequential, 3 review"), "\(session.text)")
    session.type("2\n")
    #expect(session.waitFor("sequential order"))
    #expect(session.waitFor("[1/46]"))
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
    // The next visit resumes the round chosen, not a random one.
    let next = try sandbox.run(["play", "hiragana"], input: ":quit\n")
    #expect(next.stdout.contains("sequential order"), "\(next.stdout)")
  }
}
