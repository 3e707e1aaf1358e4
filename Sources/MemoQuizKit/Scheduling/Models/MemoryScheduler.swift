/// The scheduler of the installed memory model: every card's memory, due
/// day and chance of recall, computed with FSRS-6 or with the model
/// `optimize` installed instead (``SchedulerSettings``).
///
/// The fold, load balancing and every view that reads a card's memory go
/// through it, never through one model's formulas.
public enum MemoryScheduler: Sendable {
  case fsrs6(FSRSScheduler)
  case sbd(SBDScheduler)

  /// The chance of recall at which a question falls due.
  public var desiredRetention: Double {
    switch self {
    case .fsrs6(let scheduler): scheduler.desiredRetention
    case .sbd(let scheduler): scheduler.desiredRetention
    }
  }

  /// FSRS-6's parameters; `nil` under another model.
  public var parameters: FSRSParameters? {
    if case .fsrs6(let scheduler) = self { return scheduler.parameters }
    return nil
  }

  /// The longest interval in days.
  var maximumInterval: Int {
    switch self {
    case .fsrs6(let scheduler): scheduler.maximumInterval
    case .sbd(let scheduler): scheduler.maximumInterval
    }
  }

  /// The chance of recall `elapsedDays` after the last review of `state`.
  public func retrievability(elapsedDays: Double, of state: MemoryState) -> Double {
    switch self {
    case .fsrs6(let scheduler): scheduler.retrievability(elapsedDays: elapsedDays, stability: state.stability)
    case .sbd(let scheduler): scheduler.retrievability(elapsedDays: elapsedDays, of: state)
    }
  }

  /// The chance of recall on learner day `today`, counting the learner days
  /// since the last review, as the scheduler does.
  public func retrievability(of state: MemoryState, onDay today: Int) -> Double {
    switch self {
    case .fsrs6(let scheduler): scheduler.retrievability(of: state, onDay: today)
    case .sbd(let scheduler):
      scheduler.retrievability(
        elapsedDays: Double(max(0, LearnersDay.days(from: state.lastReviewDay, to: today))), of: state)
    }
  }

  /// The state after a review, as ``FSRSScheduler/review(_:rating:at:day:fuzz:chosen:)``
  /// gives it, with the installed model.
  public func review(
    _ state: MemoryState?, rating: ReviewRating, at time: Timestamp, day: Int, fuzz: Double?, chosen: Int? = nil
  ) -> MemoryState {
    switch self {
    case .fsrs6(let scheduler):
      scheduler.review(state, rating: rating, at: time, day: day, fuzz: fuzz, chosen: chosen)
    case .sbd(let scheduler):
      scheduler.review(state, rating: rating, at: time, day: day, fuzz: fuzz, chosen: chosen)
    }
  }

  /// The interval in whole days after which the recall of `state` falls to `retention`.
  func interval(for state: MemoryState, retention: Double) -> Int {
    switch self {
    case .fsrs6(let scheduler): scheduler.interval(stability: state.stability, retention: retention)
    case .sbd(let scheduler): scheduler.interval(of: state, retention: retention)
    }
  }

  /// The range an interval is fuzzed within: FSRS-6's, for every model.
  public func fuzzRange(of interval: Int) -> ClosedRange<Int> {
    FSRSScheduler.fuzzRange(of: interval, maximumInterval: maximumInterval)
  }

  /// The interval moved within its fuzz range by `unit`.
  public func fuzzed(_ interval: Int, unit: Double) -> Int {
    FSRSScheduler.fuzzed(interval, unit: unit, maximumInterval: maximumInterval)
  }
}
