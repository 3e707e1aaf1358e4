/// The reviews the optimizer learns from, prepared as the FSRS authors'
/// optimizers prepare them.
///
/// Each question's reviews become a ``ReviewSequence`` (its first 256
/// reviews, the Rust optimizer's `max_seq_len`). Each counted review also
/// gets its place in time among all of them, from which the optimizer's
/// ``FSRSOptimizer/Weighting`` makes its weight in the loss. The first counted review of
/// each question feeds the pre-training of the initial stabilities, except
/// the outliers the Rust optimizer leaves out (a rare interval for its first
/// rating, or one longer than 100 days, 365 after Easy). The Rust optimizer
/// leaves such a question out of the whole fit (`leavingOutOutliers`); the
/// Python one only out of the pre-training.
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
  /// The number of counted reviews before any question was left out.
  var allCountedReviews: Int
  /// The share of counted reviews recalled.
  var averageRecall: Double
  /// The number of questions with a counted review.
  var questionsWithCountedReviews: Int
  /// Per sequence, per review: the review's rank in time among all counted
  /// reviews (0 for the oldest), or -1 for a review that is not counted.
  var ranks: [[Int]]

  /// Prepares the histories.
  /// - Parameters:
  ///   - histories: one per question, the reviews in effect.
  ///   - leavingOutOutliers: leave a question whose first counted review is
  ///     an outlier out of the training too, as fsrs-rs does (its ranks
  ///     are then taken among the reviews left).
  init(_ histories: [ReviewHistory], leavingOutOutliers: Bool = false) {
    // The i-th of a history's times, sorted, is the time of its sequence's i-th review.
    var paired = histories.map { history in
      (
        sequence: ReviewSequence(history, maximumLength: Self.maximumLength),
        times: Array(history.reviews.map(\.time).sorted().prefix(Self.maximumLength))
      )
    }.filter { $0.sequence.countedReviews > 0 }
    paired.sort { $0.sequence.precedes($1.sequence) }
    let removed = Self.outliers(paired.map(\.sequence))
    allCountedReviews = paired.reduce(0) { $0 + $1.sequence.countedReviews }
    if leavingOutOutliers {
      paired.removeAll { pair in
        guard let first = pair.sequence.firstCounted else { return true }
        return removed[Int(pair.sequence.ratings[0])].contains(pair.sequence.elapsedDays[first])
      }
    }
    sequences = paired.map(\.sequence)
    ranks = Self.ranks(paired.map(\.sequence), times: paired.map(\.times))
    countedReviews = sequences.reduce(0) { $0 + $1.countedReviews }
    questionsWithCountedReviews = sequences.count
    var recalled = 0
    for sequence in sequences {
      for index in 0..<sequence.count where sequence.isCounted(index) && sequence.ratings[index] > 1 { recalled += 1 }
    }
    averageRecall = countedReviews == 0 ? 0 : Double(recalled) / Double(countedReviews)
    for sequence in sequences {
      guard let first = sequence.firstCounted else { continue }
      let rating = Int(sequence.ratings[0])
      guard !removed[rating].contains(sequence.elapsedDays[first]) else { continue }
      pretraining.add(
        firstRating: rating, elapsedDays: sequence.elapsedDays[first], recalled: sequence.ratings[first] > 1)
    }
  }

  /// Each counted review's rank in time among all of them: by time, then
  /// by the sequences' fixed order, then by position, so that the order the
  /// histories arrive in does not change it.
  static func ranks(_ sequences: [ReviewSequence], times: [[Timestamp]]) -> [[Int]] {
    var counted: [(time: Timestamp, sequence: Int, index: Int)] = []
    for (member, sequence) in sequences.enumerated() {
      for index in 0..<sequence.count where sequence.isCounted(index) {
        counted.append((times[member][index], member, index))
      }
    }
    counted.sort { ($0.time, $0.sequence, $0.index) < ($1.time, $1.sequence, $1.index) }
    var ranks = sequences.map { [Int](repeating: -1, count: $0.count) }
    for (rank, review) in counted.enumerated() { ranks[review.sequence][review.index] = rank }
    return ranks
  }

  /// Per sequence, per review, the weight of its prediction in the loss
  /// (0 for a review that is not counted).
  func weights(_ weighting: FSRSOptimizer.Weighting) -> [[Double]] {
    let last = Double(max(countedReviews - 1, 1))
    return ranks.map { sequence in
      sequence.map { rank in
        guard rank >= 0 else { return 0 }
        return weighting.weight(rankFromOldest: Double(rank) / last)
      }
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
