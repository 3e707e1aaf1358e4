/// What a desired retention costs and gives, by simulating a year of study
/// with the learner's parameters, as the FSRS authors' simulator does.
///
/// The simulated learner starts 10 new questions a day (memoquiz's default
/// for a review round) for 365 days and reviews every question on the day it
/// falls due. Whether a review is recalled is drawn from the chance of recall
/// the parameters predict; the rating of a first answer and of a recalled
/// review is drawn from how often the learner gave each rating in their own
/// history (the reference's averages when the history has none). An answer
/// graded Again is asked again later the same day and then answered right,
/// as a memoquiz review round does. The generator is seeded, so the figures
/// are the same on every run.
public struct RetentionSimulator: Sendable {
  /// One desired retention's figures.
  public struct Outcome: Hashable, Sendable {
    /// The desired retention simulated.
    public var desiredRetention: Double
    /// Answers a day, first answers and same-day repeats included.
    public var reviewsPerDay: Double
    /// The mean chance of recall of the questions learned so far, averaged
    /// over the days.
    public var expectedRetention: Double
  }

  /// The desired retentions `optimize` reports.
  public static let reportedRetentions = [0.80, 0.85, 0.90, 0.95]
  static let days = 365
  static let newPerDay = 10
  static let seed: UInt64 = 42
  /// The reference simulator's defaults: first ratings (Again to Easy) and
  /// ratings of recalled reviews (Hard to Easy).
  static let defaultFirstRatings = [0.24, 0.094, 0.495, 0.171]
  static let defaultRecallRatings = [0.224, 0.631, 0.145]

  /// How often the learner gave each first rating, Again to Easy.
  public var firstRatings: [Double]
  /// How often each rating was given when recalled in a counted review,
  /// Hard to Easy.
  public var recallRatings: [Double]

  /// A simulator with the learner's rating habits from their histories.
  public init(histories: [ReviewHistory]) {
    var first = [Double](repeating: 0, count: 4)
    var recalled = [Double](repeating: 0, count: 3)
    for history in histories {
      let sequence = ReviewSequence(history)
      guard sequence.count > 0 else { continue }
      first[Int(sequence.ratings[0]) - 1] += 1
      for index in 0..<sequence.count where sequence.isCounted(index) && sequence.ratings[index] > 1 {
        recalled[Int(sequence.ratings[index]) - 2] += 1
      }
    }
    firstRatings = first.reduce(0, +) > 0 ? first : Self.defaultFirstRatings
    recallRatings = recalled.reduce(0, +) > 0 ? recalled : Self.defaultRecallRatings
  }

  /// Simulates a year at each desired retention.
  public func simulate(
    parameters: FSRSParameters, desiredRetentions: [Double] = reportedRetentions
  ) -> [Outcome] {
    desiredRetentions.map { simulate(parameters: parameters, desiredRetention: $0) }
  }

  /// Simulates a year at one desired retention.
  public func simulate(parameters: FSRSParameters, desiredRetention: Double) -> Outcome {
    let scheduler = FSRSScheduler(parameters: parameters, desiredRetention: desiredRetention)
    var generator = SeededGenerator(seed: Self.seed)
    var states: [MemoryState] = []
    states.reserveCapacity(Self.days * Self.newPerDay)
    var answers = 0
    var retentionSum = 0.0
    // Every answer of a learner day is given in its morning: the day's
    // number is all the scheduler counts.
    for day in 0..<Self.days {
      for index in states.indices where states[index].isDue(onDay: day) {
        let state = states[index]
        let chance = scheduler.retrievability(of: state, onDay: day)
        let rating: ReviewRating
        if generator.unit() < chance {
          rating = ReviewRating(rawValue: 2 + Self.draw(recallRatings, &generator)) ?? .good
        } else {
          rating = .again
        }
        states[index] = learn(scheduler, state, rating: rating, on: day, answers: &answers)
      }
      for _ in 0..<Self.newPerDay {
        let rating = ReviewRating(rawValue: 1 + Self.draw(firstRatings, &generator)) ?? .good
        states.append(learn(scheduler, nil, rating: rating, on: day, answers: &answers))
      }
      var recall = 0.0
      for state in states { recall += scheduler.retrievability(of: state, onDay: day) }
      retentionSum += recall / Double(states.count)
    }
    return Outcome(
      desiredRetention: desiredRetention, reviewsPerDay: Double(answers) / Double(Self.days),
      expectedRetention: retentionSum / Double(Self.days))
  }

  /// One answer, and after Again the right answer later the same day.
  private func learn(
    _ scheduler: FSRSScheduler, _ state: MemoryState?, rating: ReviewRating, on day: Int, answers: inout Int
  ) -> MemoryState {
    let morning = Timestamp(rawValue: Int64(day) * Timestamp.millisecondsPerDay)
    var next = scheduler.review(state, rating: rating, at: morning, day: day, fuzz: nil)
    answers += 1
    if rating == .again {
      next = scheduler.review(
        next, rating: .good, at: Timestamp(rawValue: morning.rawValue + 600_000), day: day, fuzz: nil)
      answers += 1
    }
    return next
  }

  /// An index drawn with chances proportional to `weights`.
  static func draw(_ weights: [Double], _ generator: inout SeededGenerator) -> Int {
    var target = generator.unit() * weights.reduce(0, +)
    for (index, weight) in weights.enumerated() {
      if target < weight { return index }
      target -= weight
    }
    return weights.count - 1
  }
}
