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
    let reference = DayByDay.outcome(
      simulator, model: InstalledModel(fsrs6: parameters), desiredRetention: desiredRetention)
    #expect(outcome.reviewsPerDay == reference.reviewsPerDay)
    #expect(abs(outcome.expectedRetention - reference.expectedRetention) < 1e-12)
  }

  /// Under another memory model the year is simulated with its own
  /// forgetting curve and intervals, as the day-by-day simulation gives.
  @Test(arguments: [MemoryModelKind.sbd, .sbdSameDayTimes])
  func anotherModelIsSimulatedWithItsOwnCurve(kind: MemoryModelKind) throws {
    let model = try #require(InstalledModel(kind: kind, parameters: SBDModel.defaults))
    let simulator = RetentionSimulator(histories: [])
    let outcomes = simulator.simulate(model: model)
    for (lower, higher) in zip(outcomes, outcomes.dropFirst()) {
      #expect(lower.reviewsPerDay < higher.reviewsPerDay)
      #expect(lower.expectedRetention < higher.expectedRetention)
    }
    let fsrs6 = simulator.simulate(parameters: .default)
    #expect(outcomes.map(\.reviewsPerDay) != fsrs6.map(\.reviewsPerDay))
    let reference = DayByDay.outcome(simulator, model: model, desiredRetention: 0.9)
    #expect(outcomes[2].reviewsPerDay == reference.reviewsPerDay)
    #expect(abs(outcomes[2].expectedRetention - reference.expectedRetention) < 1e-12)
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
  @Test func theRecommendationGivesTheMostRetentionPerReviewOfEveryCandidate() {
    let simulator = RetentionSimulator(histories: [])
    let recommended = RetentionRecommendation(parameters: .default, simulator: simulator, desiredRetention: 0.9)
    #expect(RetentionRecommendation.candidates.contains(recommended.desiredRetention))
    #expect(recommended.outcome.desiredRetention == recommended.desiredRetention)
    #expect(recommended.current.desiredRetention == 0.9)
    for retention in stride(from: 0.70, through: 0.951, by: 0.05) {
      let outcome = simulator.simulate(parameters: .default, desiredRetention: retention)
      #expect(
        RetentionRecommendation.value(outcome) <= RetentionRecommendation.value(recommended.outcome) + 1e-12,
        "\(retention)")
    }
  }

  @Test func aRetentionThatCostsMoreReviewsForLittleIsNotRecommended() {
    let simulator = RetentionSimulator(histories: [])
    let known = simulator.simulate(parameters: .default)
    let recommended = RetentionRecommendation(
      parameters: .default, simulator: simulator, desiredRetention: 0.9, known: known)
    #expect(recommended.desiredRetention < 0.95)
    #expect(recommended.text().contains("retention per minute of reviews"))
  }
}

/// The simulations written the plain way: every question looked at every
/// day, in the order it was learned.
private enum DayByDay {
  static func learn(
    _ scheduler: MemoryScheduler, _ state: MemoryState?, _ rating: ReviewRating, on day: Int, answers: inout Int
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
    _ simulator: RetentionSimulator, model: InstalledModel, desiredRetention: Double
  ) -> RetentionSimulator.Outcome {
    let scheduler = model.scheduler(desiredRetention: desiredRetention)
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

}
