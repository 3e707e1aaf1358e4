/// What the memory model knows of one question's memory after its reviews.
///
/// A question never answered has no memory state. After each review the
/// scheduler gives the next one; the state is all it needs, so the history of
/// reviews is not kept here.
public struct MemoryState: Hashable, Sendable {
  /// Days until the chance of recall falls to 90% (FSRS-6); under SBD,
  /// its stability S (e^``SBDMemory/logStability``).
  public var stability: Double
  /// How hard the question is for this learner, from 1 to 10 (FSRS-6;
  /// ``SBDMemory/placeholderDifficulty`` under SBD, which has none).
  public var difficulty: Double
  /// When it was last reviewed.
  public var lastReview: Timestamp
  /// The learner day of the last review (``LearnersDay/number``), fixed
  /// when the answer was given: FSRS counts time in these days.
  public var lastReviewDay: Int
  /// The interval chosen at the last review, in learner days (after fuzz).
  public var interval: Int
  /// How many reviews made this state; it draws the fuzz.
  public var reviewCount: Int
  /// SBD's own part of the state, when SBD computed it; `nil` for FSRS-6.
  public var sbd: SBDMemory?

  public init(
    stability: Double, difficulty: Double, lastReview: Timestamp, lastReviewDay: Int, interval: Int,
    reviewCount: Int, sbd: SBDMemory? = nil
  ) {
    self.sbd = sbd
    self.stability = stability
    self.difficulty = difficulty
    self.lastReview = lastReview
    self.lastReviewDay = lastReviewDay
    self.interval = interval
    self.reviewCount = reviewCount
  }

  /// The learner day the question falls due on: the last review's day plus
  /// the interval. It is due from that day's start, at any hour of it.
  public var dueDay: Int { LearnersDay.day(lastReviewDay, plus: interval) }

  /// Whether the question is due on learner day `today` (or was before).
  public func isDue(onDay today: Int) -> Bool { dueDay <= today }
}

/// SBD's part of a memory state: the logarithm of its stability, kept as
/// the model computes it (no `exp`/`log` round trip can then make a cache
/// differ from a replay), the grade of the last review and the brittleness.
public struct SBDMemory: Hashable, Sendable {
  /// What ``MemoryState/difficulty`` holds under SBD: nothing reads it.
  static let placeholderDifficulty = 5.0
  /// ln S, within ``SBDCurve/logStabilityRange``.
  public var logStability: Double
  /// The last review's rating less one: 0 (Again) to 3 (Easy).
  public var grade: Int
  /// Half a point per Hard, one per Again, from 0 to 50.
  public var brittleness: Double

  init(_ state: SBDState<Double>) {
    logStability = state.logStability
    grade = Int(state.grade)
    brittleness = state.brittleness
  }

  init(logStability: Double, grade: Int, brittleness: Double) {
    self.logStability = logStability
    self.grade = grade
    self.brittleness = brittleness
  }

  /// The state SBD's formulas read.
  var state: SBDState<Double> { SBDState(logStability: logStability, grade: Double(grade), brittleness: brittleness) }
}
