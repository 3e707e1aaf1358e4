@preconcurrency import Glibc

/// Picks a review's due day within FSRS's fuzz range, as Anki's load
/// balancer does: each day of the range is weighed by the reviews already
/// due on it (fewer weigh more) and by the weekday (`easy-days`), and the
/// review's own fuzz draw picks a day by those weights.
///
/// The choice is made once, by the machine that records the answer, against
/// its own state at that moment, and written into the answer
/// (``AnswerStep/due``): the fold reads it back, so a card's due day still
/// depends on its own steps alone, and every machine derives the same.
struct DueDayBalancer: Sendable {
  /// Whether the reviews already due weigh the days (`load-balance`).
  var loadBalance: Bool
  /// The weekdays avoided when another day of the range is possible.
  var easyDays: EasyDays

  /// Intervals longer than this are not balanced by load: so far out, the
  /// need is low (Anki's limit). Easy days still apply.
  static let longestBalancedInterval = 90

  /// The balancer the settings in effect give.
  init(_ settings: Settings) {
    loadBalance = settings.loadBalance
    easyDays = settings.easyDays
  }

  init(loadBalance: Bool, easyDays: EasyDays) {
    self.loadBalance = loadBalance
    self.easyDays = easyDays
  }

  /// Whether it chooses anything: with neither setting, fuzz alone does.
  var isActive: Bool { loadBalance || !easyDays.isEmpty }

  /// The interval to give a review answered on learner day `day`.
  /// - Parameters:
  ///   - range: the fuzz range of its interval (``FSRSScheduler/fuzzRange(of:)``).
  ///   - unit: its fuzz draw, from 0 to nearly 1.
  ///   - load: how many reviews are already due on a learner day.
  /// - Returns: the chosen interval, or `nil` when there is nothing to
  ///   choose (a range of one day, or neither setting on).
  func interval(in range: ClosedRange<Int>, from day: Int, unit: Double, load: (Int) -> Int) -> Int? {
    guard isActive, range.count > 1 else { return nil }
    let byLoad = loadBalance && range.lowerBound <= Self.longestBalancedInterval
    let avoidsEasyDays =
      !easyDays.isEmpty && range.contains { !easyDays.contains(day: LearnersDay.day(day, plus: $0)) }
    var weights: [Double] = []
    weights.reserveCapacity(range.count)
    for interval in range {
      let due = LearnersDay.day(day, plus: interval)
      if avoidsEasyDays && easyDays.contains(day: due) {
        weights.append(0)
        continue
      }
      guard byLoad else {
        weights.append(1)
        continue
      }
      weights.append(Self.weight(reviews: load(due), interval: interval))
    }
    let total = weights.reduce(0, +)
    guard total > 0, total.isFinite else { return nil }
    let target = min(max(unit, 0), 1) * total
    var sum = 0.0
    for (offset, weight) in weights.enumerated() where weight > 0 {
      sum += weight
      if target < sum { return range.lowerBound + offset }
    }
    return range.lowerBound + (weights.lastIndex { $0 > 0 } ?? 0)
  }

  /// A day's weight, as Anki's load balancer gives it: 1 for a day with no
  /// review due, else `(1 / reviews)^2.15 × (1 / interval)^3`, which also
  /// leans towards the earlier days.
  static func weight(reviews: Int, interval: Int) -> Double {
    guard reviews > 0 else { return 1 }
    return pow(1 / Double(reviews), 2.15) * pow(1 / Double(max(interval, 1)), 3)
  }
}
