import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct ModelCodingTests {
  @Test func tutorialAppFileDecodesWithItsScores() throws {
    let groups = try JSONDecoder().decode([QuestionGroup].self, from: Fixtures.data("tutorial-app.json"))
    #expect(groups.count == 2)
    #expect(groups[0].score == Score(correctCount: 5, incorrectCount: 2))
    #expect(groups[0].questions[0] == Question(prompt: "あ", answer: "a"))
    #expect(groups[1].questions[0].hint == "like an axe")
  }

  @Test func memoquizFormatDecodesWithDefaults() throws {
    let groups = try JSONDecoder().decode([QuestionGroup].self, from: Fixtures.data("memoquiz-format.json"))
    #expect(groups[0].score == Score())
    #expect(groups[0].questions[0].alternatives == ["four"])
    #expect(groups[0].questions[1].alternatives == [])
    #expect(groups[0].questions[1].hint == nil)
  }

  @Test(arguments: ["tutorial-app.json", "memoquiz-format.json"])
  func bothFormatsRoundTrip(_ fixture: String) throws {
    let groups = try JSONDecoder().decode([QuestionGroup].self, from: Fixtures.data(fixture))
    let encoded = try JSONEncoder().encode(groups)
    #expect(try JSONDecoder().decode([QuestionGroup].self, from: encoded) == groups)
    // The library's own reader agrees with Codable on both formats.
    let read = QuestionFile(bytes: [UInt8](try Fixtures.data(fixture)))
    #expect(read.groups == groups)
    #expect(read.diagnostics.isEmpty)
  }

  @Test func countsTooLargeToAddNeverTrap() {
    let huge = Score(correctCount: Int.max, incorrectCount: 1)
    #expect(huge.answeredCount == Int.max)
    #expect(huge.adding(huge).correctCount == Int.max)
    var score = huge
    score.record(correct: true)
    #expect(score.correctCount == Int.max)
  }

  @Test func scoreAccuracyAndRetractNeverGoBelowZero() {
    var score = Score()
    #expect(score.accuracy == nil)
    score.record(correct: true)
    score.record(correct: false)
    #expect(score.accuracy == 0.5)
    score.retract(correct: false)
    score.retract(correct: false)
    #expect(score == Score(correctCount: 1, incorrectCount: 0))
  }
}
