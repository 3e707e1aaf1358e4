import Foundation
import Testing

/// memoquiz on a real (pseudo-)terminal: the menu, colour, confirmations and Ctrl-C.
@Suite struct TerminalTests {
  @Test func menuPicksAGroupAndAStrategyAndCtrlCSavesTheRound() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try PseudoTerminalSession(arguments: [], environment: sandbox.environment)
    #expect(session.waitFor("Group (number or name"))
    #expect(session.text.contains("Hiragana"))
    session.type("2\n")
    #expect(session.waitFor("Order ("))
    session.type("2\n")
    #expect(session.waitFor("[1/46]"))
    #expect(session.text.contains("Katakana"))
    #expect(session.text.contains(":undo"), "a round on a terminal starts with how to use it")
    session.type("a\n")
    #expect(session.waitFor("[2/46]"))
    #expect(session.text.contains("\u{1B}[32mCorrect!"), "colour on a terminal")
    session.type("\u{3}")
    #expect(session.waitForExit() == 0)
    #expect(session.text.contains("your answers are saved"))
    #expect(try sandbox.storedScore("Katakana") == (1, 0))
    let resumed = try sandbox.run(["play", "katakana"], input: ":quit\n")
    #expect(resumed.stdout.contains("[2/46] イ"))
  }

  @Test func enterTakesTheDefaults() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try PseudoTerminalSession(arguments: [], environment: sandbox.environment)
    #expect(session.waitFor("Group (number or name, Enter for today's review"))
    session.type("\n")
    #expect(session.waitFor(": 20 questions from 1 group"))
    #expect(session.text.contains("Hiragana"))
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
  }

  @Test func noColorTurnsColourOff() throws {
    let sandbox = try MemoQuizSandbox()
    var environment = sandbox.environment
    environment["NO_COLOR"] = "1"
    let session = try PseudoTerminalSession(arguments: ["play", "1"], environment: environment)
    #expect(session.waitFor("[1/46]"))
    session.type("a\n")
    #expect(session.waitFor("orrect"))
    // No colour; the line editor still moves the cursor.
    #expect(!session.text.contains("m\u{1B}[") && !session.text.contains("\u{1B}[0m"), "\(session.text)")
    #expect(session.text.firstMatch(of: /\u{1B}\[[0-9;]*m/) == nil, "\(session.text)")
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
  }

  @Test func resetAsksForConfirmationOnATerminal() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\n:quit\n")
    let declined = try PseudoTerminalSession(arguments: ["reset", "1"], environment: sandbox.environment)
    #expect(declined.waitFor("[y/N]"))
    declined.type("\n")
    #expect(declined.waitForExit() == 0)
    #expect(try sandbox.storedScore("Hiragana") == (1, 0))
    let accepted = try PseudoTerminalSession(arguments: ["reset", "1"], environment: sandbox.environment)
    #expect(accepted.waitFor("[y/N]"))
    accepted.type("y\n")
    #expect(accepted.waitForExit() == 0)
    #expect(try sandbox.storedScore("Hiragana") == (0, 0))
  }

  @Test func invalidEditOnATerminalOffersToEditAgain() throws {
    let sandbox = try MemoQuizSandbox()
    let script = sandbox.folder.appendingPathComponent("editor.sh").path
    // First edit: broken. Second edit: fixed.
    let counter = sandbox.folder.appendingPathComponent("count").path
    try Data(
      """
      if [ -e "\(counter)" ]; then
        printf '[{"title": "Fixed", "questions": [{"prompt": "p", "answer": "a"}]}]' > "$1"
      else
        touch "\(counter)"; printf '[{"title": "Broken"' > "$1"
      fi
      """.utf8
    ).write(to: URL(fileURLWithPath: script))
    var environment = sandbox.environment
    environment["EDITOR"] = "sh \(script)"
    environment["VISUAL"] = nil
    let session = try PseudoTerminalSession(arguments: ["edit"], environment: environment)
    #expect(session.waitFor("Edit again?"))
    #expect(session.text.contains("error:"))
    session.type("\n")
    #expect(session.waitFor("Saved"))
    #expect(session.waitForExit() == 0)
    #expect(try sandbox.run(["groups"]).stdout.contains("Fixed"))
  }
}
