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
