import Foundation
import Testing

/// The line editor's edge cases, on a pseudo-terminal,
/// checked on the screen a person sees and on the answer recorded.
@Suite struct LineEditorEdgeCaseTests {
  private let left = "\u{1B}[D"
  private let home = "\u{1B}[H"
  private let end = "\u{1B}[F"
  private let delete = "\u{1B}[3~"
  private let backspace = "\u{7F}"
  private let killToStart = "\u{15}"

  /// A round of one question whose answer is `answer`, on a terminal
  /// `columns` wide, waiting at its prompt.
  private func session(_ sandbox: MemoQuizSandbox, answer: String, columns: Int = 100) throws
    -> PseudoTerminalSession
  {
    let questions: [[String: Any]] = [["title": "G", "questions": [["prompt": "p", "answer": answer]]]]
    try JSONSerialization.data(withJSONObject: questions).write(to: sandbox.questionsFile)
    var environment = sandbox.environment
    environment["NO_COLOR"] = "1"
    let session = try PseudoTerminalSession(
      arguments: ["play", "G", "--strategy", "sequential"], environment: environment, columns: columns)
    #expect(session.waitFor("[1/1] p"))
    #expect(session.waitFor("> "))
    return session
  }

  /// What the recorded answers were typed as, oldest first.
  private func typedAnswers(_ sandbox: MemoQuizSandbox) throws -> [String] {
    let result = try sandbox.run(["history", "--json"])
    let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return steps.reversed().compactMap { $0["typed"] as? String }
  }

  // MARK: - input wider than the terminal

  @Test("an answer wider than the terminal goes on over rows, and Ctrl-U leaves nothing behind")
  func longAnswerWrapsOverRowsAndCtrlUClearsThem() throws {
    let sandbox = try MemoQuizSandbox()
    let answer = "abcdefghijklmnopqrstuvwxyz0123456789"
    let session = try session(sandbox, answer: answer, columns: 20)
    let whole = ["> abcdefghijklmnopqr", "stuvwxyz0123456789"]

    // Typed in pieces, each shown as it comes: never a row twice.
    var typed = "> "
    for piece in ["abcdefghi", "jklmnopqr", "stuvwxyz0", "123456789"] {
      session.type(piece)
      typed += piece
      let expected = [String(typed.prefix(20)), String(typed.dropFirst(20))].filter { !$0.isEmpty }
      let screen = session.waitForScreen { $0.lines(from: ">") == expected }
      #expect(screen.lines(from: ">") == expected, "\(screen.lines)")
    }
    var screen = session.terminalScreen
    #expect((screen.row, screen.column) == (try #require(screen.lines.lastIndex(of: whole[1])), 18))

    // A character inserted at the start moves the rest over both rows,
    // and the cursor stays after it on the first row.
    session.type(home + "X")
    let shifted = ["> Xabcdefghijklmnopq", "rstuvwxyz0123456789"]
    screen = session.waitForScreen { $0.lines(from: ">") == shifted }
    #expect(screen.lines(from: ">") == shifted, "\(screen.lines)")
    #expect((screen.row, screen.column) == (try #require(screen.lines.lastIndex(of: shifted[0])), 3))

    // Ctrl-U at the end clears both rows.
    session.type(end + killToStart)
    screen = session.waitForScreen { $0.lines(from: ">") == [">"] }
    #expect(screen.lines(from: ">") == [">"], "\(screen.lines)")
    #expect(!screen.lines.joined().contains("stuv"), "no leftovers: \(screen.lines)")
    #expect(screen.column == 2)

    // The answer typed again and sent: the verdict comes below it.
    session.type(answer + "\r")
    screen = session.waitForScreen { $0.lines.contains("Correct!") }
    #expect(Array(screen.lines(from: ">").prefix(3)) == whole + ["Correct!"], "\(screen.lines)")
    #expect(session.waitForExit() == 0)
    #expect(try typedAnswers(sandbox) == [answer])
  }

