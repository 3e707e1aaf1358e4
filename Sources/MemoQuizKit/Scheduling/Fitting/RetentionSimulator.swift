@preconcurrency import Glibc

/// What a desired retention costs and gives, by simulating a year of study
/// with the learner's memory model and parameters, as the FSRS authors'
/// simulator does with FSRS's.
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
///
/// With ``scheduling`` taken from the settings, each simulated review's due
/// day is chosen as the recording of an answer chooses it: within the fuzz
/// range by load balancing and Easy Days, and under an exam goal kept before
/// its date (``DueDayBalancer/interval(_:stability:from:unit:goal:scheduler:load:)``).
/// Without it, every interval is the model's own, unfuzzed.
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
    /// The questions that fell due and were reviewed, each simulated day
    /// (first answers and same-day repeats left out).
    var reviewsByDay: [Int] = []
    /// The mean chance of recall of the questions learned so far, each
    /// simulated day.
    var retentionByDay: [Double] = []
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

  /// How the simulated reviews' due days are chosen beyond FSRS; by
  /// default not at all.
  public var scheduling = Scheduling.plain

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
  ///
  /// Each question is looked at on the days it falls due, not every day: the
  /// questions due on a day wait in that day's list, and a question's chance
  /// of recall on each day it kept one memory state is added when that state
  /// ends (at its next review, or at the year's end).
  public func simulate(parameters: FSRSParameters, desiredRetention: Double) -> Outcome {
    simulate(model: InstalledModel(fsrs6: parameters), desiredRetention: desiredRetention)
  }

  /// Simulates a year with `model` at each desired retention.
  func simulate(model: InstalledModel, desiredRetentions: [Double] = reportedRetentions) -> [Outcome] {
    desiredRetentions.map { simulate(model: model, desiredRetention: $0) }
  }

  /// Simulates a year with `model` at one desired retention.
  func simulate(model: InstalledModel, desiredRetention: Double) -> Outcome {
    let scheduler = model.scheduler(desiredRetention: desiredRetention, recallDays: Self.days)
    var generator = SeededGenerator(seed: Self.seed)
    // The fuzz draws of the chosen days, apart: recall and ratings are
    // drawn as without a choice.
    var units = SeededGenerator(seed: ~Self.seed)
    var states: [MemoryState] = []
    states.reserveCapacity(Self.days * Self.newPerDay)
    var dueOn = DueDays(days: Self.days)
    // The sum of the chances of recall of the questions learned, each day.
    var recall = [Double](repeating: 0, count: Self.days)
    var answers = 0
    // Every answer of a learner day is given at its start: the day's number
    // is all the scheduler counts.
    var reviewsByDay = [Int](repeating: 0, count: Self.days)
    for day in 0..<Self.days {
      let morning = LearnersDay.start(ofDay: day, hour: 4)
      let due = dueOn.questions(dueOn: day)
      reviewsByDay[day] = due.count
      for index in due {
        let state = states[index]
        Self.addRecall(of: state, until: day, scheduler, to: &recall)
        let rating: ReviewRating
        if generator.unit() < scheduler.retrievability(of: state, onDay: day) {
          rating = ReviewRating(rawValue: 2 + Self.draw(recallRatings, &generator)) ?? .good
        } else {
          rating = .again
        }
        states[index] = learn(
          scheduler, state, rating: rating, on: day, at: morning, question: index, dueOn: dueOn, units: &units,
          answers: &answers)
        dueOn.add(index, dueOn: states[index].dueDay, after: day)
      }
      for _ in 0..<Self.newPerDay {
        let rating = ReviewRating(rawValue: 1 + Self.draw(firstRatings, &generator)) ?? .good
        let state = learn(
          scheduler, nil, rating: rating, on: day, at: morning, question: states.count, dueOn: dueOn, units: &units,
          answers: &answers)
        dueOn.add(states.count, dueOn: state.dueDay, after: day)
        states.append(state)
      }
    }
    for state in states { Self.addRecall(of: state, until: Self.days, scheduler, to: &recall) }
    var retentionSum = 0.0
    let retentionByDay = (0..<Self.days).map { recall[$0] / Double(($0 + 1) * Self.newPerDay) }
    for retention in retentionByDay { retentionSum += retention }
    return Outcome(
      desiredRetention: desiredRetention, reviewsPerDay: Double(answers) / Double(Self.days),
      expectedRetention: retentionSum / Double(Self.days), reviewsByDay: reviewsByDay,
      retentionByDay: retentionByDay)
  }

  /// One answer, and after Again the right answer later the same day; the
  /// last one's due day is chosen as ``scheduling`` says.
  private func learn(
    _ scheduler: MemoryScheduler, _ state: MemoryState?, rating: ReviewRating, on day: Int, at morning: Timestamp,
    question: Int, dueOn: DueDays, units: inout SeededGenerator, answers: inout Int
  ) -> MemoryState {
    func scheduled(_ state: MemoryState?, _ rating: ReviewRating, at time: Timestamp) -> MemoryState {
      let plain = scheduler.review(state, rating: rating, at: time, day: day, fuzz: nil)
      guard !scheduling.isPlain else { return plain }
      let start = scheduling.firstDay
      let goal = scheduling.goal(of: question, onDay: start + day)
      let balancer = scheduling.balancer
      // Neither setting on and no goal over this review: the model's own interval.
      guard balancer.isActive || goal != nil else { return plain }
      let unit = units.unit()
      let chosen = balancer.interval(
        plain.interval, state: plain, from: start + day, unit: unit, goal: goal, scheduler: scheduler
      ) { dueOn.reviews(on: $0 - start) }
      return scheduler.review(state, rating: rating, at: time, day: day, fuzz: unit, chosen: chosen)
    }
    answers += 1
    guard rating == .again else { return scheduled(state, rating, at: morning) }
    let first = scheduler.review(state, rating: rating, at: morning, day: day, fuzz: nil)
    answers += 1
    return scheduled(first, .good, at: Timestamp(rawValue: morning.rawValue + 600_000))
  }

  /// Adds a state's chance of recall on each day it was the question's, from
  /// its review's day to the day before `end`, to that day's sum.
  private static func addRecall(
    of state: MemoryState, until end: Int, _ scheduler: MemoryScheduler, to recall: inout [Double]
  ) {
    let start = state.lastReviewDay
    guard case .fsrs6(let fsrs) = scheduler else {
      if case .sbd(let sbd) = scheduler { sbd.addRecall(of: state, over: start..<max(start, end), to: &recall) }
      return
    }
    let (factor, decay, stability) = (fsrs.factor, fsrs.decay, state.stability)
    recall.withUnsafeMutableBufferPointer { sums in
      var day = start
      while day < end {
        // As FSRSScheduler.retrievability(elapsedDays:stability:) does.
        let elapsed = Double(day - start)
        sums[day] += pow(1 + factor * elapsed / stability, decay)
        day += 1
      }
    }
  }

  /// An index drawn with chances proportional to `weights`.
  static func draw(_ weights: [Double], _ generator: inout SeededGenerator) -> Int {
    var total = 0.0
    for weight in weights { total += weight }
    var target = generator.unit() * total
    var index = 0
    while index < weights.count - 1 && target >= weights[index] {
      target -= weights[index]
      index += 1
    }
    return index
  }
}

