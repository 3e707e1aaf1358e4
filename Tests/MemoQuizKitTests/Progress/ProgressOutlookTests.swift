import Foundation
import Testing

@testable import MemoQuizKit

/// The outlook says what every card's memory says of due times, and reads
/// back as written.
@Suite struct ProgressOutlookTests {
  /// Cards of two groups with memory made by answers at seeded times, some
  /// cards never answered.
  private static func practised(seed: UInt64) -> (groups: [QuestionGroup], progress: MemoQuizKit.Progress) {
    var generator = SplitMix64(seed: seed)
    let groups = ["G1", "G2", "Unplayed"].map { title in
      QuestionGroup(
        title: title, questions: (0..<40).map { Question(prompt: "\(title)q\($0)", answer: "a\($0)") },
        reverse: title == "G2")
    }
    var records: [HistoryRecord] = []
    var time: Int64 = 1_767_600_000_000
    for sequence in 1...300 {
      time += Int64(generator.next(below: 20 * 3_600_000))
      let group = groups[Int(generator.next(below: 2))]
      let cards = group.cards
      let card = cards[Int(generator.next(below: UInt64(cards.count - 5)))]
      records.append(
        .answer(
          AnswerStep(
            id: StepID(machine: MachineID.test(1), sequence: sequence), time: Timestamp(rawValue: time),
            group: group.title, round: nil, question: card.identity, prompt: card.prompt, typed: "x",
            rating: ReviewRating(rawValue: Int(generator.next(below: 4)) + 1) ?? .good, duration: 1000)))
    }
    return (groups, MemoQuizKit.Progress.replaying(records))
  }

  @Test(arguments: 0..<5)
  func dueCountsAgreeWithEveryCardsMemory(_ seed: Int) throws {
    let (groups, progress) = Self.practised(seed: UInt64(seed))
    let outlook = ProgressOutlook(key: 42, groups: groups, progress: progress)
    let days = [20_458, 20_462, 20_474, 20_601]
    for group in groups {
      let memory = progress.groups[group.title]?.questions ?? [:]
      let states = group.cards.compactMap { memory[$0.identity]?.state }
      let summary = try #require(outlook.groups[group.title])
      #expect(summary.cards == group.cards.count)
      #expect(summary.newCount == group.cards.count - states.count)
      for day in days {
        #expect(summary.dueCount(onDay: day) == states.count { $0.isDue(onDay: day) })
        #expect(summary.nextDue(after: day) == states.map(\.dueDay).filter { $0 > day }.min())
      }
    }
  }

  @Test(arguments: 0..<3)
  func theOutlookReadsBackAsWritten(_ seed: Int) throws {
    let (groups, progress) = Self.practised(seed: UInt64(10 + seed))
    let coverage = [MachineID.test(1): HistoryCaretaker.Coverage(end: 1234, lastSequence: 300, tail: 99)]
    let outlook = ProgressOutlook(key: 42, groups: groups, progress: progress)
    let written = ProgressCheckpoint(progress: progress, coverage: coverage, outlook: outlook)
    let read = try ProgressCheckpoint(bytes: written.encoded(), outlook: true)
    #expect(read.outlook == outlook)
    #expect(read.coverage == coverage)
    #expect(read.progress.groups.values.allSatisfy { $0.questions.isEmpty }, "no card's memory")
    #expect(read.progress.groups.mapValues(\.answerScore) == progress.groups.mapValues(\.answerScore))
    // An outlook is never taken for a checkpoint, nor the other way round.
    #expect(throws: (any Error).self) { try ProgressCheckpoint(bytes: written.encoded()) }
    let checkpoint = ProgressCheckpoint(progress: progress, coverage: coverage).encoded()
    #expect(throws: (any Error).self) { try ProgressCheckpoint(bytes: checkpoint, outlook: true) }
  }
}
