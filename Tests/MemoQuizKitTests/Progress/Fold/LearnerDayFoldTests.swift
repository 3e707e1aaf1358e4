import Foundation
import Testing

@testable import MemoQuizKit

/// The fold of the history in learner days: each answer's recorded day,
/// the days a note gives answers recorded without one, due days a step
/// keeps, and answers without a recorded time.
@Suite struct LearnerDayFoldTests {
  private let machine = MachineID.test(7)

  private func answer(_ sequence: Int, day: Int?, time: Int64 = 1_780_000_000_000, origin: String? = nil)
    -> HistoryRecord
  {
    .answer(
      AnswerStep(
        id: StepID(machine: machine, sequence: sequence), time: Timestamp(rawValue: time), group: "G", round: nil,
        question: "q", prompt: "q", typed: "a", rating: .good, duration: origin == nil ? 4000 : 0, origin: origin,
        day: day))
  }

  private func note(_ sequence: Int, runs: [(first: Int, last: Int, day: Int)]) -> HistoryRecord {
    .learnerDays(
      LearnerDaysNote(
        id: StepID(machine: MachineID.test(9), sequence: sequence), time: Timestamp(rawValue: 1_790_000_000_000),
        hour: 4,
        runs: runs.map {
          LearnerDaysNote.Run(first: StepID(machine: machine, sequence: $0.first), last: $0.last, day: $0.day)
        }))
  }

  private func state(_ progress: MemoQuizKit.Progress) -> MemoryState? { progress.groups["G"]?.questions["q"]?.state }

  @Test func anAnswerLineOfAnEarlierReleaseReadsAndOneWithItsDayReadsBack() throws {
    let old = try HistoryRecord(
      fields: ["answer", "3", "1780000000000", "G", "", "q", "q", "a", "3", "4000"], machine: machine)
    guard case .answer(let step) = old else { throw CocoaError(.coderReadCorrupt) }
    #expect(step.day == nil && step.origin == nil)
    let imported = try HistoryRecord(
      fields: ["answer", "3", "1780000000000", "G", "", "q", "q", "", "3", "0", "anki:1"], machine: machine)
    guard case .answer(let importedStep) = imported else { throw CocoaError(.coderReadCorrupt) }
    #expect(importedStep.origin == "anki:1" && importedStep.day == nil)
    for record in [answer(3, day: 20_602), answer(3, day: -5, origin: "anki:1"), note(4, runs: [(1, 9, 20_600)])] {
      #expect(try HistoryRecord(fields: record.fields, machine: record.id.machine) == record)
    }
    #expect(throws: RecordFields.Malformed.self) {
      try HistoryRecord(
        fields: ["answer", "3", "1780000000000", "G", "", "q", "q", "a", "3", "4000", "", "soon"], machine: machine)
    }
  }

  @Test func anAnswerWithoutADayTakesTheFirstNotesDay() {
    let alone = MemoQuizKit.Progress.replaying([answer(1, day: nil)])
    #expect(alone.undatedAnswers.count == 1, "waiting for a note")
    let noted = MemoQuizKit.Progress.replaying([
      answer(1, day: nil), note(1, runs: [(1, 1, 20_600)]), note(2, runs: [(1, 1, 20_000)]),
    ])
    #expect(noted.undatedAnswers.isEmpty)
    #expect(state(noted)?.lastReviewDay == 20_600, "the first note in the merged history wins")
    // Its own day beats any note's.
    let own = MemoQuizKit.Progress.replaying([answer(1, day: 20_700), note(1, runs: [(1, 1, 20_600)])])
    #expect(state(own)?.lastReviewDay == 20_700)
  }

  @Test func aNoteAppliedOnTopAgreesWithAReplay() {
    var progress = MemoQuizKit.Progress.replaying([answer(1, day: nil)])
    let given = try? #require(progress.undatedAnswers.first?.value)
    let records = [answer(1, day: nil), note(1, runs: [(1, 1, given ?? 0)])]
    let applied = progress.apply(records[1])
    #expect(applied)
    let replayed = MemoQuizKit.Progress.replaying(records)
    #expect(progress.groups == replayed.groups)
    #expect(progress.undatedAnswers.isEmpty)
    // A note that gives another day than the one used meanwhile: replay.
    var other = MemoQuizKit.Progress.replaying([answer(1, day: nil)])
    let exact = other.apply(note(1, runs: [(1, 1, (given ?? 0) + 1)]))
    #expect(!exact)
  }

  @Test func spansOfNotesThatOverlapKeepTheEarlierDay() {
    var index = LearnerDayIndex()
    index.add(note(1, runs: [(5, 10, 1)]).learnerDaysRuns)
    index.add(note(2, runs: [(1, 20, 2)]).learnerDaysRuns)
    let days = (1...21).map { index.day(of: StepID(machine: machine, sequence: $0)) }
    #expect(
      days == Array(repeating: 2, count: 4) + Array(repeating: 1, count: 6) + Array(repeating: 2, count: 10) + [nil])
  }

  @Test func learnerDaysBetweenReviewsAreWhatFSRSCounts() {
    // Two answers an hour apart on either side of a day's start: one day.
    let records = [answer(1, day: 100, time: 1_000), answer(2, day: 101, time: 3_600_000)]
    let first = FSRSScheduler().review(nil, rating: .good, at: Timestamp(rawValue: 0), day: 0, fuzz: nil)
    let second = FSRSScheduler().review(first, rating: .good, at: Timestamp(rawValue: 0), day: 1, fuzz: nil)
    #expect(state(MemoQuizKit.Progress.replaying(records))?.stability == second.stability)
    #expect(state(MemoQuizKit.Progress.replaying(records))?.lastReviewDay == 101)
  }

  @Test func aKeptDueDayHoldsUntilTheNextReviewAndGoesWithItsStep() {
    let install = SettingStep(
      id: StepID(machine: machine, sequence: 2), time: Timestamp(rawValue: 1_780_000_000_001), key: "new-per-day",
      value: "20", summary: "")
    let kept = HistoryRecord.keptDueDays(
      KeptDueDays(
        id: StepID(machine: machine, sequence: 3), time: install.time, target: install.id,
        cards: [KeptDueDays.Card(group: "G", card: "q", day: 20_650)]))
    let records: [HistoryRecord] = [answer(1, day: 20_600), .setting(install), kept]
    #expect(state(MemoQuizKit.Progress.replaying(records))?.dueDay == 20_650)
    let undo = HistoryRecord.undo(
      StepMark(
        id: StepID(machine: machine, sequence: 4), time: Timestamp(rawValue: 1_780_000_000_002), target: install.id,
        kind: .config))
    #expect(state(MemoQuizKit.Progress.replaying(records + [undo]))?.dueDay == 20_602, "Good on a new card: two days")
    let next = answer(5, day: 20_610, time: 1_780_000_000_003)
    #expect(
      state(MemoQuizKit.Progress.replaying(records + [next]))?.dueDay != 20_650, "the next review schedules afresh")
  }

  @Test func reviewsWithoutARecordedTimeStayOutOfThePace() {
    let progress = MemoQuizKit.Progress.replaying([
      answer(1, day: 1, origin: "anki:1"), answer(2, day: 2, time: 1_780_000_000_001),
    ])
    #expect(progress.recentDurations.total == 1)
  }
}

extension HistoryRecord {
  /// A note's runs, for tests of the index alone.
  fileprivate var learnerDaysRuns: [LearnerDaysNote.Run] {
    if case .learnerDays(let note) = self { return note.runs }
    return []
  }
}