/// The questions of a simulated year by the learner day they fall due, so
/// that a day looks only at its own.
struct DueDays {
  private var lists: [[Int]]

  init(days: Int) {
    lists = Array(repeating: [], count: days)
  }

  /// Files question `index` under the day it falls due; one due on or
  /// before `day`, the day it was answered, under the next day. A day past
  /// the simulation's end is not kept.
  /// Each day's list is kept in the order the questions were first learned.
  mutating func add(_ index: Int, dueOn dueDay: Int, after day: Int) {
    let due = max(dueDay, day + 1)
    guard due < lists.count else { return }
    guard let last = lists[due].last, last > index else { return lists[due].append(index) }
    var low = 0
    var high = lists[due].count - 1
    while low < high {
      let middle = (low + high) / 2
      if lists[due][middle] < index { low = middle + 1 } else { high = middle }
    }
    lists[due].insert(index, at: low)
  }

  /// How many questions are filed under `day`: 0 for a day past the
  /// simulation's end.
  func reviews(on day: Int) -> Int {
    day >= 0 && day < lists.count ? lists[day].count : 0
  }

  /// The questions that fall due on `day`, in the order they were first
  /// learned; they are no longer filed.
  mutating func questions(dueOn day: Int) -> [Int] {
    defer { lists[day] = [] }
    return lists[day]
  }
}
