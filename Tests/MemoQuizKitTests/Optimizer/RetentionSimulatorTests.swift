import Testing

@testable import MemoQuizKit

/// A higher desired retention costs more reviews and keeps more in memory.
@Suite struct RetentionSimulatorTests {
  @Test func higherRetentionCostsMoreAndKeepsMore() {
    let simulator = RetentionSimulator(histories: [])
    let outcomes = simulator.simulate(parameters: .default)
    #expect(outcomes.map(\.desiredRetention) == [0.80, 0.85, 0.90, 0.95])
    for (lower, higher) in zip(outcomes, outcomes.dropFirst()) {
      #expect(lower.reviewsPerDay < higher.reviewsPerDay)
      #expect(lower.expectedRetention < higher.expectedRetention)
    }
    for outcome in outcomes {
      #expect(outcome.reviewsPerDay > 10)
      #expect(outcome.expectedRetention > outcome.desiredRetention - 0.1)
      #expect(outcome.expectedRetention < 1)
    }
  }

  @Test func theSameInputGivesTheSameFigures() {
    let simulator = RetentionSimulator(histories: [])
    #expect(simulator.simulate(parameters: .default) == simulator.simulate(parameters: .default))
  }

  /// The simulation looks at each question on its due days only; it gives
  /// the figures of one that looks at every question every day.
  @Test(arguments: [0.8, 0.93])
  func theFiguresAreThoseOfADayByDaySimulation(desiredRetention: Double) throws {
    var values = FSRSParameters.default.values
    values[20] = 0.3  // another forgetting curve than the default one
    let parameters = try FSRSParameters(values)
    let simulator = RetentionSimulator(histories: [])
    let outcome = simulator.simulate(parameters: parameters, desiredRetention: desiredRetention)
    let reference = DayByDay.outcome(simulator, parameters: parameters, desiredRetention: desiredRetention)
    #expect(outcome.reviewsPerDay == reference.reviewsPerDay)
    #expect(abs(outcome.expectedRetention - reference.expectedRetention) < 1e-12)
  }

  @Test func ratingHabitsComeFromTheHistory() {
    let day: Int64 = 86_400_000
    let history = ReviewHistory([
      (time: Timestamp(rawValue: 0), rating: .again),
      (time: Timestamp(rawValue: 1000), rating: .good),
      (time: Timestamp(rawValue: 2 * day), rating: .hard),
    ])
    let simulator = RetentionSimulator(histories: [history])
    #expect(simulator.firstRatings == [1, 0, 0, 0])
    #expect(simulator.recallRatings == [1, 0, 0])
  }
}

@Suite struct RetentionRecommendationTests {
  @Test(arguments: [(25, 150), (60, 600)])
  func theRecommendationLeavesTheMostInMemoryAtTheLearnersPace(answers: Int, questions: Int) {
    let habits = RetentionSimulator(histories: [])
    let recommended = RetentionRecommendation(
      parameters: .default, habits: habits, answersPerDay: answers, questions: questions)
    #expect(RetentionRecommendation.candidates.contains(recommended.desiredRetention))
    for retention in stride(from: 0.70, through: 0.951, by: 0.05) {
      let memorized = RetentionRecommendation.simulate(
        parameters: .default, desiredRetention: retention, habits: habits, answersPerDay: answers,
        questions: questions)
      #expect(memorized <= recommended.memorized + 1e-9, "\(retention)")
    }
  }

