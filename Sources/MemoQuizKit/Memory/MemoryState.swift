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
  /// The interval chosen at the last review, in whole days (after fuzz).
  public var interval: Int
  /// How many reviews made this state; it draws the fuzz.
  public var reviewCount: Int

  public init(stability: Double, difficulty: Double, lastReview: Timestamp, interval: Int, reviewCount: Int) {
    self.stability = stability
    self.difficulty = difficulty
    self.lastReview = lastReview
    self.interval = interval
    self.reviewCount = reviewCount
  }

  /// When the question falls due: the last review plus the interval.
  public var due: Timestamp { lastReview.adding(days: interval) }
}