  @Test("a wide character that does not fit at the end of a row goes to the next one")
  func wideCharactersWrapAsTheTerminalWrapsThem() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox, answer: "xひらがなカタカひら", columns: 20)
    // "> x" takes 3 columns, then eight kana to column 19; the ninth does
    // not fit in the last column and starts the next row.
    session.type("xひらがなカタカナひら")
    let typed = ["> xひらがなカタカナ", "ひら"]
    var screen = session.waitForScreen { $0.lines(from: ">") == typed }
    #expect(screen.lines(from: ">") == typed, "\(screen.lines)")
    #expect(screen.column == 4)
    // Two to the left: the cursor is at the start of the second row.
    session.type(left + left)
    screen = session.waitForScreen { $0.column == 0 }
    #expect((screen.row, screen.column) == (try #require(screen.lines.lastIndex(of: "ひら")), 0))
    // Backspace takes ナ from the first row; ひ moves up, ら still wraps.
    session.type(backspace)
    let edited = ["> xひらがなカタカひ", "ら"]
    screen = session.waitForScreen { $0.lines(from: ">") == edited }
    #expect(screen.lines(from: ">") == edited, "\(screen.lines)")
    #expect((screen.row, screen.column) == (try #require(screen.lines.lastIndex(of: edited[0])), 17))
    session.type("\r")
    #expect(session.waitFor("Correct!"))
    #expect(session.waitForExit() == 0)
  }

  // MARK: - escape sequences never become part of an answer

  /// Sequences terminals send: replies to queries, and keys with Alt.
  static let sequences = [
    "\u{1B}]0;x\u{07}",  // OSC ended by BEL
    "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\",  // an OSC colour reply, ended by ST
    "\u{1B}P1$r0m\u{1B}\\",  // a DCS reply
    "\u{1B}_app\u{1B}\\",  // APC
    "\u{1B}^pm\u{1B}\\",  // PM
    "\u{1B}Xsos\u{1B}\\",  // SOS
    "\u{1B}x",  // Alt-x
    "\u{1B}é",  // Alt with a letter that is not ASCII
    "\u{1B}(B",  // an escape sequence with an intermediate
    "\u{1B}[200~",  // bracketed paste's start
    "\u{1B}OP",  // F1 as SS3
    "\u{1B}[15;2~",  // Shift-F5
    "\u{9D}0;x\u{07}",  // the 8-bit OSC, as a UTF-8 terminal sends it
    "\u{9B}2J",  // the 8-bit CSI
  ]

  @Test("OSC, DCS, APC, PM, SOS, Alt and other sequences are consumed whole", arguments: sequences)
  func everyEscapeSequenceIsConsumed(_ sequence: String) throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox, answer: "ab")
    session.type("a" + sequence + "b\r")
    #expect(session.waitFor("Correct!"), "\(session.text)")
    #expect(session.waitForExit() == 0)
    #expect(try typedAnswers(sandbox) == ["ab"])
  }

  @Test("Alt-b and Alt-f move by word, as in readline, and insert nothing")
  func altBAndAltFMoveByWord() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox, answer: "one two three")
    // "two three", Alt-b twice to the start, "one ", Alt-f past "two",
    // Alt-f past "three" to the end, and Enter.
    session.type("two three" + "\u{1B}b\u{1B}b" + "one " + "\u{1B}f\u{1B}f" + "\r")
    #expect(session.waitFor("Correct!"), "\(session.text)")
    #expect(session.waitForExit() == 0)
    #expect(try typedAnswers(sandbox) == ["one two three"])
  }

  // MARK: - editing by grapheme cluster

  @Test("an emoji joined by zero-width joiners is one character: one Left, two columns, one Backspace")
  func joinedEmojiIsEditedAsOne() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox, answer: "日本")
    session.type("日本👨‍👩‍👧")
    var screen = session.waitForScreen { $0.column == 8 }
    #expect(screen.column == 8, "> 日本 and the family take 2 + 4 + 2 columns: \(screen.lines)")
    session.type(left)
    screen = session.waitForScreen { $0.column == 6 }
    #expect(screen.column == 6, "one Left moves over the whole family")
    session.type(end + backspace + "\r")
    #expect(session.waitFor("Correct!"), "\(session.text)")
    #expect(session.waitForExit() == 0)
    #expect(try typedAnswers(sandbox) == ["日本"])
  }

  @Test("flags, skin tones and combining accents move and delete as one character")
  func flagsSkinTonesAndAccentsAreOneCharacter() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox, answer: "x🇯🇵 ok caf")
    // Left over the flag puts x before it, not between its halves; Delete
    // takes the thumb with its skin tone; Backspace takes é, typed as e
    // and a combining accent.
    session.type(
      "🇯🇵" + home + "x" + end + " 👍🏽ok" + left + left + left + delete + end + " cafe\u{301}" + backspace + "\r")
    #expect(session.waitFor("Correct!"), "\(session.text)")
    #expect(session.waitForExit() == 0)
    #expect(try typedAnswers(sandbox) == ["x🇯🇵 ok caf"])
  }
}
