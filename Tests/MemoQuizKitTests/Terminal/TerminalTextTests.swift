import Testing

@testable import MemoQuizKit

@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("\u{1B}[2Jclear", "^[[2Jclear"),
    ("\u{1B}]0;title\u{7}", "^[]0;title^G"),
    ("bell\u{7}", "bell^G"),
    ("line\nbreak\ttab", "line break tab"),
    ("\u{9B}31m", "<U+009B>31m"),
    ("abc\u{202E}def", "abc<U+202E>def"),
    ("del\u{7F}", "del^?"),
    ("ひらがな", "ひらがな"),
  ])
  func sanitisingNeutralisesControls(_ input: String, _ expected: String) {
    #expect(TextSanitizer.sanitized(input) == expected)
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("ひらがな") == 8)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.fit("ひらがな", width: 10) == "ひらがな  ")
    #expect(DisplayWidth.fit("ひらがなカタカナ", width: 7) == "ひらが…")
    #expect(DisplayWidth.of(DisplayWidth.fit("ひらがなカタカナ", width: 8)) == 8)
  }

  @Test func colourFollowsTerminalNoColorAndTerm() {
    let environment: [String: String] = ["TERM": "xterm", "LANG": "en_US.UTF-8"]
    #expect(TextStyle.detect(isTerminal: true) { environment[$0] }.isEnabled)
    #expect(!TextStyle.detect(isTerminal: false) { environment[$0] }.isEnabled)
    #expect(!TextStyle.detect(isTerminal: true) { ["NO_COLOR": "1", "TERM": "xterm"][$0] }.isEnabled)
    #expect(!TextStyle.detect(isTerminal: true) { ["TERM": "dumb"][$0] }.isEnabled)
    #expect(TextStyle.detect(isTerminal: true) { environment[$0] }.isUnicode)
    #expect(!TextStyle.detect(isTerminal: true) { ["LANG": "C"][$0] }.isUnicode)
    #expect(TextStyle(isEnabled: false, isUnicode: true).green("ok") == "ok")
  }
}
