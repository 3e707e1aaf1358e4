import Foundation
import Testing

@testable import MemoQuizKit

/// The outlook says what every card's memory says of due times, and reads
/// back as written.
@Suite struct ProgressOutlookTests {
  /// Cards of two groups with memory made by answers at seeded times, some
  /// cards never answered.
  private static func practised(seed: UInt64) -> (groups: [QuestionGroup], progress: MemoQuizKit.Progress) {
    var generator = SeededGenerator(seed: seed)
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
    var days = [20_458, 20_462, 20_474, 20_601]
    // The days answers were given on too, when a sibling's answer buries.
    for group in progress.groups.values { days += group.questions.values.compactMap { $0.state?.lastReviewDay } }
    var buriedSeen = 0
    for group in groups {
      let memory = progress.groups[group.title]?.questions ?? [:]
      let cards = group.cards
      let states = cards.compactMap { memory[$0.identity]?.state }
      let summary = try #require(outlook.groups[group.title])
      #expect(summary.cards == cards.count)
      #expect(summary.newCount == cards.count - states.count)
      for day in Set(days) {
        // What a review round on that day would leave out (its own rule).
        let buried = ReviewQuestionStrategy.buried(
          memory: cards.map { memory[$0.identity]?.state }, today: day, question: { cards[$0].questionIdentity })
        buriedSeen += buried.count
        let due = cards.indices.count { memory[cards[$0].identity]?.state?.isDue(onDay: day) == true }
        let dueBuried = buried.count { memory[cards[$0].identity]?.state?.isDue(onDay: day) == true }
        let newBuried = buried.count { memory[cards[$0].identity]?.state == nil }
        #expect(summary.dueCount(onDay: day) == due - dueBuried, "\(group.title) on day \(day)")
        #expect(summary.newCount(onDay: day) == cards.count - states.count - newBuried)
        let next = states.map(\.dueDay).filter { $0 > day }.min()
        #expect(summary.nextDue(after: day)?.day == next)
        #expect(summary.nextDue(after: day)?.cards == next.map { next in states.count { $0.dueDay == next } })
      }
    }
    #expect(buriedSeen > 0, "the reversed group's answers bury siblings on some of the days")
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

  /// An unfinished round reads back as where it stands, without its plan;
  /// the checkpoint keeps the plan.
  @Test func anUnfinishedRoundIsKeptWithoutItsPlan() throws {
    let group = QuestionGroup(title: "G", questions: (0..<50).map { Question(prompt: "q\($0)", answer: "a\($0)") })
    let machine = MachineID.test(1)
    let start = RoundStart(
      id: StepID(machine: machine, sequence: 1), time: Timestamp(rawValue: 1_767_600_000_000), group: "G",
      strategy: "sequential", seed: 7, repeatsMissed: false, skipped: 0, plan: group.cards.map(\.identity))
    let answers = (0..<4).map { index in
      HistoryRecord.answer(
        AnswerStep(
          id: StepID(machine: machine, sequence: 2 + index),
          time: Timestamp(rawValue: 1_767_600_001_000 + Int64(index)),
          group: "G", round: start.id, question: group.cards[index].identity, prompt: group.cards[index].prompt,
          typed: "x", rating: .good, duration: 1000))
    }
    let progress = MemoQuizKit.Progress.replaying([.roundStart(start)] + answers)
    let outlook = ProgressOutlook(key: 1, groups: [group], progress: progress)
    #expect(
      outlook.rounds == [
        ProgressOutlook.UnfinishedRound(
          id: start.id, group: "G", strategy: "sequential", startedAt: start.time, done: 4, count: 50)
      ])
    let read = try ProgressCheckpoint(
      bytes: ProgressCheckpoint(progress: progress, coverage: [:], outlook: outlook).encoded(), outlook: true)
    #expect(read.outlook?.rounds == outlook.rounds)
    #expect(read.progress.rounds.isEmpty, "no plan in the outlook")
    let checkpoint = try ProgressCheckpoint(bytes: ProgressCheckpoint(progress: progress, coverage: [:]).encoded())
    #expect(checkpoint.progress.rounds[start.id]?.plan == start.plan)
  }
}
