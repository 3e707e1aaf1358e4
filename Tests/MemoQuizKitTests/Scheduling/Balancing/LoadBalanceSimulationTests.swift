import Testing

@testable import MemoQuizKit

/// A learner simulated over 90 days, through the code that records answers
/// (which chooses their due days) and the fold (which keeps them): load
/// balancing evens the daily reviews without costing reviews or recall, and
/// easy days take reviews off the chosen weekdays.
@Suite struct LoadBalanceSimulationTests {
  /// What a simulation gives.
  struct Outcome {
    /// Reviews of cards already seen, each day (new cards left out).
    var reviews: [Int]
    /// The mean chance of recall of every card a month after the last day.
    var retention: Double
    /// The learner days simulated, for their weekdays.
    var days: Range<Int>

    var total: Int { reviews.reduce(0, +) }

    /// The standard deviation of the daily reviews around their straight
    /// trend (a least-squares line): how much one day's load jumps from the
    /// next, leaving out the slow growth of a collection that takes new
    /// cards every day, which no choice of due days can change.
    var deviation: Double {
      let count = Double(reviews.count)
      let xs = reviews.indices.map(Double.init)
      let ys = reviews.map(Double.init)
      let meanX = xs.reduce(0, +) / count
      let meanY = ys.reduce(0, +) / count
      let covariance = zip(xs, ys).map { ($0 - meanX) * ($1 - meanY) }.reduce(0, +)
      let variance = xs.map { ($0 - meanX) * ($0 - meanX) }.reduce(0, +)
      let slope = covariance / variance
      let residuals = zip(xs, ys).map { $1 - (meanY + slope * ($0 - meanX)) }
      return (residuals.map { $0 * $0 }.reduce(0, +) / count).squareRoot()
    }
  }

  /// A learner who takes 10 new cards a day and reviews every card due,
  /// for 120 days before the 90 measured; recall drawn from the scheduler's
  /// own forgetting curve.
  static func simulate(loadBalance: Bool, easyDays: String = "none", seed: UInt64 = 7) -> Outcome {
    let warmUp = 120
    let machine = MachineID.test(1)
    var sequence = 0
    func nextID() -> StepID {
      sequence += 1
      return StepID(machine: machine, sequence: sequence)
    }
    let first = 20_800  // 2026-12-13, a Sunday
    var progress = Progress()
    for (key, value) in [("load-balance", loadBalance ? "on" : "off"), ("easy-days", easyDays)] {
      let time = Timestamp(rawValue: Int64(first - 200) * 86_400_000 + Int64(sequence))
      _ = progress.apply(.setting(SettingStep(id: nextID(), time: time, key: key, value: value, summary: key)))
    }
    var generator = SeededGenerator(seed: seed)
    var reviews: [Int] = []
    var introduced = 0
    let scheduler = progress.scheduler
    var load: ReviewLoad?
    for day in (first - warmUp)..<(first + 90) {
      var time = Int64(day) * 86_400_000 + 36_000_000
      let memory = progress.groups["G"]?.questions ?? [:]
      var cards = memory.filter { $0.value.state?.isDue(onDay: day) == true }.map(\.key).sorted()
      if day >= first { reviews.append(cards.count) }
      cards += (introduced..<(introduced + 10)).map { "q\($0)" }
      introduced += 10
      for card in cards {
        time += 10_000
        let state = progress.groups["G"]?.questions[card]?.state
        let recall = state.map { scheduler.retrievability(of: $0, onDay: day) } ?? 0.4
        let rating: ReviewRating = generator.unit() < recall ? (generator.unit() < 0.1 ? .easy : .good) : .again
        var records: [HistoryRecord] = [
          .answer(
            AnswerStep(
              id: nextID(), time: Timestamp(rawValue: time), group: "G", round: nil, question: card, prompt: card,
              typed: "", rating: rating, duration: 3000, day: day))
        ]
        ProgressCaretaker.chooseDueDays(&records, in: progress, load: &load)
        for record in records { _ = progress.apply(record) }
      }
    }
    let later = first + 90 + 30
    let states = (progress.groups["G"]?.questions.values).map { $0.compactMap(\.state) } ?? []
    let retention = states.map { scheduler.retrievability(of: $0, onDay: later) }.reduce(0, +) / Double(states.count)
    return Outcome(reviews: reviews, retention: retention, days: first..<(first + 90))
  }

  /// Over eight learners (seeds), the daily load jumps at least 25% less
  /// on average; each learner's total reviews stay within 5% and recall a
  /// month later within 1%.
  @Test func balancingEvensTheDailyReviewsWithoutCostingReviewsOrRecall() {
    var deviations = (off: 0.0, on: 0.0)
    for seed in 1...8 as ClosedRange<UInt64> {
      let off = Self.simulate(loadBalance: false, seed: seed)
      let on = Self.simulate(loadBalance: true, seed: seed)
      deviations.off += off.deviation / 8
      deviations.on += on.deviation / 8
      let report =
        "seed \(seed): off sd \(off.deviation), \(off.total) reviews, recall \(off.retention); "
        + "on sd \(on.deviation), \(on.total) reviews, recall \(on.retention)"
      print("load balancing over 90 days,", report)
      #expect(abs(Double(on.total - off.total)) <= 0.05 * Double(off.total), "\(report)")
      #expect(abs(on.retention - off.retention) <= 0.01, "\(report)")
    }
    print("load balancing over 90 days, mean sd: off \(deviations.off), on \(deviations.on)")
    #expect(deviations.on <= 0.75 * deviations.off, "mean sd: off \(deviations.off), on \(deviations.on)")
  }

  @Test(arguments: [7, 11] as [UInt64])
  func easyDaysTakeReviewsOffTheChosenWeekdays(_ seed: UInt64) {
    let outcome = Self.simulate(loadBalance: true, easyDays: "sat,sun", seed: seed)
    var easy: [Int] = []
    var other: [Int] = []
    for (offset, day) in outcome.days.enumerated() {
      if EasyDays.weekday(ofDay: day) >= 5 {
        easy.append(outcome.reviews[offset])
      } else {
        other.append(outcome.reviews[offset])
      }
    }
    let easyMean = Double(easy.reduce(0, +)) / Double(easy.count)
    let otherMean = Double(other.reduce(0, +)) / Double(other.count)
    print("easy days sat,sun over 90 days: \(easyMean) a weekend day, \(otherMean) another day")
    #expect(easyMean <= otherMean / 2, "\(easyMean) a weekend day, \(otherMean) another day")
  }

  @Test func theWeekdaysAreTheCalendars() {
    // 1970-01-01 was a Thursday; 2026-11-29 (day 20,786) a Sunday.
    #expect(EasyDays.weekday(ofDay: 0) == 3)
    #expect(EasyDays.weekday(ofDay: 20_786) == 6)
    #expect(EasyDays.weekday(ofDay: -1) == 2)
    #expect(EasyDays(text: "Sat, SUNDAY")?.text == "sat,sun")
    #expect(EasyDays(text: "none")?.text == "none")
    #expect(EasyDays(text: "weekend") == nil)
    #expect(EasyDays(text: "") == nil)
  }
}
