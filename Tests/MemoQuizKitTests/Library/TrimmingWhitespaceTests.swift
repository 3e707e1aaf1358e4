import Testing

@testable import MemoQuizKit

/// An answer is trimmed of white space at both ends, however it is written.
@Suite struct TrimmingWhitespaceTests {
  @Test(arguments: [
    ("a0", "a0"), (" a0 ", "a0"), ("\ta b\n", "a b"), ("x\r\n", "x"), ("", ""), ("   ", ""),
    ("\u{3000}あ\u{3000}", "あ"), ("e\u{0301}", "e\u{0301}"), (" e\u{0301} ", "e\u{0301}"), ("\u{A0}~\u{A0}", "~"),
    ("!?", "!?"), ("é", "é"),
  ])
  func bothEndsAreTrimmed(_ text: String, _ trimmed: String) {
    #expect(text.trimmingWhitespace == trimmed)
  }
}
