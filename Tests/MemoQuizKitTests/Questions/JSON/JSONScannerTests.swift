import Testing

@testable import MemoQuizKit

@Suite struct JSONScannerTests {
  private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    try JSONScanner.parse(Array(text.utf8))
  }

  @Test func valuesAndTheirOffsets() throws {
    let root = try parse(#"  {"a": [1, -2.5e3, true, false, null], "b": "x"}"#)
    #expect(root.offset == 2)
    guard case .object(let members) = root.value else {
      Issue.record("expected an object")
      return
    }
    #expect(members.map(\.key) == ["a", "b"])
    #expect(members[0].keyOffset == 3)
    guard case .array(let elements) = members[0].value.value else {
      Issue.record("expected an array")
      return
    }
    #expect(elements.map(\.offset) == [9, 12, 20, 26, 33])
    if case .number(let text) = elements[1].value { #expect(text == "-2.5e3") } else { Issue.record("number") }
  }

  @Test(arguments: [
    ("01", "cannot start with 0"), ("1.", "after '.'"), ("1e", "exponent"), ("-", "expected a digit"),
    ("tru", "expected a value"), ("\"\\x\"", "invalid escape"), ("\"\\u12\"", "four hex digits"),
    ("\"\\ud800\"", "unpaired surrogate"), ("[1 2]", "is a comma missing"), ("{\"a\" 1}", "expected ':'"),
    ("[", "not closed"), ("{}{}", "after the end"), ("", "empty"), ("   ", "empty"),
  ])
  func syntaxErrorsAreNamed(_ text: String, _ message: String) {
    do {
      _ = try parse(text)
      Issue.record("\(text) parsed")
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func keysReadTheSameWrittenPlainlyOrNot() throws {
    let text = #"{"id": 1, "\u0069d": 2, "Prompt": 3, "prompts": 4, "reverseAlternatives": 5, "idé": 6, "": 7}"#
    let root = try parse(text)
    guard case .object(let members) = root.value else {
      Issue.record("expected an object")
      return
    }
    #expect(members.map(\.key) == ["id", "id", "Prompt", "prompts", "reverseAlternatives", "idé", ""])
    let bytes = Array(text.utf8)
    for (number, member) in members.enumerated() {
      #expect(bytes[member.keyOffset] == UInt8(ascii: "\""))
      #expect(member.value.offset == member.keyOffset + Array("\"\(member.key)\": ".utf8).count + (number == 1 ? 5 : 0))
      if case .number(let value) = member.value.value {
        #expect(value == String(number + 1))
      } else {
        Issue.record("number")
      }
    }
  }

  @Test func byteOrderMarkIsSkipped() throws {
    let node = try JSONScanner.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8))
    #expect(node.offset == 3)
  }

  @Test func lineTableCountsCharactersNotBytes() {
    let table = LineTable(Array("ab\nあい x\n".utf8))
    #expect(table.location(of: 0) == FilePosition(line: 1, column: 1))
    #expect(table.location(of: 3) == FilePosition(line: 2, column: 1))
    #expect(table.location(of: 10) == FilePosition(line: 2, column: 4))
    #expect(table.location(of: 12) == FilePosition(line: 3, column: 1))
  }
}
