import Foundation
import Testing

@testable import MemoQuizKit

/// What a step does, as every view of the history sees it: `history`, `undo`,
/// `redo` and the optimizer agree with the fold on imports taken back and on
/// renamed groups.
@Suite struct StepEffectsTests {
  private let start = Date(timeIntervalSince1970: 1_767_600_000)

  private func caretaker(_ folder: TemporaryFolder, questions: String) throws -> ProgressCaretaker {
    try folder.write("questions.json", questions)
    return try ProgressCaretaker(folder: DataFolder(path: folder.path), wording: .tool)
  }

  private func group(_ title: String) -> [UInt8] {
    Array(
      #"[{"title": "\#(title)", "questions": [{"prompt": "q0", "answer": "a0"}, {"prompt": "q1", "answer": "a1"}]}]"#
        .utf8)
  }

  @Test func undoingAnImportTakesBackItsReviewsAndTheNextUndoTheStepBeforeIt() throws {
    let folder = try TemporaryFolder()
    let progress = try caretaker(folder, questions: String(decoding: group("Kana"), as: UTF8.self))
    try progress.set("new-per-day", to: "7", summary: "new-per-day 7", at: start)
    // Reviews from the other program's log, days before the import.
    let reviews = (0..<3).map { day in
      ImportedAnswer(
        origin: "review \(day)", group: "Japanese", question: "週", prompt: "週",
        time: Timestamp(start.addingTimeInterval(Double(day - 10) * 86_400)), rating: .good, seconds: 2)
    }
    let japanese = #"[{"title": "Japanese", "questions": [{"id": "週", "prompt": "週", "answer": "week"}]}]"#
    try progress.changeQuestions(kind: .import, group: "Japanese", at: start + 60, imported: reviews) { _ in
      (Array(japanese.utf8), "import of Japanese", ())
    }
    func undone() throws -> [Bool] { try progress.steps().map(\.isUndone) }
    let summaries = try progress.steps().map(\.summary)
    // One machine's steps stay in the order it made them: the import's
    // reviews go just before it.
    #expect(
      summaries == ["new-per-day 7"] + Array(repeating: "answer \"\" to 週: correct", count: 3) + ["import of Japanese"])
    #expect(try undone() == [false, false, false, false, false])

    #expect(
      try progress.undo(nil, at: start + 120)
        == "Took back step 5: import of Japanese; the questions are as they were before it."
        + " `memoquiz redo` brings it back.")
    let afterUndo = try undone()
    #expect(afterUndo == [false, true, true, true, true], "the import's reviews go with it")
    #expect(try progress.reviewHistories().isEmpty)
    let second = try progress.undo(nil, at: start + 180)
    #expect(
      second
        == "Took back step 1: new-per-day 7; the setting is as it was before it. `memoquiz redo` brings it back.")
    #expect(try undone() == [true, true, true, true, true])
    #expect(throws: HistoryError.self) { try progress.undo(nil, at: start + 240) }

    let redone = try progress.redo(at: start + 300)
    #expect(redone == "Brought back step 1: new-per-day 7.")
    #expect(try progress.redo(at: start + 360) == "Brought back step 5: import of Japanese.")
    #expect(try undone() == [false, false, false, false, false], "bringing back the import brings its reviews")
    #expect(try progress.reviewHistories().map(\.reviews.count) == [3])
  }

  @Test func anImportTakenBackCanBeMadeAgainWithItsReviews() throws {
    let folder = try TemporaryFolder()
    let progress = try caretaker(folder, questions: String(decoding: group("Kana"), as: UTF8.self))
    let reviews = (0..<3).map { day in
      ImportedAnswer(
        origin: "review \(day)", group: "Japanese", question: "週", prompt: "週",
        time: Timestamp(start.addingTimeInterval(Double(day - 10) * 86_400)), rating: .good, seconds: 2)
    }
    let japanese = #"[{"title": "Japanese", "questions": [{"id": "週", "prompt": "週", "answer": "week"}]}]"#
    func importJapanese(at time: Date) throws {
      try progress.changeQuestions(kind: .import, group: "Japanese", at: time, imported: reviews) { _ in
        (Array(japanese.utf8), "import of Japanese", ())
      }
    }
    try importJapanese(at: start)
    try importJapanese(at: start + 60)
    #expect(try progress.reviewHistories().map(\.reviews.count) == [3], "the same reviews are not added twice")
    _ = try progress.undo(nil, at: start + 120)
    _ = try progress.undo(nil, at: start + 180)
    #expect(try progress.reviewHistories().isEmpty)
    try importJapanese(at: start + 240)
    #expect(try progress.reviewHistories().map(\.reviews.count) == [3], "the reviews come back with the import")
  }

  /// Six answers to each of two cards, with or without a rename of their
  /// group halfway: the optimizer sees the same two histories of six, and
  /// an exported package logs all twelve reviews.
  @Test func aRenamedGroupKeepsItsReviewsForTheOptimizer() throws {
    func histories(renamed: Bool) throws -> (optimizer: [ReviewHistory], exported: Int) {
      let folder = try TemporaryFolder()
      let progress = try caretaker(folder, questions: String(decoding: group("Kana"), as: UTF8.self))
      var title = "Kana"
      for day in 0..<6 {
        if renamed && day == 3 {
          let outcome = try progress.changeQuestions(kind: .edit, group: nil, at: start + Double(day) * 86_400) { _ in
            (self.group("Hiragana"), "edit of Kana", ())
          }
          #expect(outcome?.renames == [GroupRename(from: "Kana", to: "Hiragana")])
          title = "Hiragana"
        }
        let answers = (0..<2).map { card in
          AnswerStep(
            id: StepID(machine: MachineID.random(), sequence: 1),
            time: Timestamp(start.addingTimeInterval(Double(day) * 86_400 + 600 + Double(card))), group: title,
            round: nil, question: "q\(card)", prompt: "q\(card)", typed: "a\(card)",
            rating: day == 2 ? .again : .good, duration: 1500, day: 20_458 + day)
        }
        _ = try progress.record(answers)
      }
      // The package's review log: every review of the group's cards.
      let package = try progress.ankiPackage(
        of: QuestionFile(bytes: group(title)).groups ?? [], memory: { _, _ in nil }, at: start + 7 * 86_400)
      return (try progress.reviewHistories(), try AnkiPackage.collection(in: package).reviews.count)
    }
    let plain = try histories(renamed: false)
    #expect(plain.optimizer.map(\.reviews.count) == [6, 6])
    #expect(plain.exported == 12)
    let renamed = try histories(renamed: true)
    #expect(renamed.optimizer == plain.optimizer)
    #expect(renamed.exported == 12)
  }
}
