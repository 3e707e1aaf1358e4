import Testing

@testable import MemoQuizKit

/// Where a wrong answer differs from the nearest accepted one.
@Suite struct AnswerDifferenceTests {
  private func difference(_ typed: String, _ answer: String, _ alternatives: [String] = []) -> AnswerDifference? {
    AnswerDifference(typed: typed, accepting: [answer] + alternatives)
  }

  @Test(arguments: [("tus", "tsu"), ("sishi", "sushi"), ("sush", "sushi"), ("susshi", "sushi"), ("Sushii", "sushi!")])
  func oneEditIsANearMiss(_ typed: String, _ answer: String) throws {
    let found = try #require(difference(typed, answer))
    #expect(found.isNearMiss)
  }

  @Test func furtherOrOneCharacterAnswersAreNotNearMisses() throws {
    #expect(try #require(difference("tasi", "tsu")).isNearMiss == false)
    #expect(try #require(difference("x", "i")).isNearMiss == false, "one character is no slip")
    #expect(difference("   ", "tsu") == nil)
  }

  @Test func theNearestAcceptedAnswerIsShown() throws {
    let found = try #require(difference("ten thousnd", "10000", ["ten thousand"]))
    #expect(found.expected == "ten thousand")
    #expect(found.isNearMiss)
  }

  @Test func theLinesMarkEachDifferingColumnWithoutColour() throws {
    let swap = try #require(difference("tus", "tsu"))
    #expect(swap.lines(style: .plain) == "  yours:  tus\n  answer: tsu\n           ^^\n")
    let missing = try #require(difference("sshi", "sushi"))
    #expect(missing.lines(style: .plain) == "  yours:  s-shi\n  answer: sushi\n           ^\n")
    let wide = try #require(difference("すし", "すじ"))
    #expect(
      wide.lines(style: .plain) == "  yours:  すし\n  answer: すじ\n            ^^\n", "two columns for a wide character")
  }

  @Test func colourMarksTheDifferingCharactersToo() throws {
    let found = try #require(difference("sishi", "sushi"))
    let coloured = found.lines(style: TextStyle(isEnabled: true, isUnicode: true))
    #expect(coloured.contains("\u{1B}[31mu\u{1B}[0m"))
    #expect(coloured.hasSuffix("           ^\n"))
  }
}
