import Foundation
import Testing

@testable import MemoQuizKit

/// `optimize --evaluate`'s measure: fitting scored on reviews it was not
/// fitted on, Anki's health check, and the recency weighting it rewards.
@Suite struct TimeSeriesEvaluationTests {
  private static let day: Int64 = 86_400_000
  private static let start: Int64 = 1_780_000_000_000

  /// A simulated learner reviewing 300 questions at the intervals FSRS
  /// gives, recalling with the chance FSRS predicts for `truth` (or, from
  /// `changeDay` on, for `later`).
  private static func learner(
    seed: UInt64, truth: FSRSParameters, later: FSRSParameters? = nil, changeDay: Int64 = .max, days: Int64 = 200
  ) -> [ReviewHistory] {
    var generator = SeededGenerator(seed: seed)
    func chance() -> Double { Double(generator.next(below: 1 << 40)) / Double(1 << 40) }
    return (0..<300).map { question in
      var time = start + Int64(question % 100) * day + Int64(generator.next(below: 36_000_000))
      var state: MemoryState?
      var reviews: [ReviewHistory.Review] = []
      while time < start + days * day {
        let parameters = (time - start) / day >= changeDay ? (later ?? truth) : truth
        let scheduler = FSRSScheduler(parameters: parameters)
        let today = Int(time / day)
        let recall = state.map { scheduler.retrievability(of: $0, onDay: today) } ?? 0.6
        let rating: ReviewRating = chance() < recall ? (chance() < 0.1 ? .hard : .good) : .again
        reviews.append(ReviewHistory.Review(time: Timestamp(rawValue: time), rating: rating, day: today))
        state = scheduler.review(state, rating: rating, at: Timestamp(rawValue: time), day: today, fuzz: nil)
        time += Int64(state?.interval ?? 1) * day + Int64(generator.next(below: 7_200_000))
      }
      return ReviewHistory(reviews)
    }
  }

  /// A learner who forgets much faster than the average one.
  private static let forgetful = FSRSParameters(
    checked: FSRSParameters.clamped(
      [0.05, 0.3, 0.6, 2.0] + FSRSParameters.default.values[4...8] + [0.4] + FSRSParameters.default.values[10...],
      shortTermTrained: false))

  /// A learner who remembers much longer than the average one.
  private static let strong = FSRSParameters(
    checked: FSRSParameters.clamped(
      [2, 6, 12, 30] + FSRSParameters.default.values[4...7] + [2.2] + FSRSParameters.default.values[9...],
      shortTermTrained: false))

  @Test func foldsAreFittedOnEarlierReviewsAndScoredOnLaterOnes() throws {
    let histories = Self.learner(seed: 5, truth: Self.forgetful)
    let evaluation = try #require(TimeSeriesEvaluation(histories: histories, current: .default))
    let counted = histories.reduce(0) { $0 + ReviewSequence($1).countedReviews }
    #expect(evaluation.reviews == counted)
    #expect(evaluation.heldOutReviews == counted - counted / 6, "the first sixth is never predicted")
    let fitted = try #require(evaluation.fitted)
    #expect(fitted.logLoss < evaluation.current.logLoss, "fitting learns this learner's forgetting")
    #expect(fitted.rmseBins < evaluation.current.rmseBins)
    let check = try #require(evaluation.healthCheck)
    #expect(check.passed, "a learner whose memory follows FSRS is predictable")
    // The same reviews in any order give the same evaluation.
    let reordered = histories.reversed().map { ReviewHistory($0.reviews.reversed()) }
    #expect(TimeSeriesEvaluation(histories: reordered, current: .default) == evaluation)
  }

  @Test func tooFewReviewsToSplitOrToFit() throws {
    func histories(counted: Int) -> [ReviewHistory] {
      (0..<counted).map { question in
        let time = Self.start + Int64(question) * 60_000
        return ReviewHistory([
          (time: Timestamp(rawValue: time), rating: .good),
          (time: Timestamp(rawValue: time + 3 * Self.day), rating: question % 3 == 0 ? .again : .good),
        ])
      }
    }
    #expect(TimeSeriesEvaluation(histories: histories(counted: 5), current: .default) == nil)
    let six = try #require(TimeSeriesEvaluation(histories: histories(counted: 6), current: .default))
    #expect(six.heldOutReviews == 5)
    #expect(six.fitted == nil, "under 8 reviews nothing is fitted")
    // With 8 to 11 reviews each fold trains on fewer than 8 and gets the
    // published defaults, as fsrs-rs does: the same figures as the defaults in use.
    let nine = try #require(TimeSeriesEvaluation(histories: histories(counted: 9), current: .default))
    #expect(nine.heldOutReviews == 8)
    #expect(nine.fitted == nine.current)
    #expect(nine.healthCheck == nil, "Anki checks health only above 300 reviews")
  }

