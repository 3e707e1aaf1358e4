@preconcurrency import Glibc

/// The pre-training of w0 to w3, the initial stabilities, from each
/// question's first counted review, as the FSRS authors' optimizer does it
/// before the gradient descent.
///
/// For each first rating, the first counted reviews are grouped by their
/// elapsed days; each group's recall (smoothed towards the average recall)
/// is fitted with the default forgetting curve by a ternary search on the
/// stability, with a small pull towards the default. Ratings with no data
/// are then filled from the others, and the four are made to grow from
/// Again to Easy.
struct StabilityPretraining: Sendable {
  /// Per first rating (1 to 4): elapsed days → (reviews, recalled).
  private(set) var groups: [[Int32: (count: Int, recalled: Int)]] = Array(repeating: [:], count: 5)

  /// Adds a question's first counted review.
  mutating func add(firstRating: Int, elapsedDays: Int32, recalled: Bool) {
    groups[firstRating][elapsedDays, default: (0, 0)].count += 1
    if recalled { groups[firstRating][elapsedDays, default: (0, 0)].recalled += 1 }
  }

  /// How many first counted reviews each first rating has.
  var ratingCounts: [Int: Int] {
    var counts: [Int: Int] = [:]
    for rating in 1...4 where !groups[rating].isEmpty {
      counts[rating] = groups[rating].values.reduce(0) { $0 + $1.count }
    }
    return counts
  }

  /// The fitted initial stabilities, or `nil` when there is no data.
  /// - Parameter averageRecall: the share of counted reviews recalled, for
  ///   the smoothing.
  func initialStabilities(averageRecall: Double) -> [Double]? {
    var fitted: [Int: Double] = [:]
    for rating in 1...4 where !groups[rating].isEmpty {
      fitted[rating] = search(rating: rating, averageRecall: averageRecall)
    }
    return Self.smoothAndFill(fitted, counts: ratingCounts)
  }

  /// The stability whose default forgetting curve best fits one first
  /// rating's recall, by ternary search in [0.001, 100].
  private func search(rating: Int, averageRecall: Double) -> Double {
    let points = groups[rating].sorted { $0.key < $1.key }.map { day, value in
      let count = Double(value.count)
      let recall = Double(value.recalled) / count
      return (days: Double(day), recall: (recall * count + averageRecall) / (count + 1), count: count)
    }
    let defaultStability = FSRSParameters.default[rating - 1]
    let decay = -FSRSParameters.default[20]
    let factor = pow(0.9, 1 / decay) - 1
    func loss(_ stability: Double) -> Double {
      var total = 0.0
      for point in points {
        let predicted = pow(1 + factor * point.days / stability, decay)
        total -= (point.recall * log(predicted) + (1 - point.recall) * log(1 - predicted)) * point.count
      }
      return total + abs(stability - defaultStability) / 16
    }
    var low = FSRSScheduler.minimumStability
    var high = FSRSParameters.initialStabilityMaximum
    var best = defaultStability
    var iterations = 0
    while high - low > Double.ulpOfOne && iterations < 1000 {
      iterations += 1
      let third1 = low + (high - low) / 3
      let third2 = high - (high - low) / 3
      if loss(third1) < loss(third2) { high = third2 } else { low = third1 }
      best = (high + low) / 2
    }
    return best
  }

  /// Makes the stabilities grow from Again to Easy and fills the ratings
  /// that had no data from those that had, with the reference's exponents;
  /// `nil` when no rating had data.
  static func smoothAndFill(_ fitted: [Int: Double], counts: [Int: Int]) -> [Double]? {
    var stability = fitted.filter { counts[$0.key] != nil }
    for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
      guard let smallValue = stability[small], let bigValue = stability[big], smallValue > bigValue else { continue }
      if (counts[small] ?? 0) > (counts[big] ?? 0) {
        stability[big] = smallValue
      } else {
        stability[small] = bigValue
      }
    }
    let w1 = 0.41
    let w2 = 0.54
    var s: [Double?] = [nil, stability[1], stability[2], stability[3], stability[4]]
    switch stability.count {
    case 0: return nil
    case 1:
      guard let (rating, value) = stability.first else { return nil }
      let scale = value / FSRSParameters.default[rating - 1]
      return (0..<4).map { FSRSParameters.default[$0] * scale }.sorted().map(clampInitial)
    case 2:
      switch (s[1], s[2], s[3], s[4]) {
      case (nil, nil, let r3?, let r4?):
        let r2 = pow(r3, 1 / (1 - w2)) * pow(r4, 1 - 1 / (1 - w2))
        s[2] = r2
        s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
      case (nil, let r2?, nil, let r4?):
        let r3 = pow(r2, 1 - w2) * pow(r4, w2)
        s[3] = r3
        s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
      case (nil, let r2?, let r3?, nil):
        s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
        s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
      case (let r1?, nil, nil, let r4?):
        let share = w1 / (w1 + w2 - w1 * w2)
        let shareHigh = w2 / (w1 + w2 - w1 * w2)
        s[2] = pow(r1, share) * pow(r4, 1 - share)
        s[3] = pow(r1, 1 - shareHigh) * pow(r4, shareHigh)
      case (let r1?, nil, let r3?, nil):
        let r2 = pow(r1, w1) * pow(r3, 1 - w1)
        s[2] = r2
        s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
      case (let r1?, let r2?, nil, nil):
        let r3 = pow(r1, 1 - 1 / (1 - w1)) * pow(r2, 1 / (1 - w1))
        s[3] = r3
        s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
      default: break
      }
    case 3:
      switch (s[1], s[2], s[3], s[4]) {
      case (nil, let r2?, let r3?, _): s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
      case (let r1?, nil, let r3?, _): s[2] = pow(r1, w1) * pow(r3, 1 - w1)
      case (_, let r2?, nil, let r4?): s[3] = pow(r2, 1 - w2) * pow(r4, w2)
      case (_, let r2?, let r3?, nil): s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
      default: break
      }
    default: break
    }
    let filled = s.compactMap { $0 }
    guard filled.count == 4 else { return nil }
    return filled.map(clampInitial)
  }

  private static func clampInitial(_ value: Double) -> Double {
    min(max(value, FSRSScheduler.minimumStability), FSRSParameters.initialStabilityMaximum)
  }
}
