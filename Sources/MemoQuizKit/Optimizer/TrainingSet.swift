/// The reviews the optimizer learns from, prepared as the FSRS authors'
/// optimizers prepare them.
///
/// Each question's reviews become a ``ReviewSequence`` (its first 256
/// reviews, the Rust optimizer's `max_seq_len`), and every counted review
/// weighs the same in the loss, as in the Python optimizer: the fit then
/// minimises the very log loss that `optimize` reports and that decides
/// whether the fitted parameters are installed. The first counted review of
/// each question feeds the pre-training of the initial stabilities, except
/// the outliers the Rust optimizer leaves out (a rare interval for its first
/// rating, or one longer than 100 days, 365 after Easy).
struct TrainingSet: Sendable {
  /// The longest review sequence trained on.
  static let maximumLength = 256

  /// The sequences trained on, in a fixed order (see
  /// ``ReviewSequence/precedes(_:)``).
  var sequences: [ReviewSequence]
  /// The first counted reviews the pre-training fits.
  var pretraining = StabilityPretraining()
  /// The number of counted reviews trained on.
  var countedReviews: Int
  /// The share of counted reviews recalled.
  var averageRecall: Double
  /// The number of questions with a counted review.
  var questionsWithCountedReviews: Int

  init(_ histories: [ReviewHistory]) {
    sequences = histories.map { ReviewSequence($0, maximumLength: Self.maximumLength) }.filter {
      $0.countedReviews > 0
    }
    sequences.sort { $0.precedes($1) }
    countedReviews = sequences.reduce(0) { $0 + $1.countedReviews }
    questionsWithCountedReviews = sequences.count
    var recalled = 0
    for sequence in sequences {
      for index in 0..<sequence.count where sequence.isCounted(index) && sequence.ratings[index] > 1 { recalled += 1 }
    }
    averageRecall = countedReviews == 0 ? 0 : Double(recalled) / Double(countedReviews)
    let removed = Self.outliers(sequences)
    for sequence in sequences {
      guard let first = sequence.firstCounted else { continue }
      let rating = Int(sequence.ratings[0])
      guard !removed[rating].contains(sequence.elapsedDays[first]) else { continue }
      pretraining.add(
        firstRating: rating, elapsedDays: sequence.elapsedDays[first], recalled: sequence.ratings[first] > 1)
    }
  }

  /// The (first rating, elapsed days) pairs of first counted reviews that
  /// the reference's outlier filter removes: per first rating, the rarest
  /// intervals up to 5% of the reviews (20 at least), and intervals with
  /// fewer than 6 reviews or longer than 100 days (365 after Easy).
  static func outliers(_ sequences: [ReviewSequence]) -> [Set<Int32>] {
    var groups: [[Int32: Int]] = Array(repeating: [:], count: 5)
    for sequence in sequences {
      guard let first = sequence.firstCounted else { continue }
      groups[Int(sequence.ratings[0])][sequence.elapsedDays[first], default: 0] += 1
    }
    var removed: [Set<Int32>] = Array(repeating: [], count: 5)
    for rating in 1...4 {
      // Smallest groups first; among equal sizes, shortest interval first.
      let ordered = groups[rating].sorted { ($0.value, $0.key) < ($1.value, $1.key) }
      let total = ordered.reduce(0) { $0 + $1.value }
      var removedCount = 0
      for (days, size) in ordered {
        if removedCount + size >= max(20, total / 20) {
          if size < 6 || days > (rating == 4 ? 365 : 100) { removed[rating].insert(days) }
        } else {
          removedCount += size
          removed[rating].insert(days)
        }
      }
    }
    return removed
  }
}