  @Test func recencyWeightingFollowsALearnerWhoseMemoryChanged() throws {
    var recentTotal = 0.0
    var evenTotal = 0.0
    for seed in [8, 9, 10] as [UInt64] {
      // Forgetful for the first 120 days, then with a much stronger memory.
      let histories = Self.learner(seed: seed, truth: Self.forgetful, later: Self.strong, changeDay: 120, days: 260)
      let recency = try #require(FSRSOptimizer(weighting: .recency).fit(histories).parameters)
      let uniform = try #require(FSRSOptimizer(weighting: .uniform).fit(histories).parameters)
      // Scored on the last 60 days: the learner as they are now.
      let now = Timestamp(rawValue: Self.start + 200 * Self.day)
      let recent = Self.logLoss(recency, histories, from: now)
      let even = Self.logLoss(uniform, histories, from: now)
      // (When no epoch beats the starting point, both fits keep it.)
      #expect(recent <= even, "seed \(seed): recency \(recent), uniform \(even)")
      recentTotal += recent
      evenTotal += even
    }
    #expect(recentTotal < evenTotal)
  }

  /// The mean log loss of the counted reviews at or after `time`.
  private static func logLoss(_ parameters: FSRSParameters, _ histories: [ReviewHistory], from time: Timestamp)
    -> Double
  {
    let model = MemoryModel(parameters.values)
    var steps: [MemoryModel.Step] = []
    var loss = 0.0
    var count = 0
    for history in histories {
      let sequence = ReviewSequence(history)
      let times = history.reviews.map(\.time).sorted()
      _ = model.forward(sequence, into: &steps)
      for index in 0..<sequence.count where sequence.isCounted(index) && times[index] >= time {
        loss += MemoryModel.crossEntropy(steps[index].retrievability, label: steps[index].rating > 1 ? 1 : 0)
        count += 1
      }
    }
    return loss / Double(max(count, 1))
  }

  @Test func newerReviewsWeighMoreAsInFsrsRs() {
    // Five questions, each reviewed twice, a day apart, a day after the one before.
    let histories = (0..<5).map { question in
      let time = Self.start + Int64(question) * Self.day
      return ReviewHistory([
        (time: Timestamp(rawValue: time), rating: .good),
        (time: Timestamp(rawValue: time + 10 * Self.day), rating: .good),
      ])
    }
    let set = TrainingSet(histories.reversed())
    let weights = set.weights(.recency).map { $0[1] }
    // 0.25 + 0.75·(i/4)³ for the i-th oldest review.
    let expected = [0.25, 0.25 + 0.75 / 64, 0.25 + 0.75 / 8, 0.25 + 0.75 * 27 / 64, 1.0]
    #expect(weights == expected)
    #expect(set.weights(.uniform).map { $0[1] } == [1, 1, 1, 1, 1])
    #expect(set.weights(.recency).map { $0[0] } == [0, 0, 0, 0, 0], "a first review predicts nothing")
  }

  @Test(arguments: [
    HealthCase(logLoss: 0.45, rmseBins: 0.05, passed: true),
    HealthCase(logLoss: 0.60, rmseBins: 0.20, passed: false),
    HealthCase(logLoss: 0.60, rmseBins: 0.05, passed: true),
    HealthCase(logLoss: 0.45, rmseBins: 0.20, passed: true),
  ])
  func healthCheckIsAnkisRule(_ health: HealthCase) throws {
    // At 80% recall and 1,000 reviews Anki's typical log loss is 0.44818 and RMSE(bins) 0.10086.
    let check = try #require(
      HealthCheck(logLoss: health.logLoss, rmseBins: health.rmseBins, recall: 0.8, reviews: 1000))
    #expect(abs(check.adjustedLogLoss - health.logLoss / 0.448176) < 1e-5)
    #expect(abs(check.adjustedRmseBins - health.rmseBins / 0.100863) < 1e-4)
    #expect(check.passed == health.passed)
    #expect(HealthCheck(logLoss: health.logLoss, rmseBins: health.rmseBins, recall: 0.8, reviews: 300) == nil)
  }

  struct HealthCase: Sendable, CustomTestStringConvertible {
    let logLoss: Double
    let rmseBins: Double
    let passed: Bool
    var testDescription: String { "log loss \(logLoss), RMSE(bins) \(rmseBins)" }
  }
}
