import Testing

@testable import MemoQuizKit

/// The name a mistyped group name most likely meant, and when there is none.
@Suite struct GroupSuggestionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let typed: String
    let titles: [String]
    let suggestion: String?
    var testDescription: String { "\(typed) among \(titles)" }
  }

  static let sets = (1...9).map { "Set \($0)" }

  @Test(arguments: [
    Case(typed: "99", titles: sets, suggestion: nil),  // a number is no misspelt "9"
    Case(typed: "10", titles: sets, suggestion: nil),
    Case(typed: "19", titles: sets, suggestion: nil),
    Case(typed: "9", titles: ["Set 9", "Other"], suggestion: "Set 9"),  // a word that is the number itself
    Case(typed: "98", titles: ["99", "Hiragana"], suggestion: "99"),  // a title that is a near number
    Case(typed: "st 9", titles: sets, suggestion: "Set 9"),
    Case(typed: "phrses", titles: ["Basic Phrases", "Numbers"], suggestion: "Basic Phrases"),
    Case(typed: "hiragna", titles: ["Hiragana", "Katakana"], suggestion: "Hiragana"),
    Case(typed: "klingon", titles: ["Hiragana", "Katakana"], suggestion: nil),
  ])
  func aNameGetsTheNearestTitleButANumberIsNoMisspeltWord(_ example: Case) {
    #expect(QuestionGroupCaretaker.suggestion(for: example.typed, among: example.titles) == example.suggestion)
  }
}
