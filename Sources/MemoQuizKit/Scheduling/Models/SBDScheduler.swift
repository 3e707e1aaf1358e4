@preconcurrency import Glibc

/// SBD scheduling a learner's cards: the fold's reviews with SBD's
/// formulas (``SBDCurve``), exactly as its fit reads the same reviews, and
/// SBD's interval in closed form, fuzzed as FSRS-6 fuzzes its own.
public struct SBDScheduler: Sendable {
  /// The chance of recall at which a question falls due.
  public let desiredRetention: Double
  public let maximumInterval: Int
  /// Whether a same-day review is one at the fraction of a day since the
  /// review before (SBD+hours), as ``ReviewSequence/sameDayFractions``
  /// gives the fit, rather than at no time at all.
  let readsSameDayTimes: Bool
  /// The parameters, in SBD's published order.
  let parameters: [Double]
  private let curve: SBDCurve<Double>
  /// ``SBDCurve/ages(_:)`` for the recall days given.
  private let ages: [Double]

  /// SBD with `parameters` (7), scheduling for `desiredRetention`, clamped
  /// into ``FSRSScheduler/desiredRetentionRange`` as FSRS-6's is.
  /// - Parameter recallDays: for a scheduler that computes the chance of
  ///   recall over and over (a simulation), the days after a review it
  ///   computes it for: what those take is worked out ahead.
  init(
    parameters: [Double], readsSameDayTimes: Bool, desiredRetention: Double, maximumInterval: Int = 36_500,
    recallDays: Int = 0
  ) {
    self.parameters = parameters
    self.readsSameDayTimes = readsSameDayTimes
    let range = FSRSScheduler.desiredRetentionRange
    self.desiredRetention =
      desiredRetention.isNaN ? 0.9 : min(max(desiredRetention, range.lowerBound), range.upperBound)
    self.maximumInterval = maximumInterval
    curve = SBDCurve<Double>(parameters, cachingShapes: recallDays > 0)
    ages = curve.ages(recallDays)
  }

  /// SBD's state of `state`: its own part, or for a state FSRS-6 computed
  /// (none is, once SBD is installed: a change of model replays every
  /// review) one with the same stability after a Good.
  private func sbdState(of state: MemoryState) -> SBDState<Double> {
    if let sbd = state.sbd { return sbd.state }
    let range = SBDCurve<Double>.logStabilityRange
    return SBDState(
      logStability: min(max(log(state.stability), range.lowerBound), range.upperBound), grade: 2, brittleness: 0)
  }

  /// Adds to `sums[day]`, for each day of `days`, the chance of recall of
  /// `state` on that learner day (``SBDCurve/addRecall(of:from:over:to:)``).
  func addRecall(of state: MemoryState, over days: Range<Int>, to sums: inout [Double]) {
    curve.addRecall(of: sbdState(of: state), from: state.lastReviewDay, over: days, ages: ages, to: &sums)
  }

  /// The chance of recall `elapsedDays` after the last review.
  func retrievability(elapsedDays: Double, of state: MemoryState) -> Double {
    curve.recall(elapsedDays, sbdState(of: state))
  }

  /// The state after a review, with the arguments of
  /// ``FSRSScheduler/review(_:rating:at:day:fuzz:chosen:)``.
  func review(
    _ state: MemoryState?, rating: ReviewRating, at time: Timestamp, day: Int, fuzz: Double?, chosen: Int? = nil
  ) -> MemoryState {
    let next: SBDState<Double>
    if let state {
      let days = LearnersDay.days(from: state.lastReviewDay, to: day)
      var elapsed = Double(max(0, days))
      if days <= 0 && readsSameDayTimes {
        let gap = time.rawValue &- state.lastReview.rawValue
        elapsed = max(0, Double(gap) / Double(Timestamp.millisecondsPerDay))
      }
      let previous = sbdState(of: state)
      next = curve.next(previous, recall: curve.recall(elapsed, previous), rating: Double(rating.rawValue))
    } else {
      next = curve.initial(rating: Double(rating.rawValue))
    }
    var interval = nextInterval(next)
    if let chosen,
      FSRSScheduler.accepts(
        chosen: chosen, interval: interval, maximumInterval: maximumInterval,
        longer: {
          self.interval(next, retention: ExamGoal.earlyRecall)
        })
    {
      interval = chosen
    } else if let fuzz {
      interval = FSRSScheduler.fuzzed(interval, unit: fuzz, maximumInterval: maximumInterval)
    }
    return MemoryState(
      stability: exp(next.logStability), difficulty: SBDMemory.placeholderDifficulty, lastReview: time,
      lastReviewDay: day, interval: interval, reviewCount: (state?.reviewCount ?? 0) + 1, sbd: SBDMemory(next))
  }

  /// The interval in whole days that keeps recall at the desired retention.
  private func nextInterval(_ state: SBDState<Double>) -> Int {
    interval(state, retention: desiredRetention)
  }

  /// The interval in whole days after which recall falls to `retention`.
  private func interval(_ state: SBDState<Double>, retention: Double) -> Int {
    FSRSScheduler.wholeDays(curve.interval(desiredRetention: retention, state), maximumInterval: maximumInterval)
  }

  /// The interval in whole days after which the recall of `state` falls to `retention`.
  func interval(of state: MemoryState, retention: Double) -> Int {
    interval(sbdState(of: state), retention: retention)
  }
}
