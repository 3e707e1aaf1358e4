import Testing

@testable import MemoQuizKit

/// BSD quiz(6) answer patterns: nesting is bounded.
@Suite struct QuizPatternNestingTests {
  @Test func nestingPastTheLimitIsAnErrorNotACrash() throws {
    for pattern in [
      String(repeating: "[", count: 1_000_000),
      String(repeating: "{", count: 50_000) + "a" + String(repeating: "}", count: 50_000),
    ] {
      #expect(throws: QuizPattern.Malformed.self) {
        try QuizPattern.spellings(of: pattern, limit: 101)
      }
    }
    let deepest =
      String(repeating: "[", count: QuizPattern.maximumDepth) + "a|b"
      + String(repeating: "]", count: QuizPattern.maximumDepth)
    #expect(try QuizPattern.spellings(of: deepest, limit: 101) == ["a", "b"])
  }

  @Test func aLongLiteralLineIsRead() throws {
    let line = String(repeating: "ab", count: 500_000)
    #expect(try QuizPattern.spellings(of: line, limit: 101) == [line])
    #expect(try QuizPattern.spellings(of: "{the }cat|dog", limit: 101) == ["the cat", "cat", "dog"])
  }
}
