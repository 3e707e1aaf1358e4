@preconcurrency import Glibc

/// The FSRS-6 spaced-repetition scheduler, as the FSRS authors' reference
/// implementation (`fsrs` 6.3.2 on PyPI) computes it.
///
/// A scheduler is built once from checked ``FSRSParameters`` (the published
/// defaults, or the learner's own after `optimize`) and a desired retention,
/// and passed down to whatever needs memory states or due dates. The maximum
/// interval is 36,500 days, and there are no learning or relearning steps:
/// every review goes straight to the day-based formulas, and a review in the
/// same learner day as the previous one uses the same-day formula.
/// `Tests/MemoQuizKitTests/Memory` checks every formula against values the
/// reference produced.
public struct FSRSScheduler: Sendable {
  static let minimumStability = 0.001
  static let difficultyRange = 1.0...10.0
  /// The desired retentions a learner may choose: below 0.70 reviews come too
  /// late to be useful, above 0.97 the workload explodes.
  public static let desiredRetentionRange = 0.70...0.97
  /// Fuzz grows by these factors over these ranges of days.
  private static let fuzzRanges: [(start: Double, end: Double, factor: Double)] = [
    (2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, .infinity, 0.05),
  ]

  /// The weights every formula uses.
  public let parameters: FSRSParameters
  let w: [Double]
  /// The chance of recall at which a question falls due; it sets the intervals.
  public let desiredRetention: Double
  public let maximumInterval: Int
  /// The forgetting curve's exponent, and the factor that makes the chance
  /// of recall 90% when the days elapsed equal the stability.
  let decay: Double
  let factor: Double
  /// Worked out once, as every review needs them: the desired retention's
  /// term of the interval (`pow(desiredRetention, 1 / decay) - 1`), and the
  /// difficulty of a first Easy, which every next difficulty reverts towards.
  private let retentionTerm: Double
  private let easyDifficulty: Double

  /// A scheduler with the given parameters.
  /// - Parameters:
  ///   - parameters: checked weights; the published defaults when omitted.
  ///   - desiredRetention: the chance of recall to schedule for, clamped into
  ///     ``desiredRetentionRange``; 0.9 when omitted.
  ///   - maximumInterval: the longest interval in days.
  public init(
    parameters: FSRSParameters = .default, desiredRetention: Double = 0.9, maximumInterval: Int = 36_500
  ) {
    self.parameters = parameters
    w = parameters.values
    let range = Self.desiredRetentionRange
    self.desiredRetention =
      desiredRetention.isNaN ? 0.9 : min(max(desiredRetention, range.lowerBound), range.upperBound)
    self.maximumInterval = maximumInterval
    decay = -parameters[20]
    factor = pow(0.9, 1 / decay) - 1
    retentionTerm = pow(self.desiredRetention, 1 / decay) - 1
    easyDifficulty = Self.initialDifficulty(.easy, w)
  }

  /// The chance of recall `elapsedDays` after a review, given the stability.
  public func retrievability(elapsedDays: Double, stability: Double) -> Double {
    pow(1 + factor * max(0, elapsedDays) / stability, decay)
  }

  /// The chance of recall on learner day `today`, counting the learner days
  /// since the last review, as the scheduler does.
  public func retrievability(of state: MemoryState, onDay today: Int) -> Double {
    retrievability(
      elapsedDays: Double(LearnersDay.days(from: state.lastReviewDay, to: today)), stability: state.stability)
  }

  /// The state after a review.
  /// - Parameters:
  ///   - state: the state before, or `nil` for a question never reviewed.
  ///   - rating: how the review went.
  ///   - time: when it happened.
  ///   - day: the learner day it happened on (``LearnersDay/number``): the
  ///     learner days since the last review's day are the elapsed time, and
  ///     two reviews in one learner day use the same-day formula.
  ///   - fuzz: a number in `0..<1` that picks the interval within FSRS's
  ///     fuzz range; `nil` keeps the unfuzzed interval.
  ///   - chosen: the interval chosen when the answer was recorded (by load
  ///     balancing or easy days within the fuzz range, or shorter or longer
  ///     for an exam goal): it is kept when it is at least a day and no
  ///     longer than ``accepts(chosen:interval:stability:)`` allows; fuzz
  ///     then draws nothing.
  public func review(
    _ state: MemoryState?, rating: ReviewRating, at time: Timestamp, day: Int, fuzz: Double?, chosen: Int? = nil
  ) -> MemoryState {
    let stability: Double
    let difficulty: Double
    if let state {
      let elapsed = LearnersDay.days(from: state.lastReviewDay, to: day)
      if elapsed < 1 {
        stability = shortTermStability(state.stability, rating: rating)
      } else {
        let recall = retrievability(elapsedDays: Double(elapsed), stability: state.stability)
        stability = nextStability(
          difficulty: state.difficulty, stability: state.stability, retrievability: recall, rating: rating)
      }
      difficulty = nextDifficulty(state.difficulty, rating: rating)
    } else {
      stability = initialStability(rating)
      difficulty = clampDifficulty(initialDifficulty(rating))
    }
    var interval = nextInterval(stability: stability)
    if let chosen, accepts(chosen: chosen, interval: interval, stability: stability) {
      interval = chosen
    } else if let fuzz {
      interval = fuzzed(interval, unit: fuzz)
    }
    return MemoryState(
      stability: stability, difficulty: difficulty, lastReview: time, lastReviewDay: day, interval: interval,
      reviewCount: (state?.reviewCount ?? 0) + 1)
  }

