/// The desired retention that leaves the most in memory for the time a
/// learner gives: the one `optimize` recommends.
///
/// A year is simulated at each candidate retention, with the learner's
/// parameters and rating habits (from ``RetentionSimulator``), at the
/// learner's own pace: as many answers a day as they give, due questions
/// first (the least likely to be recalled first), then new ones while the
/// day's answers leave room, as memoquiz's day does (see `DayPace`), from
/// as many questions as the learner has. A lower retention costs fewer
/// reviews and leaves room for more new questions, but forgets more; what
/// counts is the sum of every question's chance of recall at the end of the
/// year. Candidates go from 0.70 to 0.95 in steps of 0.05, then in steps of
/// 0.01 around the best. The generator is seeded: the same inputs always
/// give the same recommendation.
public struct RetentionRecommendation: Hashable, Sendable {
  /// The recommended desired retention.
  public var desiredRetention: Double
  /// The answers a day the simulation gave.
  public var answersPerDay: Int
  /// The questions it could learn.
  public var questions: Int
  /// The sum of the chances of recall at the end of the year, at the
  /// recommended retention.
  public var memorized: Double

  /// Every desired retention a recommendation can be.
  static let candidates = Set((70...95).map { Double($0) / 100 })
  static let days = 365
  static let seed: UInt64 = 7
  /// The pace assumed for a learner with no answers yet.
  public static let defaultAnswersPerDay = 50

  /// Recommends a desired retention.
  /// - Parameters:
  ///   - parameters: the learner's FSRS parameters.
  ///   - habits: the learner's rating habits.
  ///   - answersPerDay: the answers the learner gives on a day of practice.
  ///   - questions: how many questions there are to learn (cards).
  public init(parameters: FSRSParameters, habits: RetentionSimulator, answersPerDay: Int, questions: Int) {
    let budget = max(1, answersPerDay)
    let count = max(1, questions)
    func memorized(_ retention: Double) -> Double {
      Self.simulate(
        parameters: parameters, desiredRetention: retention, habits: habits, answersPerDay: budget, questions: count)
    }
    var best = (retention: 0.9, value: -Double.infinity)
    for hundredths in stride(from: 70, through: 95, by: 5) {
      let value = memorized(Double(hundredths) / 100)
      if value > best.value { best = (Double(hundredths) / 100, value) }
    }
    let center = Int((best.retention * 100).rounded())
    for hundredths in max(70, center - 4)...min(95, center + 4) where hundredths % 5 != 0 {
      let value = memorized(Double(hundredths) / 100)
      if value > best.value { best = (Double(hundredths) / 100, value) }
    }
    desiredRetention = best.retention
    self.answersPerDay = budget
    self.questions = count
    self.memorized = best.value
  }

  /// The answers a day of practice in `histories`: the mean over the days
  /// with answers among the 28 before the newest answer, or `nil` with no
  /// answers.
  public static func answersPerDay(in histories: [ReviewHistory]) -> Int? {
    let millisecondsPerDay = Timestamp.millisecondsPerDay
    guard let newest = histories.lazy.flatMap(\.reviews).map(\.time.rawValue).max() else { return nil }
    let since = newest - 28 * millisecondsPerDay
    var days: [Int64: Int] = [:]
    for history in histories {
      for review in history.reviews where review.time.rawValue > since {
        days[review.time.rawValue / millisecondsPerDay, default: 0] += 1
      }
    }
    guard !days.isEmpty else { return nil }
    return max(1, Int((Double(days.values.reduce(0, +)) / Double(days.count)).rounded()))
  }

  /// What `optimize` says of it, beside the desired retention in use.
  public func text(current: Double) -> String {
    let value = Setting.twoDecimals(desiredRetention)
    let pace = "about \(answersPerDay) answers a day and \(questions) \(questions == 1 ? "question" : "questions")"
    if abs(desiredRetention - current) < 0.005 {
      return "Recommended desired retention: \(value), the one in use: it leaves the most in memory after a year "
        + "at your pace (\(pace))."
    }
    return "Recommended desired retention: \(value) (now \(Setting.twoDecimals(current))): it leaves the most in "
      + "memory after a year at your pace (\(pace)). `memoquiz config desired-retention \(value)` sets it."
  }

  /// The sum of the chances of recall after a year at `desiredRetention`.
  static func simulate(
    parameters: FSRSParameters, desiredRetention: Double, habits: RetentionSimulator, answersPerDay: Int,
    questions: Int
  ) -> Double {
    let scheduler = FSRSScheduler(parameters: parameters, desiredRetention: desiredRetention)
    var generator = SeededGenerator(seed: seed)
    var states: [MemoryState] = []
    states.reserveCapacity(questions)
    var dueOn = DueDays(days: days)
    // Due questions left over when a day's answers ran out.
    var overdue: [Int] = []
    // Every answer of a learner day is given in its morning: the day's
    // number is all the scheduler counts.
    for day in 0..<days {
      var due = overdue + dueOn.questions(dueOn: day)
      due.sort()
      let recall = due.map { scheduler.retrievability(of: states[$0], onDay: day) }
      let order = recall.indices.sorted { recall[$0] < recall[$1] }
      due = order.map { due[$0] }
      var left = answersPerDay
      overdue = []
      for (position, index) in due.enumerated() {
        guard left > 0 else {
          overdue.append(index)
          continue
        }
        let rating: ReviewRating =
          generator.unit() < recall[order[position]]
          ? ReviewRating(rawValue: 2 + RetentionSimulator.draw(habits.recallRatings, &generator)) ?? .good : .again
        states[index] = learn(scheduler, states[index], rating, on: day, answers: &left)
        dueOn.add(index, dueOn: states[index].dueDay, after: day)
      }
      // New questions while the day leaves room, each counted as 5/4 of
      // an answer, as the learner's day allows them.
      var room = due.isEmpty ? left : max(0, answersPerDay - due.count) * 4 / 5
      while left > 0 && room > 0 && states.count < questions {
        let rating = ReviewRating(rawValue: 1 + RetentionSimulator.draw(habits.firstRatings, &generator)) ?? .good
        let state = learn(scheduler, nil, rating, on: day, answers: &left)
        dueOn.add(states.count, dueOn: state.dueDay, after: day)
        states.append(state)
        room -= 1
      }
    }
    return states.reduce(0) { $0 + scheduler.retrievability(of: $1, onDay: days) }
  }

  /// One answer, and after Again the right answer later the same day.
  private static func learn(
    _ scheduler: FSRSScheduler, _ state: MemoryState?, _ rating: ReviewRating, on day: Int, answers: inout Int
  ) -> MemoryState {
    let morning = Timestamp(rawValue: Int64(day) * Timestamp.millisecondsPerDay)
    var next = scheduler.review(state, rating: rating, at: morning, day: day, fuzz: nil)
    answers -= 1
    if rating == .again {
      next = scheduler.review(
        next, rating: .good, at: Timestamp(rawValue: morning.rawValue + 600_000), day: day, fuzz: nil)
      answers -= 1
    }
    return next
  }
}
