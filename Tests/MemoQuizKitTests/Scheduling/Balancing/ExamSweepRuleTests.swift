import Testing

@testable import MemoQuizKit

/// An exam goal's rule for the day of a review before its date
/// (``ExamGoal/sweep(for:from:state:scheduler:)``): into the last three
/// days when the review would reach them or pass the date, later when it
/// falls well before them, by fuzz alone when it falls just before them,
/// and a due day the fold keeps.
@Suite struct ExamSweepRuleTests {
  private let scheduler = FSRSScheduler()
  /// A goal on learner day 100: its sweep is days 97 to 99.
  private let goal = ExamGoal(groups: ["G"], day: 100, retention: 0.9)

  /// The goal's rule for a review on learner day `day` that left `stability`, under FSRS-6.
  private func placement(_ goal: ExamGoal, for range: ClosedRange<Int>, from day: Int, stability: Double)
    -> ExamGoal.SweepPlacement
  {
    let state = MemoryState(
      stability: stability, difficulty: 5, lastReview: Timestamp(rawValue: 0), lastReviewDay: day, interval: 1,
      reviewCount: 1)
    return goal.sweep(for: range, from: day, state: state, scheduler: .fsrs6(scheduler))
  }

  /// The intervals the goal puts the review within, or `nil` when it
  /// leaves it to balancing and fuzz or keeps it just before the sweep.
  private func sweep(_ goal: ExamGoal, for range: ClosedRange<Int>, from day: Int, stability: Double)
    -> ClosedRange<Int>?
  {
    guard case .within(let days) = placement(goal, for: range, from: day, stability: stability) else { return nil }
    return days
  }

  @Test func aReviewWhoseRangeReachesTheSweepGetsADayInIt() {
    #expect(sweep(goal, for: 14...18, from: 80, stability: 5) == 17...18)
    #expect(sweep(goal, for: 16...22, from: 80, stability: 5) == 17...19)
  }

  @Test func aReviewPastTheDateIsBroughtIntoTheSweepUnlessItsRecallThenIsHigh() {
    // Recall 0.9 on the date, 20 days on: reviewed in the sweep.
    #expect(sweep(goal, for: 22...26, from: 80, stability: 20) == 17...19)
    // Recall above 0.97 on the date: left where it falls.
    let strong = 2000.0
    #expect(scheduler.retrievability(elapsedDays: 20, stability: strong) > 0.97)
    #expect(placement(goal, for: 22...26, from: 80, stability: strong) == .unchanged)
    #expect(placement(goal, for: 18...26, from: 80, stability: strong) == .unchanged)
  }

  @Test func aReviewWellBeforeTheSweepGetsTheLongerIntervalOfALowerRecallThatTheFoldKeeps() throws {
    let interval = scheduler.nextInterval(stability: 5)
    let range = scheduler.fuzzRange(of: interval)
    let longer = try #require(sweep(goal, for: range, from: 40, stability: 5))
    #expect(longer.upperBound > range.upperBound && longer.upperBound < 57, "\(range) → \(longer)")
    #expect(longer.upperBound == scheduler.fuzzRange(of: scheduler.interval(stability: 5, retention: 0.8)).upperBound)
    for chosen in longer {
      #expect(scheduler.accepts(chosen: chosen, interval: interval, stability: 5))
    }
    #expect(!scheduler.accepts(chosen: longer.upperBound + 1, interval: interval, stability: 5))
    #expect(!scheduler.accepts(chosen: 0, interval: interval, stability: 5))
    // Never past the date: a longer interval that would reach the sweep ends in it.
    let near = try #require(sweep(goal, for: range, from: 85, stability: 5))
    #expect(near.upperBound <= 14 && near.lowerBound >= 12, "\(near)")
  }

  @Test func aReviewDueAgainJustBeforeTheSweepKeepsFSRSsIntervalDrawnByFuzzNotByLoad() throws {
    // From day 70 the sweep starts 27 days on. Stability 5 at recall 0.80
    // reaches 17 days (fuzzed, 14 to 20), at 0.75 28: due just before it.
    #expect(scheduler.interval(stability: 5, retention: 0.8) == 17)
    #expect(scheduler.interval(stability: 5, retention: 0.75) == 28)
    let state = MemoryState(
      stability: 5, difficulty: 5, lastReview: Timestamp(rawValue: 0), lastReviewDay: 70, interval: 1, reviewCount: 1)
    let fsrs = MemoryScheduler.fsrs6(scheduler)
    let range = scheduler.fuzzRange(of: scheduler.nextInterval(stability: 5))
    #expect(range == 4...6)
    #expect(placement(goal, for: range, from: 70, stability: 5) == .justBefore, "no longer interval")
    // Days 74 and 75 are loaded, 76 empty: balancing alone takes 76; near
    // the sweep, the fuzz draw picks the day as without balancing.
    let balancer = DueDayBalancer(loadBalance: true, easyDays: .none)
    let load = { (day: Int) in day < 76 ? 40 : 0 }
    let balanced = balancer.interval(5, state: state, from: 70, unit: 0.5, goal: nil, scheduler: fsrs, load: load)
    #expect(balanced == 6)
    #expect(balancer.interval(5, state: state, from: 70, unit: 0.5, goal: goal, scheduler: fsrs, load: load) == nil)
    // Further from the sweep, or a weaker memory, still gets the longer interval.
    #expect(placement(goal, for: range, from: 60, stability: 5) != .justBefore)
    let stretched = try #require(sweep(goal, for: range, from: 60, stability: 5))
    #expect(stretched.upperBound == 20, "\(stretched)")
  }

  @Test func aGoalAimingAboveTheDesiredRetentionKeepsFSRSsIntervalsBeforeTheSweep() {
    let higher = ExamGoal(groups: ["G"], day: 100, retention: 0.95)
    let range = scheduler.fuzzRange(of: scheduler.nextInterval(stability: 5))
    #expect(placement(higher, for: range, from: 40, stability: 5) == .unchanged)
    #expect(sweep(higher, for: 16...22, from: 80, stability: 5) == 17...19)
  }

  @Test func inTheSweepAndAfterTheDateTheRuleMovesNothing() {
    #expect(placement(goal, for: 5...9, from: 97, stability: 5) == .unchanged)
    #expect(placement(goal, for: 5...9, from: 100, stability: 5) == .unchanged)
  }
}
