/// The final sweep of an exam goal: each question's last review before the
/// date falls in the goal's last few learner days, so that it is fresh on
/// the date, rather than wherever its intervals happened to end; the
/// reviews well before the date aim at a lower recall, so that the sweep
/// costs about no more answers than plain review.
extension ExamGoal {
  /// The learner days before the date that the final sweep spreads over.
  static let sweepDays = 3

  /// The predicted recall on the date under which a question whose next
  /// review would fall on the date or after it is reviewed in the sweep
  /// instead: well above what goals usually aim at, since the learner's
  /// true memory may fall short of what the parameters predict.
  static let sweepRecall = 0.97

  /// The recall the reviews due before the sweep may fall to: their
  /// intervals may be as long as this recall gives (``FSRSScheduler/accepts(chosen:interval:longer:)``).
  static let earlyRecall = 0.80

  /// The predicted recall on the sweep's first day above which a review
  /// whose longer interval still ends before the sweep counts as due just
  /// before it (``isDueJustBeforeSweep(for:from:state:scheduler:)``).
  static let nearRecall = 0.75

  /// The intervals within which a review answered on learner day `day`
  /// gets its due day under the goal, when the goal moves it; `nil` when
  /// it leaves the day to balancing and fuzz.
  ///
  /// - A review whose fuzz range reaches into the sweep gets a day there:
  ///   its last review before the date, and no extra one.
  /// - A review whose every day falls on the date or after it, with a
  ///   predicted recall on the date below ``sweepRecall`` (or the goal's
  ///   own retention, if higher), is brought forward into the sweep: as its
  ///   interval reaches the date, its recall stays above the desired
  ///   retention until then.
  /// - A review due before the sweep gets the longer interval that
  ///   ``earlyRecall`` gives, within its fuzz range, up to the sweep (and
  ///   into it when that range reaches it): never past the date. Only
  ///   under a goal that aims no higher than the desired retention, and
  ///   not for a review due just before the sweep, which keeps FSRS's
  ///   interval (``isDueJustBeforeSweep(for:from:state:scheduler:)``).
  ///
  /// In the sweep itself, ``interval(_:from:state:scheduler:)`` keeps
  /// the reviews before the date.
  /// - Parameters:
  ///   - range: the fuzz range of the interval FSRS gives.
  ///   - day: the review's learner day.
  ///   - state: the card's memory after the review.
  func sweep(
    for range: ClosedRange<Int>, from day: Int, state: MemoryState, scheduler: MemoryScheduler
  ) -> ClosedRange<Int>? {
    let left = self.day - day
    guard left > Self.sweepDays else { return nil }
    let sweep = (left - Self.sweepDays)...(left - 1)
    let recallOnDate = scheduler.retrievability(elapsedDays: Double(left), of: state)
    let fresh = recallOnDate >= max(Self.sweepRecall, retention)
    if range.overlaps(sweep) {
      // Past the date with nothing to gain, the review may stay where it falls.
      if fresh && range.upperBound >= left { return nil }
      return range.clamped(to: sweep)
    }
    // A goal aiming higher than the desired retention asks for more answers
    // anyway: its reviews before the sweep keep FSRS's intervals.
    if range.upperBound < sweep.lowerBound {
      guard aimsNoHigherThanDesired(scheduler) else { return nil }
      let longer = Self.longerRange(of: state, scheduler: scheduler)
      guard longer.upperBound > range.upperBound,
        !Self.isJustBefore(sweep.lowerBound, longer: longer, state: state, scheduler: scheduler)
      else { return nil }
      let upper = min(longer.upperBound, left - 1)
      let stretched = min(max(range.lowerBound, longer.lowerBound), upper)...upper
      return stretched.overlaps(sweep) ? stretched.clamped(to: sweep) : stretched
    }
    guard !fresh else { return nil }
    return sweep
  }

  /// Whether a review answered on learner day `day` is due again just
  /// before the sweep: even the longer interval of ``earlyRecall`` ends
  /// before the sweep, yet the predicted recall on its first day is still
  /// ``nearRecall`` or above. Such a review keeps FSRS's interval, its day
  /// drawn by fuzz and Easy Days, not by load: the days just before the
  /// sweep are light because their reviews moved into it, and a review
  /// balanced onto them, at a lower recall, is asked again a few days
  /// later. Only under a goal that aims no higher than the desired
  /// retention, as the longer intervals.
  func isDueJustBeforeSweep(
    for range: ClosedRange<Int>, from day: Int, state: MemoryState, scheduler: MemoryScheduler
  ) -> Bool {
    let start = self.day - day - Self.sweepDays
    guard start > 0, range.upperBound < start, aimsNoHigherThanDesired(scheduler) else { return false }
    let longer = Self.longerRange(of: state, scheduler: scheduler)
    return Self.isJustBefore(start, longer: longer, state: state, scheduler: scheduler)
  }

  /// Whether the goal aims no higher than the desired retention: only then
  /// do its reviews before the sweep get other intervals than FSRS's.
  private func aimsNoHigherThanDesired(_ scheduler: MemoryScheduler) -> Bool {
    retention <= scheduler.desiredRetention + 0.005
  }

  /// The fuzz range of the longer interval ``earlyRecall`` gives `state`.
  private static func longerRange(of state: MemoryState, scheduler: MemoryScheduler) -> ClosedRange<Int> {
    scheduler.fuzzRange(of: scheduler.interval(for: state, retention: earlyRecall))
  }

  /// Whether a review whose longer interval has the fuzz range `longer` is
  /// due again just before a sweep starting `start` days on.
  private static func isJustBefore(
    _ start: Int, longer: ClosedRange<Int>, state: MemoryState, scheduler: MemoryScheduler
  ) -> Bool {
    longer.upperBound < start && scheduler.interval(for: state, retention: nearRecall) >= start
  }
}
