import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct QuestionGroupCaretakerTests {
  @Test func withoutAQuestionsFileTheBundledSetIsUsed() throws {
    let folder = try TemporaryFolder()
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    #expect(caretaker.source == .bundled)
    #expect(caretaker.groups.count == 4)
  }

  @Test func scoresAreMergedByTitleAndSavedBack() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    var caretaker = try QuestionGroupCaretaker(folder: data)
    try caretaker.record([true, false, true], for: "Katakana", round: nil, at: Date())
    let reloaded = try QuestionGroupCaretaker(folder: data)
    #expect(reloaded.groups[1].score == Score(correctCount: 2, incorrectCount: 1))
    #expect(reloaded.groups[0].score == Score())
  }

  @Test func aDamagedScoresFileIsKeptAsideAndReported() throws {
    let folder = try TemporaryFolder()
    try folder.write("scores.json", "{ this is not json")
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    #expect(caretaker.warnings.count == 1)
    let aside = try #require(try folder.files().first { $0.hasPrefix("scores.damaged-") })
    #expect(caretaker.warnings[0].contains(aside))
    #expect(try folder.read(aside) == Data("{ this is not json".utf8))
    #expect(caretaker.groups.allSatisfy { $0.score == Score() })
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
    } catch QuestionFileError.invalid(_, let diagnostics) {
      #expect(diagnostics.count == 4)
    }
  }

  @Test func groupsAreFoundByTitleIgnoringCaseOrByNumber() throws {
    let folder = try TemporaryFolder()
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    #expect(try caretaker.groupIndex(named: "basic phrases") == 2)
    #expect(try caretaker.groupIndex(named: "4") == 3)
    #expect(throws: QuestionFileError.self) { try caretaker.groupIndex(named: "5") }
  }
}
