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
  /// before it (``SweepPlacement/justBefore``).
  static let nearRecall = 0.75

  /// Where the goal's final sweep puts a review's due day.
  enum SweepPlacement: Equatable {
    /// Where balancing and fuzz put it (and the goal's cap, before the date).
    case unchanged
    /// Due again just before the sweep: even the longer interval of
    /// ``earlyRecall`` ends before the sweep, yet the predicted recall on
    /// its first day is still ``nearRecall`` or above. Such a review keeps
    /// FSRS's interval, its day drawn by fuzz and Easy Days, not by load:
    /// the days just before the sweep are light because their reviews
    /// moved into it, and a review balanced onto them, at a lower recall,
    /// is asked again a few days later. Only under a goal that aims no
    /// higher than the desired retention, as the longer intervals.
    case justBefore
    /// Within these intervals.
    case within(ClosedRange<Int>)
  }

  /// Where a review answered on learner day `day` gets its due day under
  /// the goal.
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
  ///   interval (``SweepPlacement/justBefore``).
  ///
  /// In the sweep itself, ``interval(_:from:state:scheduler:)`` keeps
  /// the reviews before the date.
  /// - Parameters:
  ///   - range: the fuzz range of the interval FSRS gives.
  ///   - day: the review's learner day.
  ///   - state: the card's memory after the review.
  func sweep(
    for range: ClosedRange<Int>, from day: Int, state: MemoryState, scheduler: MemoryScheduler
  ) -> SweepPlacement {
    let left = self.day - day
    guard left > Self.sweepDays else { return .unchanged }
    let sweep = (left - Self.sweepDays)...(left - 1)
    // Whether the predicted recall on the date is high enough to leave the review where it falls.
    var fresh: Bool {
      scheduler.retrievability(elapsedDays: Double(left), of: state) >= max(Self.sweepRecall, retention)
    }
    if range.overlaps(sweep) {
      // Past the date with nothing to gain, the review may stay where it falls.
      if fresh && range.upperBound >= left { return .unchanged }
      return .within(range.clamped(to: sweep))
    }
    // A goal aiming higher than the desired retention asks for more answers
    // anyway: its reviews before the sweep keep FSRS's intervals.
    if range.upperBound < sweep.lowerBound {
      guard retention <= scheduler.desiredRetention + 0.005 else { return .unchanged }
      // The longer interval that `earlyRecall` gives, fuzzed.
      let longer = scheduler.fuzzRange(of: scheduler.interval(for: state, retention: Self.earlyRecall))
      if longer.upperBound < sweep.lowerBound
        && scheduler.interval(for: state, retention: Self.nearRecall) >= sweep.lowerBound
      {
        return .justBefore
      }
      guard longer.upperBound > range.upperBound else { return .unchanged }
      let upper = min(longer.upperBound, left - 1)
      let stretched = min(max(range.lowerBound, longer.lowerBound), upper)...upper
      return .within(stretched.overlaps(sweep) ? stretched.clamped(to: sweep) : stretched)
    }
    return fresh ? .unchanged : .within(sweep)
  }
}
