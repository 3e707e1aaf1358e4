/// One question's reviews, the optimizer's input.
///
/// The history layer makes one of these per question from the answers in
/// effect (taken-back answers left out, `:right` applied). The reviews need
/// not be in order; the optimizer sorts them by time.
public struct ReviewHistory: Hashable, Sendable {
  /// One graded answer: when it was given, on which learner day, and how
  /// it went.
  public struct Review: Hashable, Sendable {
    public var time: Timestamp
    public var rating: ReviewRating
    /// The learner day it was given on (``LearnersDay/number``), as the
    /// history records it; `nil` for a log of times alone (the reference
    /// optimizers' fixtures), counted in 24-hour blocks as they count it.
    public var day: Int?
    /// How long the answer took, in milliseconds; `nil` when unknown. Only
    /// a memory model that reads answer times uses it.
    public var duration: Int?

    public init(time: Timestamp, rating: ReviewRating, day: Int? = nil, duration: Int? = nil) {
      self.time = time
      self.rating = rating
      self.day = day
      self.duration = duration
    }
  }

  /// The question's reviews.
  public var reviews: [Review]

  public init(_ reviews: [Review]) {
    self.reviews = reviews
  }

  /// A history from pairs of time and rating.
  public init(_ reviews: [(time: Timestamp, rating: ReviewRating)]) {
    self.reviews = reviews.map { Review(time: $0.time, rating: $0.rating) }
  }
}