  /// Whether a recorded due day's interval is kept, for every memory
  /// model: at least a day, and no longer than the end of the fuzz range
  /// of `interval`, or of the `longer` interval an exam goal gives the
  /// reviews well before its date (recall at ``ExamGoal/earlyRecall``).
  static func accepts(chosen: Int, interval: Int, maximumInterval: Int, longer: () -> Int) -> Bool {
    guard chosen >= 1 else { return false }
    // The usual case first: the longer interval costs a power.
    if chosen <= fuzzRange(of: interval, maximumInterval: maximumInterval).upperBound { return true }
    return chosen <= fuzzRange(of: longer(), maximumInterval: maximumInterval).upperBound
  }
  /// Whether a recorded due day's interval is kept, for a review that left
  /// `stability` (``accepts(chosen:interval:maximumInterval:longer:)``).
  func accepts(chosen: Int, interval: Int, stability: Double) -> Bool {
    Self.accepts(chosen: chosen, interval: interval, maximumInterval: maximumInterval) {
      self.interval(stability: stability, retention: ExamGoal.earlyRecall)
    }
  }

  /// The interval in whole days after which recall falls to `retention`.
  func interval(stability: Double, retention: Double) -> Int {
    let days = stability / factor * (pow(retention, 1 / decay) - 1)
    guard days.isFinite else { return maximumInterval }
    return Int(min(max(days.rounded(.toNearestOrEven), 1), Double(maximumInterval)))
  }

  /// The interval in whole days that keeps recall at the desired retention.
  public func nextInterval(stability: Double) -> Int {
    let days = stability / factor * retentionTerm
    guard days.isFinite else { return maximumInterval }
    // Python's round() rounds halves to even.
    let rounded = days.rounded(.toNearestOrEven)
    return Int(min(max(rounded, 1), Double(maximumInterval)))
  }

  /// The range FSRS fuzzes an interval within; intervals under 3 days are
  /// not fuzzed.
  public func fuzzRange(of interval: Int) -> ClosedRange<Int> {
    Self.fuzzRange(of: interval, maximumInterval: maximumInterval)
  }

  /// The interval moved within its fuzz range by `unit`, from 0 (the
  /// shortest) to nearly 1 (the longest).
  public func fuzzed(_ interval: Int, unit: Double) -> Int {
    Self.fuzzed(interval, unit: unit, maximumInterval: maximumInterval)
  }

  /// FSRS's fuzz range of an interval, whatever model gave the interval:
  /// every memory model fuzzes its intervals alike.
  static func fuzzRange(of interval: Int, maximumInterval: Int) -> ClosedRange<Int> {
    guard Double(interval) >= 2.5 else { return interval...interval }
    var delta = 1.0
    for range in Self.fuzzRanges {
      delta += range.factor * max(min(Double(interval), range.end) - range.start, 0)
    }
    var lower = Int((Double(interval) - delta).rounded(.toNearestOrEven))
    var upper = Int((Double(interval) + delta).rounded(.toNearestOrEven))
    lower = max(2, lower)
    upper = min(upper, maximumInterval)
    lower = min(lower, upper)
    return lower...upper
  }

  /// An interval moved within its fuzz range by `unit`, whatever model gave it.
  static func fuzzed(_ interval: Int, unit: Double, maximumInterval: Int) -> Int {
    guard Double(interval) >= 2.5 else { return interval }
    let range = fuzzRange(of: interval, maximumInterval: maximumInterval)
    let value = unit * Double(range.upperBound - range.lowerBound + 1) + Double(range.lowerBound)
    return min(Int(value.rounded(.toNearestOrEven)), maximumInterval)
  }

  /// Rounds a model's interval in days to whole days, as Python's round()
  /// does (halves to even), at least one day and at most `maximumInterval`.
  static func wholeDays(_ days: Double, maximumInterval: Int) -> Int {
    guard days.isFinite else { return maximumInterval }
    return Int(min(max(days.rounded(.toNearestOrEven), 1), Double(maximumInterval)))
  }

  // MARK: - The formulas

  private func clampStability(_ stability: Double) -> Double { max(stability, Self.minimumStability) }

  private func clampDifficulty(_ difficulty: Double) -> Double {
    min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
  }

  private func initialStability(_ rating: ReviewRating) -> Double {
    clampStability(w[rating.rawValue - 1])
  }

  private func initialDifficulty(_ rating: ReviewRating) -> Double {
    Self.initialDifficulty(rating, w)
  }

  private static func initialDifficulty(_ rating: ReviewRating, _ w: [Double]) -> Double {
    w[4] - exp(w[5] * Double(rating.rawValue - 1)) + 1
  }

  private func nextDifficulty(_ difficulty: Double, rating: ReviewRating) -> Double {
    let delta = -(w[6] * Double(rating.rawValue - 3))
    let damped = difficulty + (10 - difficulty) * delta / 9
    let reverted = w[7] * easyDifficulty + (1 - w[7]) * damped
    return clampDifficulty(reverted)
  }

  private func shortTermStability(_ stability: Double, rating: ReviewRating) -> Double {
    var increase = exp(w[17] * (Double(rating.rawValue) - 3 + w[18])) * pow(stability, -w[19])
    if rating != .again { increase = max(increase, 1) }
    return clampStability(stability * increase)
  }

  private func nextStability(
    difficulty: Double, stability: Double, retrievability: Double, rating: ReviewRating
  ) -> Double {
    let next: Double
    if rating == .again {
      let longTerm =
        w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1) * exp((1 - retrievability) * w[14])
      let shortTerm = stability / exp(w[17] * w[18])
      next = min(longTerm, shortTerm)
    } else {
      let hardPenalty = rating == .hard ? w[15] : 1
      let easyBonus = rating == .easy ? w[16] : 1
      next =
        stability
        * (1 + exp(w[8]) * (11 - difficulty) * pow(stability, -w[9]) * (exp((1 - retrievability) * w[10]) - 1)
          * hardPenalty * easyBonus)
    }
    return clampStability(next)
  }
}
