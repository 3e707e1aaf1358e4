/// The one rule that gives a review its interval once FSRS has worked it
/// out: the day within the fuzz range that load balancing and Easy Days
/// choose, then an exam goal's final sweep or cap. The recording code and `optimize`'s
/// simulator both go through it.
extension DueDayBalancer {
  /// The interval to record for a review answered on learner day `day`.
  /// - Parameters:
  ///   - interval: the interval FSRS gives, unfuzzed.
  ///   - state: the card's memory after the review.
  ///   - unit: the review's fuzz draw, from 0 to nearly 1: without a choice
  ///     it fuzzes the interval; with one it picks a day by the weights.
  ///   - goal: the exam goal that governs the review, if any.
  ///   - load: how many reviews are already due on a learner day; called
  ///     only when a range of more than one day is weighed.
  /// - Returns: the chosen interval, or `nil` when nothing was chosen and
  ///   fuzz alone draws the day.
  func interval(
    _ interval: Int, state: MemoryState, from day: Int, unit: Double, goal: ExamGoal?, scheduler: MemoryScheduler,
    load: (Int) -> Int
  ) -> Int? {
    let range = scheduler.fuzzRange(of: interval)
    // An exam goal ahead keeps the review before its date.
    let placement = goal?.sweep(for: range, from: day, state: state, scheduler: scheduler) ?? .unchanged
    if placement == .justBefore {
      // Just before its final sweep, by fuzz and Easy Days, not by load.
      let fuzz = DueDayBalancer(loadBalance: false, easyDays: easyDays)
      return fuzz.interval(in: range, from: day, unit: unit, load: load)
    }
    var chosen = range.count > 1 ? self.interval(in: range, from: day, unit: unit, load: load) : nil
    guard let goal else { return chosen }
    if case .within(let sweep) = placement {
      // In its final sweep when due there, spread by the reviews already due.
      if let chosen, sweep.contains(chosen) { return chosen }
      let spread = DueDayBalancer(loadBalance: true, easyDays: easyDays)
      return spread.interval(in: sweep, from: day, unit: unit, load: load) ?? sweep.upperBound
    }
    let effective = chosen ?? scheduler.fuzzed(interval, unit: unit)
    var capped = goal.interval(effective, from: day, state: state, scheduler: scheduler)
    guard capped < effective else { return chosen }
    // Spread over the last quarter before the cap, as balancing weighs the days.
    let spreadRange = max(1, capped - capped / 4)...capped
    if spreadRange.count > 1 {
      let spread = DueDayBalancer(loadBalance: true, easyDays: easyDays)
      capped = spread.interval(in: spreadRange, from: day, unit: unit, load: load) ?? capped
    }
    chosen = capped
    return chosen
  }
}
