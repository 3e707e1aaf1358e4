/// How long the newest answers took: at most ``capacity`` of them, each
/// capped at ``longest`` milliseconds, for the day's estimate.
///
/// Every answer of the history counts, taken back or not: the time was
/// spent either way, and so a replay and answers applied one by one keep
/// the same list. A ring, so that counting an answer costs the same
/// however many came before.
struct AnswerDurations: Hashable, Sendable {
  /// How many answers the estimate looks back on.
  static let capacity = 500
  /// The longest an answer counts for, in milliseconds: two minutes.
  static let longest = 120_000

  private var ring: [Int] = []
  /// Where the next duration goes once the ring is full.
  private var next = 0
  /// How many answers were counted in all.
  private(set) var total = 0

  init() {}

  /// A list read back from a checkpoint, oldest first.
  init(values: [Int], total: Int) {
    for value in values.suffix(Self.capacity) { append(value) }
    self.total = max(total, ring.count)
  }

  /// The durations in milliseconds, oldest first.
  var values: [Int] { Array(ring[next...] + ring[..<next]) }

  /// Counts one more answer's duration.
  mutating func append(_ milliseconds: Int) {
    total += 1
    let value = min(max(milliseconds, 0), Self.longest)
    if ring.count < Self.capacity {
      ring.append(value)
    } else {
      ring[next] = value
      next = (next + 1) % Self.capacity
    }
  }

  /// The median, in milliseconds; `nil` with no answers.
  var median: Double? {
    guard !ring.isEmpty else { return nil }
    let sorted = ring.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
  }

  static func == (lhs: AnswerDurations, rhs: AnswerDurations) -> Bool {
    lhs.total == rhs.total && lhs.values == rhs.values
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(total)
    hasher.combine(values)
  }
}
