import Foundation
import Testing

/// The line editor on a pseudo-terminal, fed the bytes real terminals send.
@Suite struct LineEditorTests {
  private let left = "\u{1B}[D"
  private let right = "\u{1B}[C"
  private let up = "\u{1B}[A"
  private let down = "\u{1B}[B"
  private let home = "\u{1B}[H"
  private let end = "\u{1B}[F"
  private let delete = "\u{1B}[3~"
  private let backspace = "\u{7F}"

  private func session(_ sandbox: MemoQuizSandbox) throws -> PseudoTerminalSession {
    try sandbox.writeQuestions(
      #"[{"title": "G", "questions": [{"prompt": "first", "answer": "kana"}, {"prompt": "second", "answer": "kana2"}, "#
        + #"{"prompt": "third", "answer": "日本"}, {"prompt": "fourth", "answer": "end"}]}]"#)
    var environment = sandbox.environment
    environment["NO_COLOR"] = "1"
    let session = try PseudoTerminalSession(
      arguments: ["play", "G", "--strategy", "sequential"], environment: environment)
    #expect(session.waitFor("[1/4] first"))
    return session
  }

  @Test func arrowsHomeEndBackspaceDeleteAndHistoryEditTheAnswer() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox)
    // "Xna", Home, Delete, "ka", End: "kana".
    session.type("Xna" + home + delete + "ka" + end + "\r")
    #expect(session.waitFor("[2/4] second"))
    // Up brings back "kana"; "2" after it; a stray left and right change nothing.
    session.type(up + left + right + "2\r")
    #expect(session.waitFor("[3/4] third"))
    // A wide character moves and deletes as one: "日x本", left, left, Backspace
    // takes the x; the cursor moved two columns over 本.
    session.type("日x本")
    var screen = session.waitForScreen { $0.lines.last { !$0.isEmpty } == "> 日x本" && $0.column == 7 }
    #expect(screen.column == 7, "\(screen.lines)")
    session.type(left)
    screen = session.waitForScreen { $0.column == 5 }
    #expect(screen.column == 5, "moved left two columns over a wide character")
    session.type(backspace + "\r")
    #expect(session.waitFor("[4/4] fourth"))
    // Ctrl-U clears what is before the cursor; down after up restores the draft.
    session.type("garbage\u{15}e" + up + down + "nd\r")
    #expect(session.waitFor("Round complete"))
    #expect(session.waitForExit() == 0)
    #expect(!session.text.contains("Incorrect."), "\(session.text)")
    #expect(!session.text.contains("^[["), "no escape sequence reached an answer")
    #expect(try sandbox.storedScore("G") == (4, 0))
  }

  @Test(arguments: ["\u{1B}[1~", "\u{1B}OH", "\u{1}"])
  func everyHomeKeyGoesHome(_ key: String) throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox)
    session.type("ana" + key + "k\r")
    #expect(session.waitFor("Correct"))
    session.type(":quit\r")
    #expect(session.waitForExit() == 0)
  }

  @Test func ctrlCInTheMiddleOfALineEndsTheSessionAndSavesTheRound() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox)
    session.type("kana\r")
    #expect(session.waitFor("[2/4] second"))
    session.type("half an answ")
    #expect(session.waitFor("half an answ"))
    session.type("\u{3}")
    #expect(session.waitForExit() == 0)
    #expect(session.text.contains("your answers are saved"))
    #expect(try sandbox.storedScore("G") == (1, 0), "the half-typed line was not graded")
  }

  @Test func ctrlDOnAnEmptyLineEndsTheSession() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox)
    session.type("\u{4}")
    #expect(session.waitForExit() == 0)
    #expect(session.text.contains("Stopped at question 1 of 4"))
  }
}
