/// The reviews the optimizer learns from, prepared as the FSRS authors'
/// optimizer prepares them.
///
/// Each question's reviews become a ``ReviewSequence`` (its first 256
/// reviews). Questions whose first counted review is an outlier (a rare
/// interval for its first rating, or one longer than 100 days, 365 after
/// Easy) are left out of the training, as the reference's outlier filter
/// does; the first counted reviews of the others feed the pre-training of
/// the initial stabilities. Counted reviews are weighted by recency, from
/// 0.25 for the oldest to 1 for the newest, growing with the cube of their
/// rank.
struct TrainingSet: Sendable {
  /// The longest review sequence trained on, as the reference's `max_seq_len`.
  static let maximumLength = 256

  /// The sequences trained on, ending at their last counted review.
  var sequences: [ReviewSequence]
  /// The recency weight of each counted review of each sequence.
  var weights: [[Double]]
  /// The first counted reviews the pre-training fits.
  var pretraining = StabilityPretraining()
  /// The number of counted reviews trained on.
  var countedReviews: Int
  /// The share of counted reviews recalled.
  var averageRecall: Double
  /// The number of first counted reviews kept for the pre-training.
  var pretrainingReviews: Int

  init(_ histories: [ReviewHistory]) {
    var all = histories.map { ReviewSequence($0, maximumLength: Self.maximumLength) }.filter { $0.countedReviews > 0 }
    all.sort { $0.precedes($1) }
    let removed = Self.outliers(all)
    all.removeAll { sequence in
      guard let first = sequence.firstCounted else { return true }
      return removed[Int(sequence.ratings[0])].contains(sequence.elapsedDays[first])
    }
    sequences = all.map { sequence in
      var trimmed = sequence
      if let last = sequence.elapsedDays.indices.last(where: { sequence.isCounted($0) }) {
        trimmed.ratings.removeSubrange((last + 1)...)
        trimmed.elapsedDays.removeSubrange((last + 1)...)
      }
      return trimmed
    }
    countedReviews = sequences.reduce(0) { $0 + $1.countedReviews }
    var recalled = 0
    pretrainingReviews = 0
    for sequence in sequences {
      for index in 0..<sequence.count where sequence.isCounted(index) && sequence.ratings[index] > 1 { recalled += 1 }
      if let first = sequence.firstCounted {
        pretraining.add(
          firstRating: Int(sequence.ratings[0]), elapsedDays: sequence.elapsedDays[first],
          recalled: sequence.ratings[first] > 1)
        pretrainingReviews += 1
      }
    }
    averageRecall = countedReviews == 0 ? 0 : Double(recalled) / Double(countedReviews)
    weights = Self.recencyWeights(sequences)
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

  /// 0.25 + 0.75·(rank / (n - 1))³ for each counted review, ranked by time.
  private static func recencyWeights(_ sequences: [ReviewSequence]) -> [[Double]] {
    var order: [(time: Timestamp, sequence: Int32, index: Int32)] = []
    order.reserveCapacity(sequences.reduce(0) { $0 + $1.countedReviews })
    for (number, sequence) in sequences.enumerated() {
      for (index, time) in sequence.countedTimes.enumerated() {
        order.append((time, Int32(number), Int32(index)))
      }
    }
    order.sort { ($0.time, $0.sequence, $0.index) < ($1.time, $1.sequence, $1.index) }
    var weights = sequences.map { [Double](repeating: 1, count: $0.countedReviews) }
    let span = Double(max(order.count - 1, 1))
    for (rank, entry) in order.enumerated() {
      let share = Double(rank) / span
      weights[Int(entry.sequence)][Int(entry.index)] = 0.25 + 0.75 * share * share * share
    }
    return weights
  }
}
