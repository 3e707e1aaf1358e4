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

  @Test func scoresMementoRoundTripsWithItsVersion() throws {
    var book = ScoreBook()
    book.scores["Hiragana"] = ScoreBook.Entry(
      score: Score(correctCount: 3, incorrectCount: 1), lastPlayed: Date(timeIntervalSince1970: 1_700_000_000))
    book.rounds["Hiragana"] = RoundMemento(
      strategy: "random", seed: 42, questionCount: 46, fingerprint: "abc", answers: "101",
      startedAt: Date(timeIntervalSince1970: 1_700_000_000))
    let bytes = try DiskCaretaker.encode(book)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"version\" : 1"))
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    #expect(try decoder.decode(ScoreBook.self, from: Data(bytes)) == book)
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
