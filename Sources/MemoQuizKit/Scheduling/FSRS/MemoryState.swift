/// What FSRS knows of one question's memory after its reviews.
///
/// A question never answered has no memory state. After each review the
/// scheduler gives the next one; the state is all it needs, so the history of
/// reviews is not kept here.
public struct MemoryState: Hashable, Sendable {
  /// Days until the chance of recall falls to 90%.
  public var stability: Double
  /// How hard the question is for this learner, from 1 to 10.
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

  public init(
    stability: Double, difficulty: Double, lastReview: Timestamp, lastReviewDay: Int, interval: Int,
    reviewCount: Int
  ) {
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
