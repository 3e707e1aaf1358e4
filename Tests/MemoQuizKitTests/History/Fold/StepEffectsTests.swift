import Foundation
import Testing

@testable import MemoQuizKit

/// What a step does is defined once: `history`, `undo` and the optimizer
/// read the same steps in effect as the fold.
@Suite struct StepEffectsTests {
  private func id(_ sequence: Int) -> StepID {
    StepID(machine: MachineID(rawValue: 0x1234_5678) ?? MachineID.random(), sequence: sequence)
  }

  private func answer(
    _ sequence: Int, group: String, question: String, day: Int, round: StepID? = nil,
    origin: String? = nil
  ) -> HistoryRecord {
    .answer(
      AnswerStep(
        id: id(sequence), time: Timestamp(rawValue: Int64(day) * 86_400_000 + Int64(sequence)), group: group,
        round: round, question: question, prompt: question, typed: origin == nil ? question : "",
        rating: .good, duration: origin == nil ? 1_000 : 0, origin: origin, day: day))
  }

  /// An import with reviews, then the import taken back.
  private var importTakenBack: [HistoryRecord] {
    var records = [answer(1, group: "Own", question: "q", day: 20_000)]
    records.append(
      .questionsChange(
        QuestionsChangeStep(
          id: id(2), time: Timestamp(rawValue: 20_001 * 86_400_000), kind: .import, base: nil, group: "Deck",
          summary: "import of Deck", contents: .file("{}"))))
    for (offset, card) in ["週", "月", "年"].enumerated() {
      records.append(answer(3 + offset, group: "Deck", question: card, day: 20_001, round: id(2), origin: "r\(offset)"))
    }
    records.append(
      .undo(
        StepMark(
          id: id(6), time: Timestamp(rawValue: 20_002 * 86_400_000), target: id(2), kind: .import, group: "Deck",
          question: nil)))
    return records
  }

  @Test func historyShowsTheReviewsOfAnImportTakenBackAsUndone() {
    let steps = HistoryStep.steps(of: importTakenBack, names: [:])
    #expect(steps.map(\.isUndone) == [false, true, true, true, true])
    // The next `undo` takes back the step before the import, not a review.
    #expect(steps.last { !$0.isUndone }?.stepID == id(1))
    // Brought back, the import brings its reviews.
    let redo = HistoryRecord.redo(
      StepMark(
        id: id(7), time: Timestamp(rawValue: 20_003 * 86_400_000), target: id(2), kind: .import, group: "Deck",
        question: nil))
    #expect(
      HistoryStep.steps(of: importTakenBack + [redo], names: [:]).map(\.isUndone) == Array(repeating: false, count: 5))
  }

  @Test func theOptimizerLeavesOutTheReviewsOfAnImportTakenBack() {
    let reviews = Progress.replaying(importTakenBack, keepingReviews: true).reviews ?? []
    #expect(reviews.map(\.id) == [id(1)])
  }

  @Test func aRenamedGroupKeepsItsReviewsForTheOptimizer() {
    func history(renamed: Bool) -> [HistoryRecord] {
      var records: [HistoryRecord] = []
      var sequence = 0
      for day in [1, 3, 8] {
        for card in ["a", "b"] {
          sequence += 1
          records.append(answer(sequence, group: "Words", question: card, day: 20_000 + day))
        }
      }
      sequence += 1
      records.append(
        .questionsChange(
          QuestionsChangeStep(
            id: id(sequence), time: Timestamp(rawValue: 20_010 * 86_400_000), kind: .edit, base: nil, group: nil,
            summary: "edit", contents: .file("{}"),
            renames: renamed ? [GroupRename(from: "Words", to: "Vocabulary")] : [])))
      for day in [20, 40] {
        for card in ["a", "b"] {
          sequence += 1
          records.append(answer(sequence, group: renamed ? "Vocabulary" : "Words", question: card, day: 20_000 + day))
        }
      }
      return records
    }
    func histories(_ records: [HistoryRecord]) -> [String: Int] {
      var counts: [String: Int] = [:]
      for review in Progress.replaying(records, keepingReviews: true).reviews ?? [] {
        counts[review.group + "/" + review.question, default: 0] += 1
      }
      return counts
    }
    #expect(histories(history(renamed: false)) == ["Words/a": 5, "Words/b": 5])
    #expect(histories(history(renamed: true)) == ["Vocabulary/a": 5, "Vocabulary/b": 5])
  }
}
