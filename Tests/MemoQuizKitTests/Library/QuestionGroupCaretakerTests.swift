import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct QuestionGroupCaretakerTests {
  @Test func withoutAQuestionsFileTheBundledSetIsUsed() throws {
    let folder = try TemporaryFolder()
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    #expect(caretaker.source == .bundled)
    #expect(caretaker.groups.count == 10)
  }

  @Test func aFirstReleaseScoresFileIsCarriedOverWithItsRound() throws {
    let folder = try TemporaryFolder()
    // As the first release wrote it: Katakana 2 right 1 wrong, a sequential
    // Hiragana round three answers in.
    try folder.write(
      "scores.json",
      #"""
      {"rounds": {"Hiragana": {"answers": "101", "fingerprint": "x", "questionCount": 46, "seed": 7,
        "startedAt": "2026-11-20T10:00:00Z", "strategy": "sequential"}},
       "scores": {"Hiragana": {"correctCount": 2, "incorrectCount": 1, "lastPlayed": "2026-11-20T10:05:00Z"},
        "Katakana": {"correctCount": 40, "incorrectCount": 6}}, "version": 1}
      """#)
    var warnings: [String] = []
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path)) { warnings.append($0) }
    #expect(warnings.isEmpty)
    #expect(caretaker.score(of: caretaker.groups[0]) == Score(correctCount: 2, incorrectCount: 1))
    #expect(caretaker.score(of: caretaker.groups[1]) == Score(correctCount: 40, incorrectCount: 6))
    let round = try #require(try caretaker.unfinishedRound(of: "Hiragana", at: Date()))
    #expect(round.remaining.first == "え")
    #expect(try folder.files().contains("scores.v1.json"))
    #expect(try !folder.files().contains("scores.json"))
    // Loading again carries nothing over twice.
    let again = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    #expect(again.score(of: again.groups[1]) == Score(correctCount: 40, incorrectCount: 6))
  }

  @Test func aDamagedScoresFileIsKeptAsideAndReported() throws {
    let folder = try TemporaryFolder()
    try folder.write("scores.json", "{ this is not json")
    var warnings: [String] = []
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path)) { warnings.append($0) }
    #expect(warnings.count == 1)
    let aside = try #require(try folder.files().first { $0.hasPrefix("scores.damaged-") })
    #expect(warnings[0].contains(aside))
    #expect(try folder.read(aside) == Data("{ this is not json".utf8))
    #expect(caretaker.groups.allSatisfy { caretaker.score(of: $0) == Score() })
  }

  @Test func aScoresFileFromANewerVersionIsRefusedNotOverwritten() throws {
    let folder = try TemporaryFolder()
    try folder.write("scores.json", #"{"version": 99, "scores": {}}"#)
    #expect(throws: PersistenceError.self) { try QuestionGroupCaretaker(folder: DataFolder(path: folder.path)) }
    #expect(try folder.read("scores.json") == Data(#"{"version": 99, "scores": {}}"#.utf8))
  }

  @Test func anInvalidQuestionsFileReportsEveryProblem() throws {
    let folder = try TemporaryFolder()
    try folder.write("questions.json", #"[{"title": "A", "questions": []}, {"title": "a", "questions": [{}]}]"#)
    do {
      _ = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
      Issue.record("expected an error")
    } catch QuestionFileError.invalid(_, let diagnostics, _) {
      #expect(diagnostics.count == 4)
    }
  }

  @Test func groupsAreFoundByTitleIgnoringCaseOrByNumber() throws {
    let folder = try TemporaryFolder()
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    #expect(try caretaker.groupIndex(named: "basic phrases") == 2)
    #expect(try caretaker.groupIndex(named: "4") == 3)
    #expect(try caretaker.groupIndex(named: "basic") == 2)
    #expect(throws: QuestionFileError.self) { try caretaker.groupIndex(named: "11") }
    #expect(try caretaker.groupIndex(named: "hira") == 0, "the title the others start with")
    #expect(try caretaker.groupIndex(named: "hiragana d") == 4)
    #expect(throws: QuestionFileError.self) { try caretaker.groupIndex(named: "a") }
  }
}
