import Testing

@testable import MemoQuizKit

/// Every mistake in a reversed or cloze question is reported at its exact
/// line and column. `‸` marks where; it is removed before the check.
@Suite struct CardTypeValidationTests {
  typealias Case = QuestionFileTests.BrokenFile

  static let cases: [Case] = [
    Case(
      name: "reverse not a boolean",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a", "reverse": ‸"yes"}]}]
        """, message: "\"reverse\" must be true or false, found a string"),
    Case(
      name: "group reverse not a boolean",
      text: """
        [{"title": "A", "reverse": ‸1, "questions": [{"prompt": "p", "answer": "a"}]}]
        """, message: "\"reverse\" must be true or false, found a number"),
    Case(
      name: "empty reverse alternative",
      text: """
        [{"title": "A", "questions": [
          {"prompt": "p", "answer": "a", "reverse": true, "reverseAlternatives": ["q", ‸" "]}
        ]}]
        """, message: "a reverse alternative answer is empty"),
    Case(
      name: "reverse alternatives not an array",
      text: """
        [{"title": "A", "reverse": true, "questions": [{"prompt": "p", "answer": "a", "reverseAlternatives": ‸"q"}]}]
        """, message: "\"reverseAlternatives\" must be an array of strings, found a string"),
    Case(
      name: "a tag not a string",
      text: """
        [{"title": "A", "questions": [{"prompt": "p", "answer": "a", "tags": ["n5", ‸3]}]}]
        """, message: "each tag must be a string, found a number"),
    Case(
      name: "cloze with no deletion",
      text: """
        [{"title": "A", "questions": [{"cloze": ‸"Tokyo is big"}]}]
        """, message: "the cloze has no deletion"),
    Case(
      name: "cloze deletion not closed",
      text: """
        [{"title": "A", "questions": [{"cloze": "Tokyo is ‸{{c1::big"}]}]
        """, message: "this deletion is not closed"),
    Case(
      name: "cloze closing braces with no deletion",
      text: """
        [{"title": "A", "questions": [{"cloze": "{{c1::Tokyo}} is big‸}}"}]}]
        """, message: "\"}}\" closes no deletion"),
    Case(
      name: "cloze number zero",
      text: """
        [{"title": "A", "questions": [{"cloze": "{{c‸0::Tokyo}}"}]}]
        """, message: "the cloze number must be a whole number from 1 to 9999"),
    Case(
      name: "cloze number not a number",
      text: """
        [{"title": "A", "questions": [{"cloze": "{{c‸one::Tokyo}}"}]}]
        """, message: "the cloze number is missing or not a number"),
    Case(
      name: "empty deletion",
      text: """
        [{"title": "A", "questions": [{"cloze": "Tokyo is ‸{{c1::}}"}]}]
        """, message: "the deletion c1 is empty"),
    // Escapes before the problem count as the characters they stand for.
    Case(
      name: "position after escapes",
      text: #"""
        [{"title": "A", "questions": [{"cloze": "\"\u6771\u4eac\" \ud83d\ude00 ‸{{c1::x"}]}]
        """#, message: "this deletion is not closed"),
    Case(
      name: "cloze and prompt",
      text: """
        [{"title": "A", "questions": [{"cloze": "{{c1::Tokyo}}", ‸"prompt": "p"}]}]
        """, message: "either a \"cloze\" or a \"prompt\", not both"),
    Case(
      name: "cloze with an answer",
      text: """
        [{"title": "A", "questions": [{"cloze": "{{c1::Tokyo}}", ‸"answer": "Tokyo"}]}]
        """, message: "a cloze question has no \"answer\""),
    Case(
      name: "cloze reversed",
      text: """
        [{"title": "A", "questions": [{"cloze": "{{c1::Tokyo}}", ‸"reverse": true}]}]
        """, message: "a cloze question is not asked the other way round"),
    Case(
      name: "cloze not a string",
      text: """
        [{"title": "A", "questions": [{"cloze": ‸["{{c1::Tokyo}}"]}]}]
        """, message: "\"cloze\" must be a string, found an array"),
    Case(
      name: "duplicate identity of a reversed question",
      text: """
        [{"title": "A", "questions": [
          {"prompt": "p", "answer": "a", "reverse": true},
          {"prompt": ‸"p", "answer": "b"}
        ]}]
        """, message: "this question's identity \"p\" is also the identity of the question on line 2"),
    Case(
      name: "an id that is another question's prompt, in a reversed group",
      text: """
        [{"title": "A", "reverse": true, "questions": [
          {"prompt": "p", "answer": "a"},
          {"id": ‸"p", "prompt": "q", "answer": "b"}
        ]}]
        """, message: "also the identity of the question on line 2"),
    Case(
      name: "duplicate cloze text",
      text: """
        [{"title": "A", "questions": [
          {"cloze": "{{c1::Tokyo}}"},
          {"cloze": ‸"{{c1::Tokyo}}"}
        ]}]
        """, message: "also the identity of the question on line 2"),
    Case(
      name: "the identity separator in an id",
      text: #"""
        [{"title": "A", "questions": [{"id": "a‸\u001fb", "prompt": "p", "answer": "a"}]}]
        """#, message: "holds the control character U+001F"),
  ]

  @Test(arguments: cases)
  func aMistakeIsReportedAtItsPosition(_ file: Case) throws {
    let (bytes, location) = file.source
    let result = QuestionFile(bytes: bytes)
    #expect(result.groups == nil)
    #expect(result.diagnostics.count == 1, "only the one problem: \(result.diagnostics)")
    let error = try #require(result.errors.first { $0.message.contains(file.message) }, "\(result.diagnostics)")
    #expect(error.location == location, "\(error.message)")
  }

  @Test func reverseAlternativesOfAQuestionNeverReversedAreAWarning() throws {
    let text = """
      [{"title": "A", "questions": [{"prompt": "p", "answer": "a", "reverseAlternatives": ["q"]}]}]
      """
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.errors.isEmpty)
    #expect(
      result.warnings.map(\.message) == [
        "\"reverseAlternatives\" are used only when the question is also asked the other way; add \"reverse\": true"
      ])
    #expect(result.groups?.first?.questions.first?.reverseAlternatives == ["q"])
  }

  @Test func twoPlainQuestionsWithOnePromptStillShareTheirMemory() {
    let text = """
      [{"title": "A", "questions": [{"prompt": "p", "answer": "a"}, {"prompt": "p", "answer": "b"}]}]
      """
    #expect(QuestionFile(bytes: Array(text.utf8)).diagnostics.isEmpty)
  }

  @Test func aValidFileOfEveryKindReadsAsItsGroups() throws {
    let text = """
      [{"title": "Words", "reverse": true, "questions": [
        {"prompt": "犬", "answer": "dog", "reverseAlternatives": ["いぬ"], "tags": ["n5"]},
        {"prompt": "猫", "answer": "cat", "reverse": false},
        {"cloze": "{{c1::Tokyo::city}} is in {{c2::Japan}}", "hint": "east", "id": "tokyo"}
      ]}]
      """
    let result = QuestionFile(bytes: Array(text.utf8))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let group = try #require(result.groups?.first)
    #expect(group.reverse)
    #expect(group.questions[2] == Question(cloze: "{{c1::Tokyo::city}} is in {{c2::Japan}}", hint: "east", id: "tokyo"))
    #expect(group.cards.map(\.prompt) == ["犬", "dog", "猫", "[city] is in Japan", "Tokyo is in [...]"])
  }
}
