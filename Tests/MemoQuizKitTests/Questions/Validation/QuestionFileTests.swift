import Testing

@testable import MemoQuizKit

/// Every kind of mistake in a questions file is reported at its exact line
/// and column. In each case below, `‸` marks where the problem must be
/// reported; it is removed before the text is checked.
@Suite struct QuestionFileTests {
  struct BrokenFile: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let message: String
    var testDescription: String { name }

    /// The text without the marker, and the marker's line and column.
    var source: (bytes: [UInt8], location: FilePosition) {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let lineIndex = lines.firstIndex { $0.contains("‸") } ?? 0
      let column = lines[lineIndex].unicodeScalars.prefix { $0 != "‸" }.count + 1
      return (Array(text.replacing("‸", with: "").utf8), FilePosition(line: lineIndex + 1, column: column))
    }
  }

  static let brokenFiles: [BrokenFile] = [
    BrokenFile(
      name: "missing comma between members",
      text: """
        [
          {"title": "A" ‸"questions": [{"prompt": "p", "answer": "a"}]}
        ]
        """, message: "expected ',' or '}'"),
    BrokenFile(
      name: "missing comma between questions",
      text: """
        [{"title": "A", "questions": [
          {"prompt": "p", "answer": "a"}
          ‸{"prompt": "q", "answer": "b"}
        ]}]
        """, message: "expected ',' or ']'"),
    BrokenFile(
      name: "unclosed string",
      text: """
        [{"title": "A", "questions": [{"prompt": ‸"unclosed}]}]
        """, message: "unterminated string"),
    BrokenFile(
      name: "string broken by a line",
      text: """
        [{"title": ‸"Hira
        gana", "questions": [{"prompt": "p", "answer": "a"}]}]
        """, message: "unterminated string"),
    BrokenFile(
      name: "trailing comma in an array",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a"},
        ‸]}]
        """, message: "trailing comma before ']'"),
    BrokenFile(
      name: "trailing comma in an object",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a", ‸}]}]
        """, message: "trailing comma before '}'"),
    BrokenFile(
      name: "trailing garbage",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a"}]}]
        ‸oops
        """, message: "after the end of the JSON value"),
    BrokenFile(
      name: "single quotes",
      text: """
        [{‸'title': "A"}]
        """, message: "expected a key in double quotes"),
    BrokenFile(
      name: "unquoted value",
      text: """
        [{"title": ‸Hiragana, "questions": [{"prompt": "p", "answer": "a"}]}]
        """, message: "expected a value"),
    BrokenFile(
      name: "empty file",
      text: "‸", message: "the file is empty"),
    BrokenFile(
      name: "unclosed array",
      text: """
        ‸[{"title": "A", "questions": [{"prompt": "p", "answer": "a"}]}
        """, message: "not closed"),
    BrokenFile(
      name: "top-level object",
      text: """
        ‸{"title": "A", "questions": [{"prompt": "p", "answer": "a"}]}
        """, message: "expected an array of question groups"),
    BrokenFile(
      name: "missing answer",
      text: """
        [{"title": "A", "questions": [
          {"prompt": "p", "answer": "a"},
          ‸{"prompt": "q"}
        ]}]
        """, message: "question 2 has no \"answer\""),
    BrokenFile(
      name: "empty prompt",
      text: """
        [{"title": "A", "questions": [{"prompt": ‸"  ", "answer": "a"}]}]
        """, message: "\"prompt\" is empty"),
    BrokenFile(
      name: "answer of the wrong type",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": ‸4}]}]
        """, message: "\"answer\" must be a string, found a number"),
    BrokenFile(
      name: "alternatives not an array",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a", "alternatives": ‸"b"}]}]
        """, message: "\"alternatives\" must be an array"),
    BrokenFile(
      name: "empty alternative",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a", "alternatives": ["b", ‸""]}]}]
        """, message: "an alternative answer is empty"),
    BrokenFile(
      name: "duplicate title ignoring case",
      text: """
        [{"title": "Kana", "questions": [{"prompt": "p", "answer": "a"}]},
         {"title": ‸"KANA", "questions": [{"prompt": "p", "answer": "a"}]}]
        """, message: "duplicate title \"KANA\"; titles must be unique ignoring case (the first is on line 1)"),
    BrokenFile(
      name: "empty group",
      text: """
        [{"title": "A", "questions": ‸[]}]
        """, message: "\"questions\" is empty"),
    BrokenFile(
      name: "group without questions",
      text: """
        [‸{"title": "A"}]
        """, message: "group \"A\" has no \"questions\""),
    BrokenFile(
      name: "group without title",
      text: """
        [‸{"questions": [{"prompt": "p", "answer": "a"}]}]
        """, message: "group 1 has no \"title\""),
    BrokenFile(
      name: "duplicate key",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a", ‸"answer": "b"}]}]
        """, message: "duplicate key \"answer\""),
    BrokenFile(
      name: "duplicate id key",
      text: """
        [{"title": "A", "questions": [{"id": "x", "prompt": "p", "answer": "a", ‸"id": "y"}]}]
        """, message: "duplicate key \"id\"; the first is on line 1; keep only one"),
    BrokenFile(
      name: "duplicate id",
      text: """
        [{"title": "A", "questions": [{"id": "x", "prompt": "p", "answer": "a"},
          {"id": "y", "prompt": "q", "answer": "b"}, {"id": ‸"x", "prompt": "r", "answer": "c"}]}]
        """, message: "duplicate id \"x\" in this group; ids must be unique (the first is on line 1)"),
    BrokenFile(
      name: "blank id",
      text: """
        [{"title": "A", "questions": [{"id": ‸" \\u3000", "prompt": "p", "answer": "a"}]}]
        """, message: "\"id\" must be a non-empty string"),
    BrokenFile(
      name: "negative score",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a"}], "score": {"correctCount": ‸-1}}]
        """, message: "\"correctCount\" must be a whole number"),
    BrokenFile(
      name: "control character in a string",
      text: "[{\"title\": \"A‸\u{1}\", \"questions\": [{\"prompt\": \"p\", \"answer\": \"a\"}]}]",
      message: "control character"),
    BrokenFile(
      name: "a count too large to add",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a"}],
          "score": {"correctCount": ‸9223372036854775807, "incorrectCount": 1}}]
        """, message: "\"correctCount\" must be a whole number from 0 to 9007199254740991"),
    BrokenFile(
      name: "a title with a space at its end",
      text: """
        [{"title": ‸"Kana ", "questions": [{"prompt": "p", "answer": "a"}]}]
        """, message: "starts or ends with a space"),
    BrokenFile(
      name: "a title of invisible characters only",
      text: """
        [{"title": ‸"\\u200B\\u2060", "questions": [{"prompt": "p", "answer": "a"}]}]
        """, message: "the title shows nothing"),
    BrokenFile(
      name: "columns count characters, not bytes",
      text: """
        [{"title": "ひらがな", "questions": [{"prompt": "あ", "answer": ‸true}]}]
        """, message: "\"answer\" must be a string, found a boolean"),
    BrokenFile(
      name: "an Anki note type without its id",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a", "ankiNoteType": ‸{"name": "Basic", "fields": []}}]}]
        """, message: "\"ankiNoteType\" must be an object with a numeric \"id\""),
  ]

  @Test func theAnkiNoteTypeAQuestionCameWithIsKept() throws {
    let text = #"""
      [{"title": "A", "questions": [{"prompt": "p", "answer": "a", "ankiNoteType": {"id": 1795911652130,
        "name": "Basic", "fields": ["Front", "Back"], "templates": ["Card 1"]}}]}]
      """#
    let groups = try #require(QuestionFile(bytes: Array(text.utf8)).groups)
    let noteType = try #require(groups.first?.questions.first?.ankiNoteType)
    #expect(
      noteType
        == AnkiNoteTypeRecord(
          id: 1_795_911_652_130, name: "Basic", fields: ["Front", "Back"], templates: ["Card 1"], isCloze: false))
    // Written back as it was read.
    let again = try #require(QuestionFile(bytes: QuestionExport.json(groups)).groups)
    #expect(again == groups)
  }

  @Test func aGroupListsItsNoteTypesOnceAndAQuestionNamesItsOwnOnlyWhenItDiffers() throws {
    let basic = AnkiNoteTypeRecord(
      id: 1_795_911_652_130, name: "Basic", fields: ["Front", "Back"], templates: ["Card 1"], isCloze: false)
    let cloze = AnkiNoteTypeRecord(
      id: 1_795_911_652_131, name: "Cloze", fields: ["Text", "Back Extra"], templates: ["Cloze"], isCloze: true)
    var first = Question(prompt: "p", answer: "a")
    first.ankiNoteType = basic
    var second = Question(prompt: "q", answer: "b")
    second.ankiNoteType = basic
    var third = Question(cloze: "{{c1::x}} y")
    third.ankiNoteType = cloze
    let own = Question(prompt: "made here", answer: "c")
    let groups = [QuestionGroup(title: "A", questions: [first, second, third, own])]
    let text = String(decoding: QuestionExport.json(groups), as: UTF8.self)
    #expect(
      text == """
        [
          {
            "title": "A",
            "ankiNoteTypes": [
              {"id": 1795911652130, "name": "Basic", "fields": ["Front", "Back"], "templates": ["Card 1"]},
              {"id": 1795911652131, "name": "Cloze", "fields": ["Text", "Back Extra"], "templates": ["Cloze"], "cloze": true}
            ],
            "questions": [
              {"prompt": "p", "answer": "a"},
              {"prompt": "q", "answer": "b"},
              {"cloze": "{{c1::x}} y", "ankiNoteType": 1795911652131},
              {"prompt": "made here", "answer": "c", "ankiNoteType": null}
            ]
          }
        ]

        """)
    #expect(try #require(QuestionFile(bytes: Array(text.utf8)).groups) == groups)
  }

  @Test func aQuestionNamingANoteTypeItsGroupDoesNotListIsAnError() {
    let text = #"[{"title": "A", "questions": [{"prompt": "p", "answer": "a", "ankiNoteType": 17}]}]"#
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.groups == nil)
    #expect(result.errors.map(\.message) == [#""ankiNoteType" 17 is none of the group's "ankiNoteTypes""#])
  }

  @Test(arguments: brokenFiles)
  func brokenFileIsReportedAtItsPosition(_ file: BrokenFile) throws {
    let (bytes, location) = file.source
    let result = QuestionFile(bytes: bytes)
    #expect(result.groups == nil)
    #expect(result.diagnostics.count == 1, "only the one problem: \(result.diagnostics)")
    let error = try #require(result.errors.first { $0.message.contains(file.message) }, "\(result.diagnostics)")
    #expect(error.location == location, "\(error.message)")
    #expect(error.formatted(file: "q.json").hasPrefix("q.json:\(location.line):\(location.column): error: "))
  }

  @Test func invalidUTF8IsReportedAtTheString() {
    var bytes = Array(#"[{"title": "A", "questions": [{"prompt": ""#.utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array(#"", "answer": "a"}]}]"#.utf8)
    let result = QuestionFile(bytes: bytes)
    #expect(result.errors.count == 1)
    #expect(result.errors.first?.message.contains("invalid UTF-8") == true)
    #expect(result.errors.first?.location == FilePosition(line: 1, column: 42))
  }

  @Test(arguments: [
    ([0xFF, 0xFE, 0x5B, 0, 0x7B, 0] as [UInt8], "UTF-16"),
    ([0xFE, 0xFF, 0, 0x5B] as [UInt8], "UTF-16"),
    ([0x5B, 0, 0x7B, 0] as [UInt8], "UTF-16"),
    ([0x5B, 0, 0, 0] as [UInt8], "UTF-32"),
  ])
  func aWideEncodingIsNamed(_ bytes: [UInt8], _ encoding: String) {
    let result = QuestionFile(bytes: bytes)
    #expect(result.errors.map(\.message) == ["the file is \(encoding), not UTF-8; save it as UTF-8"])
  }

  // Quadratic work would take many minutes here, linear work a moment: the
  // time limit turns a hang into a failure (Benchmarks/run measures speed).
  @Test(.timeLimit(.minutes(1)))
  func manyProblemsOnOneLongLineAreFoundInLinearTime() {
    // 200,000 problems on one 400 KB line: each column is found from the
    // last one, not from the start of the line.
    let text = "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]"
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.errorCount == 200_000)
    #expect(result.errors.count == 1000, "the first thousand are listed")
    #expect(result.errors.last?.location == FilePosition(line: 1, column: 2000))
  }

  @Test(.timeLimit(.minutes(1)))
  func duplicateKeysInAHugeObjectAreFoundInLinearTime() throws {
    let keys = (0..<100_000).map { "\"k\($0)\": 1" }.joined(separator: ",")
    let text =
      #"[{"title": "A", "questions": [{"prompt": "p", "answer": "a", "#
      + keys + #", "k7": 2}]}]"#
    let result = QuestionFile(bytes: Array(text.utf8))
    let duplicate = try #require(result.errors.first)
    #expect(result.errors.count == 1)
    #expect(duplicate.message == "duplicate key \"k7\"; the first is on line 1; keep only one")
  }

  @Test func everyContentErrorIsReportedNotOnlyTheFirst() {
    let text = """
      [{"title": "A", "questions": [{"prompt": "p"}, {"answer": "a"}]},
       {"title": "", "questions": []}]
      """
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.errors.count == 4)
    #expect(result.errors.map(\.location.line) == [1, 1, 2, 2])
  }

  @Test(arguments: [
    ("hnit", "hint"), ("promt", "prompt"), ("Answer", "answer"), ("alternative", "alternatives"),
    ("titel", "title"),
  ])
  func keysThatLookLikeTyposGetAWarning(_ typo: String, _ meant: String) throws {
    let question = meant == "title" ? "" : #", "\#(typo)": "x""#
    let group = meant == "title" ? #", "\#(typo)": "x""# : ""
    let text = #"[{"title": "A"\#(group), "questions": [{"prompt": "p", "answer": "a"\#(question)}]}]"#
    let result = QuestionFile(bytes: Array(text.utf8))
    let warning = try #require(result.warnings.first)
    #expect(warning.message == "unknown key \"\(typo)\"; did you mean \"\(meant)\"?")
    #expect(result.groups != nil, "a warning does not make the file invalid")
  }

  @Test func unknownKeysThatAreNotTyposAreAccepted() {
    let text = #"[{"title": "A", "id": 3, "questions": [{"prompt": "p", "answer": "a", "notes": "x"}]}]"#
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.diagnostics.isEmpty)
    #expect(result.groups?.first?.questions.first?.answer == "a")
  }

  @Test(arguments: ["", " ", "\t\n", "\u{3000}", " \u{3000}\r\n", "a", " a", "\u{3000}a", "あ", "~", "\u{7F}"])
  func blankIsWhatAllWhiteSpaceIs(_ text: String) {
    #expect(QuestionFileChecker.isBlank(text) == text.allSatisfy(\.isWhitespace))
  }

  @Test func aQuestionWithEveryKeyOnceHasNoProblem() throws {
    let text = #"""
      [{"title": "A", "questions": [
        {"id": "x", "prompt": "p", "answer": "a", "alternatives": ["b"], "hint": "h", "reverse": true,
         "reverseAlternatives": ["q"], "tags": ["t"]},
        {"id": "c", "cloze": "{{c1::word}}", "hint": "h", "tags": ["t", "u"]}]}]
      """#
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let questions = try #require(result.groups?.first?.questions)
    #expect(questions.map(\.id) == ["x", "c"])
    #expect(questions.map(\.tags) == [["t"], ["t", "u"]])
    #expect(questions.first?.reverseAlternatives == ["q"])
  }

  @Test func escapesAndSurrogatePairsDecode() {
    let text = #"[{"title": "\u3042\ud83d\ude00\n\"", "questions": [{"prompt": "p", "answer": "a"}]}]"#
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.groups?.first?.title == "あ😀\n\"")
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text = String(repeating: "[", count: 100_000)
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.errors.contains { $0.message.contains("nesting deeper") })
  }
}
