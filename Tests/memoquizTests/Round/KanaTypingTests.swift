import Foundation
import Testing

/// Romaji turns into kana as it is typed, on a pseudo-terminal, when the
/// answer is written in kana: what is shown is what is judged, Backspace
/// takes back a whole kana, `nn` is ん at once, capitals give katakana,
/// and `:romaji` turns it off.
@Suite struct KanaTypingTests {
  private let backspace = "\u{7F}"

  private func session(_ sandbox: MemoQuizSandbox) throws -> PseudoTerminalSession {
    try sandbox.writeQuestions(
      #"[{"title": "Words", "questions": [{"prompt": "water", "answer": "みず"}, "#
        + #"{"prompt": "book", "answer": "ほん"}, {"prompt": "camera", "answer": "カメラ"}, "#
        + #"{"prompt": "meat", "answer": "にく"}, {"prompt": "rain", "answer": "あめ"}, "#
        + #"{"prompt": "hello", "answer": "hello"}]}]"#)
    var environment = sandbox.environment
    environment["NO_COLOR"] = "1"
    let session = try PseudoTerminalSession(
      arguments: ["play", "Words", "--strategy", "sequential"], environment: environment)
    #expect(session.waitFor("[1/6] water"))
    return session
  }

  /// The answer line as the screen shows it now.
  private func answerLine(_ session: PseudoTerminalSession, is expected: String) -> Bool {
    let line = expected.isEmpty ? ">" : "> " + expected
    func shown(_ screen: TerminalScreen) -> String? {
      screen.lines.last { !$0.isEmpty }.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
    return shown(session.waitForScreen { shown($0) == line }) == line
  }

  @Test func romajiBecomesKanaAsItIsTyped() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try session(sandbox)
    // A syllable turns into kana once it is whole; an unfinished one waits.
    session.type("miz")
    #expect(answerLine(session, is: "みz"))
    // Backspace takes the z, then the whole み.
    session.type(backspace + backspace)
    #expect(answerLine(session, is: ""))
    session.type("mizu")
    #expect(answerLine(session, is: "みず"))
    session.type("\r")
    #expect(session.waitFor("[2/6] book"))
    // `nn` shows ん as soon as the second n is typed, before Enter.
    session.type("hon")
    #expect(answerLine(session, is: "ほn"))
    session.type("n")
    #expect(answerLine(session, is: "ほん"))
    session.type("\r")
    #expect(session.waitFor("[3/6] camera"))
    // Capitals give katakana, one syllable at a time.
    session.type("KaMeRa")
    #expect(answerLine(session, is: "カメラ"))
    session.type("\r")
    #expect(session.waitFor("[4/6] meat"))
    // Backspace over a converted kana, then retype.
    session.type("niki" + backspace + "ku\r")
    #expect(session.waitFor("[5/6] rain"))
    // `:romaji` is never converted, and turns the conversion off.
    session.type(":romaji")
    #expect(answerLine(session, is: ":romaji"))
    session.type("\r")
    #expect(session.waitFor("no longer turned into kana"))
    session.type("ame")
    #expect(answerLine(session, is: "ame"))
    session.type("\r")
    #expect(session.waitFor("The answer is あめ"))
    // An answer not in kana is typed as it is.
    #expect(session.waitFor("[6/6] hello"))
    session.type("hello\r")
    #expect(session.waitFor("Round complete"))
    #expect(session.waitForExit() == 0)
    #expect(try sandbox.storedScore("Words") == (5, 1))
    let history = try String(contentsOf: sandbox.historyFile, encoding: .utf8)
    for kana in ["みず", "ほん", "カメラ", "にく"] { #expect(history.contains("\t\(kana)\t"), "\(kana) kept as judged") }
  }
}