  @Test(arguments: [(0.75, 20, 300), (0.9, 60, 150)])
  func theSimulationIsADayByDayOne(desiredRetention: Double, answers: Int, questions: Int) {
    let habits = RetentionSimulator(histories: [])
    let memorized = RetentionRecommendation.simulate(
      parameters: .default, desiredRetention: desiredRetention, habits: habits, answersPerDay: answers,
      questions: questions)
    #expect(
      memorized
        == DayByDay.memorized(
          habits, desiredRetention: desiredRetention, answersPerDay: answers, questions: questions))
  }

  @Test func aLargerCollectionAtTheSamePaceIsRecommendedALowerRetention() {
    let habits = RetentionSimulator(histories: [])
    let few = RetentionRecommendation(parameters: .default, habits: habits, answersPerDay: 40, questions: 100)
    let many = RetentionRecommendation(parameters: .default, habits: habits, answersPerDay: 40, questions: 2000)
    #expect(few.desiredRetention > many.desiredRetention)
  }

  @Test func thePaceIsTheMeanOfTheDaysWithAnswersInTheLastFourWeeks() {
    let day = Timestamp.millisecondsPerDay
    func review(_ dayNumber: Int64) -> ReviewHistory.Review {
      ReviewHistory.Review(time: Timestamp(rawValue: dayNumber * day + 3_600_000), rating: .good)
    }
    // Day 1 is more than 28 days before the newest answer (day 40): left out.
    let histories = [
      ReviewHistory([review(1), review(1), review(30), review(30), review(30)]),
      ReviewHistory([review(39), review(40)]),
    ]
    #expect(RetentionRecommendation.answersPerDay(in: histories) == 2)
    #expect(RetentionRecommendation.answersPerDay(in: []) == nil)
  }
}

/// The simulations written the plain way: every question looked at every
/// day, in the order it was learned.
private enum DayByDay {
  static func learn(
    _ scheduler: FSRSScheduler, _ state: MemoryState?, _ rating: ReviewRating, on day: Int, answers: inout Int
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

  static func outcome(
    _ simulator: RetentionSimulator, parameters: FSRSParameters, desiredRetention: Double
  ) -> RetentionSimulator.Outcome {
    let scheduler = FSRSScheduler(parameters: parameters, desiredRetention: desiredRetention)
    var generator = SeededGenerator(seed: RetentionSimulator.seed)
    var states: [MemoryState] = []
    var answers = 0
    var retentionSum = 0.0
    for day in 0..<RetentionSimulator.days {
      for index in states.indices where states[index].isDue(onDay: day) {
        let chance = scheduler.retrievability(of: states[index], onDay: day)
        let rating =
          generator.unit() < chance
          ? ReviewRating(rawValue: 2 + RetentionSimulator.draw(simulator.recallRatings, &generator))! : .again
        states[index] = learn(scheduler, states[index], rating, on: day, answers: &answers)
      }
      for _ in 0..<RetentionSimulator.newPerDay {
        let rating = ReviewRating(rawValue: 1 + RetentionSimulator.draw(simulator.firstRatings, &generator))!
        states.append(learn(scheduler, nil, rating, on: day, answers: &answers))
      }
      var recall = 0.0
      for state in states { recall += scheduler.retrievability(of: state, onDay: day) }
      retentionSum += recall / Double(states.count)
    }
    let days = Double(RetentionSimulator.days)
    return .init(
      desiredRetention: desiredRetention, reviewsPerDay: Double(answers) / days,
      expectedRetention: retentionSum / days)
  }

  static func memorized(
    _ habits: RetentionSimulator, desiredRetention: Double, answersPerDay: Int, questions: Int
  ) -> Double {
    let scheduler = FSRSScheduler(parameters: .default, desiredRetention: desiredRetention)
    var generator = SeededGenerator(seed: RetentionRecommendation.seed)
    var states: [MemoryState] = []
    for day in 0..<RetentionRecommendation.days {
      let due = states.indices.filter { states[$0].isDue(onDay: day) }
      let recall = due.map { scheduler.retrievability(of: states[$0], onDay: day) }
      let order = recall.indices.sorted { recall[$0] < recall[$1] }
      var given = 0
      for position in order where given < answersPerDay {
        let rating =
          generator.unit() < recall[position]
          ? ReviewRating(rawValue: 2 + RetentionSimulator.draw(habits.recallRatings, &generator))! : .again
        states[due[position]] = learn(scheduler, states[due[position]], rating, on: day, answers: &given)
      }
      var room = due.isEmpty ? answersPerDay - given : max(0, answersPerDay - due.count) * 4 / 5
      while given < answersPerDay && room > 0 && states.count < questions {
        let rating = ReviewRating(rawValue: 1 + RetentionSimulator.draw(habits.firstRatings, &generator))!
        states.append(learn(scheduler, nil, rating, on: day, answers: &given))
        room -= 1
      }
    }
    return states.reduce(0) { $0 + scheduler.retrievability(of: $1, onDay: RetentionRecommendation.days) }
  }
}
