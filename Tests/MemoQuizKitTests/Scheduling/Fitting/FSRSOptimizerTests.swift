import Foundation
import Testing

@testable import MemoQuizKit

/// The optimizer fits as well as the FSRS authors' Python optimizer on the
/// same logs, deterministically, and keeps its hands off too little data.
@Suite struct FSRSOptimizerTests {
  @Test func fittedParametersPredictAsWellAsTheReferences() throws {
    let fixture = try OptimizerFixture.load()
    #expect(fixture.logs.count >= 3)
    for log in fixture.logs {
      guard case .fitted(let parameters) = FSRSOptimizer(weighting: .uniform).fit(log.histories) else {
        Issue.record("\(log.name): nothing fitted")
        continue
      }
      let evaluation = ModelEvaluation(
        parameters: parameters, histories: log.histories, maximumLength: fixture.maximumLength)
      let defaults = ModelEvaluation(
        parameters: .default, histories: log.histories, maximumLength: fixture.maximumLength)
      #expect(evaluation.reviews == log.reviews, "\(log.name)")
      #expect(abs(defaults.logLoss - log.defaultLogLoss) <= 1e-9, "\(log.name): default log loss")
      #expect(
        evaluation.logLoss <= log.fittedLogLoss * 1.005,
        "\(log.name): log loss \(evaluation.logLoss), the reference's \(log.fittedLogLoss)")
      let reference = try FSRSParameters(log.fittedParameters)
      let referenceEvaluation = ModelEvaluation(
        parameters: reference, histories: log.histories, maximumLength: fixture.maximumLength)
      #expect(abs(referenceEvaluation.logLoss - log.fittedLogLoss) <= 1e-9, "\(log.name): reference log loss")
    }
  }

  @Test func theSameHistoryGivesTheSameParametersInAnyOrder() throws {
    let fixture = try OptimizerFixture.load()
    let histories = fixture.logs[1].histories
    let first = FSRSOptimizer().fit(histories)
    let reordered = histories.reversed().map { ReviewHistory($0.reviews.reversed()) }
    let second = FSRSOptimizer().fit(reordered)
    #expect(first == second)
    #expect(first.parameters != nil)
    #expect(first.parameters != .default)
  }

  @Test func tooFewReviewsFitNothingAndSayHowManyAreNeeded() {
    let day: Int64 = 86_400_000
    let histories = (0..<3).map { question in
      ReviewHistory([
        (time: Timestamp(rawValue: Int64(question) * 1000), rating: .good),
        (time: Timestamp(rawValue: Int64(question) * 1000 + 2 * day), rating: .good),
      ])
    }
    #expect(FSRSOptimizer().fit(histories) == .tooFewReviews(have: 3, need: 8))
    #expect(FSRSOptimizer().fit([]) == .tooFewReviews(have: 0, need: 8))
  }

  @Test func aFewDozenReviewsFitOnlyTheInitialStabilities() throws {
    let day: Int64 = 86_400_000
    var generator = SeededGenerator(seed: 11)
    let histories = (0..<40).map { question in
      let start = Int64(question) * 60_000
      let recalled = generator.next(below: 10) < 7
      return ReviewHistory([
        (time: Timestamp(rawValue: start), rating: .good),
        (time: Timestamp(rawValue: start + 3 * day), rating: recalled ? .good : .again),
      ])
    }
    guard case .initialStabilitiesOnly(let parameters) = FSRSOptimizer().fit(histories) else {
      Issue.record("expected only w0-w3 to be fitted")
      return
    }
    #expect(parameters.values[4...] == FSRSParameters.default.values[4...])
    #expect(parameters[2] != FSRSParameters.default[2])
    #expect(parameters[0] <= parameters[1] && parameters[1] <= parameters[2] && parameters[2] <= parameters[3])
  }

  @Test func outliersAreTheRareIntervalsOfEachFirstRating() {
    let day: Int64 = 86_400_000
    var histories: [ReviewHistory] = []
    for question in 0..<200 {
      let start = Int64(question) * 1000
      let gap: Int64 = question < 190 ? 1 : (question < 195 ? 3 : 150)
      histories.append(
        ReviewHistory([
          (time: Timestamp(rawValue: start), rating: .good),
          (time: Timestamp(rawValue: start + gap * day), rating: .good),
        ]))
    }
    let removed = TrainingSet.outliers(histories.map { ReviewSequence($0) })
    #expect(removed[3] == [3, 150])
    let set = TrainingSet(histories)
    #expect(set.countedReviews == 200)
    #expect(set.pretraining.ratingCounts == [3: 190])
  }
}
