import Foundation
import Testing

@testable import MemoQuizKit

/// What `optimize --evaluate` adds to the report: the time-series
/// evaluation and Anki's health check, as text and as JSON, and that it
/// installs nothing.
@Suite struct OptimizationReportEvaluationTests {
  private static func histories() throws -> [ReviewHistory] {
    try OptimizerFixture.load().logs[1].histories
  }

  @Test func evaluatingAddsTheEvaluationAndInstallsNothing() throws {
    let report = OptimizationReport(
      histories: try Self.histories(), current: .default, dryRun: false, evaluate: true)
    #expect(report.fittedAreBetter)
    #expect(!report.installed)
    #expect(report.parametersToInstall == nil)
    let evaluation = try #require(report.evaluation)
    let fitted = try #require(evaluation.fitted)
    let check = try #require(evaluation.healthCheck)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "reviews", "current", "fitted", "installed", "retention", "recommendedRetention", "evaluation", "models",
      ])
    let json = try #require(object["evaluation"] as? [String: Any])
    #expect(Set(json.keys) == ["folds", "reviews", "current", "fitted", "healthCheck"])
    #expect(json["folds"] as? Int == 5)
    #expect(json["reviews"] as? Int == evaluation.heldOutReviews)
    let fittedJSON = try #require(json["fitted"] as? [String: Double])
    #expect(abs((fittedJSON["logLoss"] ?? 0) - fitted.logLoss) < 1e-6)
    #expect(abs((fittedJSON["rmseBins"] ?? 0) - fitted.rmseBins) < 1e-6)
    let currentJSON = try #require(json["current"] as? [String: Double])
    #expect(abs((currentJSON["logLoss"] ?? 0) - evaluation.current.logLoss) < 1e-6)
    let health = try #require(json["healthCheck"] as? [String: Any])
    #expect(health["passed"] as? Bool == check.passed)
    #expect(Set(health.keys) == ["passed", "adjustedLogLoss", "adjustedRmseBins"])

    let text = report.text(width: 60)
    for line in text.split(separator: "\n") {
      #expect(line.count <= 60, "\(line)")
    }
    #expect(report.text(width: 200).contains("The fitted parameters predict better; evaluating installs nothing."))
    let section = try #require(text.components(separatedBy: "\n\n").first { $0.hasPrefix("Predicting") })
    let table = try #require(text.components(separatedBy: "\n\n").first { $0.contains("refitted") })
    #expect(
      section == """
        Predicting reviews not fitted on (5 time-series splits):
        Your reviews in time order, cut in six; each of the last
        five predicted by parameters fitted only on the reviews
        before it (\(evaluation.heldOutReviews) predictions).
        """)
    func row(_ label: String, _ metrics: TimeSeriesEvaluation.Metrics) -> String {
      label.padding(toLength: 10, withPad: " ", startingAt: 0) + String(format: "%10.4f", metrics.logLoss)
        + String(format: "%12.1f%%", metrics.rmseBins * 100)
    }
    #expect(
      table
        == [
          "            log loss   RMSE(bins)", row("in use", evaluation.current), row("refitted", fitted),
          "Health check: FSRS can adapt to your memory well.",
        ].joined(separator: "\n"))
  }

  @Test func withoutEvaluatingTheJSONIsAsBefore() throws {
    let report = OptimizationReport(histories: try Self.histories(), current: .default, dryRun: true)
    #expect(report.evaluation == nil)
    #expect(!(try report.json()).contains("evaluation"))
    #expect(!report.text().contains("Predicting"))
  }

  @Test func tooFewReviewsToEvaluateSaySo() throws {
    let report = OptimizationReport(histories: [], current: .default, dryRun: false, evaluate: true)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    #expect(object["evaluation"] is NSNull)
    #expect(
      report.text(width: 200).contains(
        "Too few reviews to evaluate: at least 6 needed (reviews a day or more after the one before)."))
  }
}
