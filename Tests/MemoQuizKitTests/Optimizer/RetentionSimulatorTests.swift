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
