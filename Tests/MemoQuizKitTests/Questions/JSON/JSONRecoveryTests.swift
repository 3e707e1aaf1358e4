import Testing

@testable import MemoQuizKit

/// Reading on after a syntax error: every error that can
/// be told apart is found in one pass, each once, within the caps.
@Suite struct JSONRecoveryTests {
  private func errors(_ text: String) -> [String] {
    JSONScanner.parseRecovering(Array(text.utf8)).errors.map { "\($0.offset): \($0.message)" }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    let errors: [String]
    var testDescription: String { text }
  }

  static let cases: [Case] = [
    Case(
      text: #"[1,, 2 3, tru, "a",]"#,
      errors: [
        "3: unexpected character ','; expected a value",
        "7: unexpected character '3'; expected ',' or ']' (is a comma missing?)",
        "10: unexpected character 't'; expected a value (strings need double quotes)",
        "19: trailing comma before ']'; remove the last comma",
      ]),
    Case(
      text: #"{"a" 1, "b": , c: 2, "d": 4,}"#,
      errors: [
        "5: unexpected character '1'; expected ':' after the key",
        "13: unexpected character ','; expected a value",
        "15: unexpected character 'c'; expected a key in double quotes",
        "28: trailing comma before '}'; remove the last comma",
      ]),
    // A bracket of the wrong kind is reported once, by the level it does
    // not close, and closes the level it does.
    Case(
      text: #"[{"a": 1], 2]"#,
      errors: [
        #"8: unexpected character ']'; expected ',' or '}'"#,
        "9: unexpected character ',' after the end of the JSON value",
      ]),
    // A truncated file: the innermost open value is named, once.
    Case(text: #"[{"a": [1, 2"#, errors: ["7: unexpected end of file; the array opened here is not closed"]),
    // A string that runs to the end says so; its containers add nothing.
    Case(text: #"[{"a": "open}]"#, errors: [#"7: unterminated string; add the closing '"'"#]),
    // A line break in a string: a missing closing quote, or a string that
    // goes on to the next line; reading goes on after either.
    Case(
      text: "[\"a,\n\"b\", \"c\nd\", 1 2]",
      errors: [
        "1: unterminated string (a line break inside a string must be written \\n)",
        "10: unterminated string (a line break inside a string must be written \\n)",
        "19: unexpected character '2'; expected ',' or ']' (is a comma missing?)",
      ]),
    Case(
      text: "[\"a\u{1}b\", 1 1]",
      errors: [
        "3: control character in a string; write it as an escape such as \\t",
        "10: unexpected character '1'; expected ',' or ']' (is a comma missing?)",
      ]),
  ]

  @Test(arguments: cases)
  func everySyntaxErrorIsFoundInOnePass(_ example: Case) {
    #expect(errors(example.text) == example.errors)
  }

  @Test func theFirstErrorIsStillTheOneParseThrows() {
    #expect(throws: JSONSyntaxError(offset: 3, message: "unexpected character ','; expected a value")) {
      try JSONScanner.parse(Array("[1,,2 3]".utf8))
    }
  }

  @Test func errorsPastTheLimitAreCountedNotKept() {
    let text = "[" + Array(repeating: "x", count: 200_000).joined(separator: ",") + "]"
    let result = JSONScanner.parseRecovering(Array(text.utf8))
    #expect(result.errors.count == JSONScanner.errorLimit)
    #expect(result.errorCount == 200_000)
  }

  @Test func nestingPastTheLimitIsSkippedWholeWithoutRecursion() {
    let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
    let result = JSONScanner.parseRecovering(Array("[\(deep), 1]".utf8))
    #expect(result.errors.map(\.message) == ["nesting deeper than 512 levels"])
    let open = JSONScanner.parseRecovering(Array(String(repeating: "{\"a\":", count: 100_000).utf8))
    #expect(open.errors.first?.message == "nesting deeper than 512 levels")
    #expect(open.errorCount == 2, "and the end of the file inside the open objects: \(open.errors)")
  }

  @Test func contentIsCheckedAroundSyntaxErrorsButNotWhereTheyAre() {
    let text = """
      [{"title": "A", "questions": [{"prompt": tru, "answer": "a"}, {"prompt": "p"}]},
       {"title": "B", "questions": [{"prompt": "q", "answer": "b"}], "score": {"correctCount": -}},
       {"title": "A", "questions": [{"prompt": "r" "answer": "c"}]}]
      """
    let file = QuestionFile(bytes: Array(text.utf8))
    #expect(
      file.errors.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
        "1:42: unexpected character 't'; expected a value (strings need double quotes)",
        "1:63: question 2 has no \"answer\"",
        "2:90: invalid number; expected a digit",
        "3:12: duplicate title \"A\"; titles must be unique ignoring case (the first is on line 1)",
        "3:46: unexpected character '\"'; expected ',' or '}' (is a comma missing?)",
      ])
    #expect(file.errorCount == 5)
    #expect(file.groups == nil)
  }
}
