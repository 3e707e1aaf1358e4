import Testing

@testable import MemoQuizKit

/// When a wrong answer's difference is shown, and how it is laid out within
/// the terminal's width.
@Suite struct DifferenceShownTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let typed: String
    let answer: String
    let nearMiss: Bool
    let shown: Bool
    var testDescription: String { "\(typed) for \(answer)" }
  }

  @Test(arguments: [
    Case(typed: "uu", answer: "u", nearMiss: true, shown: true),  // one inserted
    Case(typed: "b", answer: "ab", nearMiss: true, shown: true),  // one deleted
    Case(typed: "x", answer: "a", nearMiss: false, shown: false),  // a one-character answer replaced whole
    Case(typed: "cat", answer: "bat", nearMiss: true, shown: true),
    Case(typed: "ba", answer: "ab", nearMiss: true, shown: true),  // neighbours swapped
    Case(typed: "arigatuo", answer: "arigatou", nearMiss: true, shown: true),
    Case(typed: "konichiwa", answer: "konnichiwa", nearMiss: true, shown: true),
    Case(typed: "sashimi", answer: "sushi", nearMiss: false, shown: true),  // 3 edits in 7: similar
    Case(typed: "arigato", answer: "arigatou", nearMiss: true, shown: true),
    Case(typed: "dog", answer: "cat", nearMiss: false, shown: false),
    Case(typed: "xyz", answer: "konnichiwa", nearMiss: false, shown: false),
    Case(typed: "xy", answer: "ab", nearMiss: false, shown: false),
    Case(typed: "ohayo", answer: "konnichiwa", nearMiss: false, shown: false),
  ])
  func theDifferenceIsShownForNearMissesAndSimilarAnswersOnly(_ example: Case) throws {
    let difference = try #require(AnswerDifference(typed: example.typed, accepting: [example.answer]))
    #expect(difference.isNearMiss == example.nearMiss)
    #expect(difference.isWorthShowing == example.shown)
  }

  @Test func theLinesFitTheWidthWithEachMarkUnderItsLetters() throws {
    let difference = try #require(
      AnswerDifference(
        typed: "the quick brown fox jumps over the lazy dgo", accepting: ["the quick brown fox jumps over the lazy dog"]
      ))
    // 30 columns: 2 of indent and 8 of label leave 20 for the letters.
    #expect(
      difference.lines(style: .plain, width: 30)
        == "  yours:  the quick brown fox \n  answer: the quick brown fox \n"
        + "  yours:  jumps over the lazy \n  answer: jumps over the lazy \n"
        + "  yours:  dgo\n  answer: dog\n           ^^\n")
    for line in difference.lines(style: .plain, width: 30).split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 30, "\(line)")
    }
    #expect(
      difference.lines(style: .plain)
        == "  yours:  the quick brown fox jumps over the lazy dgo\n"
        + "  answer: the quick brown fox jumps over the lazy dog\n"
        + "                                                   ^^\n", "one piece when it fits")
  }

  @Test func wideCharactersAreLaidOutByTheirColumns() throws {
    let difference = try #require(AnswerDifference(typed: "ありがとお", accepting: ["ありがとう"]))
    #expect(
      difference.lines(style: .plain, width: 16)
        == "  yours:  ありがと\n  answer: ありがと\n  yours:  お\n  answer: う\n          ^^\n")
  }
}
