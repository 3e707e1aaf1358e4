import Foundation
import Testing

@testable import MemoQuizKit

/// SBD scheduling the fold's reviews: the state it keeps is the one its fit
/// computes from the same reviews, bit for bit, and its closed-form interval
/// is where its forgetting curve crosses the desired retention.
@Suite struct SBDSchedulerTests {
  private static let parameters = [-2.91, 1.42, 1.7, -1.83, 0.53, -0.88, -1.4]

  @Test(arguments: [false, true])
  func theFoldKeepsTheStateTheFitComputes(readsSameDayTimes: Bool) throws {
    var generator = SeededGenerator(seed: readsSameDayTimes ? 7 : 8)
    let scheduler = MemoryScheduler.sbd(
      SBDScheduler(parameters: Self.parameters, readsSameDayTimes: readsSameDayTimes, desiredRetention: 0.9))
    let model = SBDModel(Self.parameters, readsSameDayTimes: readsSameDayTimes)
    for _ in 0..<50 {
      var state: MemoryState?
      var reviews: [ReviewHistory.Review] = []
      var time: Int64 = 1_767_600_000_000
      for _ in 0..<Int(generator.next(below: 12)) + 1 {
        // Same-day reviews hours apart, and reviews days apart.
        time += Int64(
          generator.next(below: 2) == 0 ? generator.next(below: 8 * 3_600_000) : generator.next(below: 40) * 86_400_000)
        let day = Int(time / 86_400_000)
        let rating = ReviewRating(rawValue: Int(generator.next(below: 4)) + 1) ?? .good
        reviews.append(ReviewHistory.Review(time: Timestamp(rawValue: time), rating: rating, day: day))
        state = scheduler.review(state, rating: rating, at: Timestamp(rawValue: time), day: day, fuzz: nil)
      }
      let fitted = try #require(
        model.state(after: ReviewSequence(ReviewHistory(reviews), keepingSameDayTimes: readsSameDayTimes)))
      let sbd = try #require(state?.sbd)
      #expect(sbd.logStability.bitPattern == fitted.logStability.bitPattern)
      #expect(Double(sbd.grade) == fitted.grade)
      #expect(sbd.brittleness == fitted.brittleness)
      #expect(state?.stability == exp(fitted.logStability))
    }
  }

  @Test func theIntervalIsWhereRecallFallsToTheDesiredRetention() throws {
    let curve = SBDCurve<Double>(Self.parameters)
    let model = SBDModel(Self.parameters)
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<200 {
      let state = SBDState<Double>(
        logStability: generator.unit() * 8 - 2, grade: Double(generator.next(below: 4)),
        brittleness: Double(generator.next(below: 101)) / 2)
      for retention in [0.7, 0.85, 0.9, 0.97] {
        let closed = curve.interval(desiredRetention: retention, state)
        let bisected = model.interval(desiredRetention: retention, state: state)
        #expect(abs(closed - bisected) <= 1e-5 * max(bisected, 1e-3), "\(state) \(retention)")
      }
    }
  }

  @Test func theFoldSchedulesEveryAnswerWithTheInstalledSBDAndUndoOfTheStepGivesFSRS6Back() throws {
    var generator = SeededGenerator(seed: 11)
    let machine = MachineID.test(1)
    let model = "SBD+hours " + Self.parameters.map { String($0) }.joined(separator: " ")
    var records: [HistoryRecord] = [
      .setting(
        SettingStep(
          id: StepID(machine: machine, sequence: 1), time: Timestamp(rawValue: 1_767_600_000_000),
          key: SchedulerSettings.modelKey, value: model, summary: ""))
    ]
    var time: Int64 = 1_767_600_000_000
    for sequence in 2...300 {
      time += Int64(generator.next(below: 20 * 3_600_000))
      let question = "q\(generator.next(below: 20))"
      records.append(
        .answer(
          AnswerStep(
            id: StepID(machine: machine, sequence: sequence), time: Timestamp(rawValue: time), group: "G",
            round: nil, question: question, prompt: question, typed: "x",
            rating: ReviewRating(rawValue: Int(generator.next(below: 4)) + 1) ?? .good, duration: 1000)))
    }
    let progress = MemoQuizKit.Progress.replaying(records)
    guard case .sbd(let scheduler) = progress.scheduler else {
      Issue.record("the installed model schedules")
      return
    }
    let memories = try #require(progress.groups["G"]?.questions)
    for memory in memories.values {
      let state = try #require(memory.state)
      #expect(state.sbd != nil)
      // The interval is SBD's, fuzzed within FSRS-6's range of it.
      let plain = MemoryScheduler.sbd(scheduler).review(
        memory.previous, rating: try #require(memory.lastAnswer?.rating), at: state.lastReview,
        day: state.lastReviewDay, fuzz: nil)
      #expect(MemoryScheduler.sbd(scheduler).fuzzRange(of: plain.interval).contains(state.interval))
      #expect(plain.sbd == state.sbd)
    }
    // The step taken back: FSRS-6 computes every memory.
    records.append(
      .undo(
        StepMark(
          id: StepID(machine: machine, sequence: 301), time: Timestamp(rawValue: time + 1),
          target: StepID(machine: machine, sequence: 1), kind: .optimize)))
    let back = MemoQuizKit.Progress.replaying(records)
    #expect(back.scheduler.parameters == FSRSParameters.default)
    #expect(back.groups["G"]?.questions.values.allSatisfy { $0.state?.sbd == nil } == true)
  }
}
