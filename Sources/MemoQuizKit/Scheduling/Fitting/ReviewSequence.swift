/// One question's reviews as the FSRS model reads them: in time order, each
/// with its rating and the learner days since the review before it.
///
/// A review on a later learner day than the one before is a *counted* review:
/// the model predicts its outcome, and it enters the loss. A same-day review
/// (under a day after the one before) only moves the memory state, with
/// FSRS's same-day formula. The first review sets the initial state. This is
/// how the FSRS authors' optimizers count reviews, so `"reviews"` in
/// `optimize --json` is the number of counted reviews.
struct ReviewSequence: Sendable {
  /// The rating of each review, 1 (Again) to 4 (Easy).
  var ratings: [UInt8]
  /// Learner days since the previous review (0 for the first and for
  /// same-day reviews), as Anki's optimizer counts them.
  var elapsedDays: [Int32]
  /// The number of counted reviews.
  private(set) var countedReviews = 0
  /// When the first review was given.
  var firstTime: Timestamp
  /// How long each answer took in milliseconds (-1 where unknown); `nil`
  /// when no answer's time is known.
  var durations: [Int32]?
  /// For a same-day review, the fraction of a day since the review before
  /// (0 elsewhere); `nil` unless asked for.
  var sameDayFractions: [Double]?

  /// The sequence of one history, sorted by time (a stable sort: reviews
  /// at the same moment keep their order).
  /// - Parameter maximumLength: keep at most this many reviews, the first
  ///   ones.
  /// - Parameter keepingSameDayTimes: also keep ``sameDayFractions``.
  init(_ history: ReviewHistory, maximumLength: Int = .max, keepingSameDayTimes: Bool = false) {
    let sorted = history.reviews.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.prefix(maximumLength)
    ratings = []
    elapsedDays = []
    firstTime = sorted.first?.element.time ?? Timestamp(rawValue: 0)
    ratings.reserveCapacity(sorted.count)
    elapsedDays.reserveCapacity(sorted.count)
    var previous: ReviewHistory.Review?
    for (_, review) in sorted {
      let days = previous.map { max(0, Self.days(from: $0, to: review)) } ?? 0
      ratings.append(UInt8(review.rating.rawValue))
      elapsedDays.append(Int32(clamping: days))
      if days > 0 && previous != nil { countedReviews += 1 }
      previous = review
    }
    if keepingSameDayTimes {
      var fractions = [Double](repeating: 0, count: sorted.count)
      for index in sorted.indices.dropFirst() where elapsedDays[index - sorted.startIndex] == 0 {
        let gap = sorted[index].element.time.rawValue &- sorted[index - 1].element.time.rawValue
        fractions[index - sorted.startIndex] = max(0, Double(gap) / Double(Timestamp.millisecondsPerDay))
      }
      sameDayFractions = fractions
    }
    if sorted.contains(where: { $0.element.duration != nil }) {
      durations = sorted.map { Int32(clamping: $0.element.duration ?? -1) }
    }
  }

  /// The days between two reviews: learner days when the history gives
  /// them; for a log of times alone, 24-hour blocks rounded down, as
  /// Python's `timedelta.days` counts them.
  private static func days(from earlier: ReviewHistory.Review, to later: ReviewHistory.Review) -> Int {
    if let from = earlier.day, let to = later.day { return LearnersDay.days(from: from, to: to) }
    let difference = later.time.rawValue.subtractingReportingOverflow(earlier.time.rawValue)
    guard !difference.overflow else { return later.time < earlier.time ? 0 : Int.max / 2 }
    let (quotient, remainder) = difference.partialValue.quotientAndRemainder(
      dividingBy: Timestamp.millisecondsPerDay)
    return Int(remainder < 0 ? quotient - 1 : quotient)
  }

  /// Whether this sequence comes before `other` in the optimizer's fixed
  /// order: by first review, then by content, so that the order the
  /// histories arrive in does not change the fit.
  func precedes(_ other: ReviewSequence) -> Bool {
    if firstTime != other.firstTime { return firstTime < other.firstTime }
    if count != other.count { return count < other.count }
    if ratings != other.ratings { return ratings.lexicographicallyPrecedes(other.ratings) }
    return elapsedDays.lexicographicallyPrecedes(other.elapsedDays)
  }

  /// The number of reviews.
  var count: Int { ratings.count }

  /// Whether review `index` is counted: it comes a whole day or more after
  /// the one before.
  func isCounted(_ index: Int) -> Bool { index > 0 && elapsedDays[index] > 0 }

  /// The first counted review: its index, or `nil` when there is none.
  var firstCounted: Int? { elapsedDays.indices.first { isCounted($0) } }

  /// The last counted review: its index, or `nil` when there is none.
  var lastCounted: Int? { elapsedDays.indices.last { isCounted($0) } }
}
