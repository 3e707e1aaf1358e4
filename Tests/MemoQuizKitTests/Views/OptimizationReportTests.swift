import Foundation
import Testing

@testable import MemoQuizKit

/// What `optimize` prints, as text within 60 columns and as the JSON the
/// contract gives.
@Suite struct OptimizationReportTests {
  private static func histories() throws -> [ReviewHistory] {
    try OptimizerFixture.load().logs[1].histories
  }

  /// The report that installs, fitted from the published parameters once:
  /// the same histories give the same report, and the tests only read it.
  private static let installing: Result<OptimizationReport, any Error> = Result {
    OptimizationReport(histories: try histories(), current: .default, dryRun: false)
  }

  @Test func jsonHasTheContractsShape() throws {
    var report = try Self.installing.get()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    // The contract's keys, and the recommended retention (null until worked out).
    #expect(Set(object.keys) == ["reviews", "current", "fitted", "installed", "retention", "recommendedRetention"])
    #expect(object["recommendedRetention"] is NSNull)
    report.recommendation = RetentionRecommendation(
      parameters: report.parametersInEffect, simulator: RetentionSimulator(histories: try Self.histories()),
      desiredRetention: 0.9, known: report.retention)
    let recommended = try #require(
      try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    #expect(recommended["recommendedRetention"] as? Double == report.recommendation?.desiredRetention)
    #expect(object["reviews"] as? Int == report.reviews)
    let current = try #require(object["current"] as? [String: Any])
    #expect(Set(current.keys) == ["parameters", "logLoss", "rmseBins"])
    #expect((current["parameters"] as? [Double])?.count == 21)
    let fitted = try #require(object["fitted"] as? [String: Any])
    #expect((fitted["parameters"] as? [Double])?.count == 21)
    #expect(object["installed"] as? Bool == true)
    let retention = try #require(object["retention"] as? [[String: Any]])
    #expect(retention.map { $0["desired"] as? Double } == [0.8, 0.85, 0.9, 0.95])
    #expect(Set(retention[0].keys) == ["desired", "reviewsPerDay", "expectedRetention"])
    #expect(report.parametersToInstall == report.fitted?.parameters)
    #expect(try #require(report.fitted).logLoss < report.current.logLoss)
  }

  @Test func aDryRunInstallsNothing() throws {
    let report = OptimizationReport(histories: try Self.histories(), current: .default, dryRun: true)
    #expect(report.fittedAreBetter)
    #expect(!report.installed)
    #expect(report.parametersToInstall == nil)
    #expect(report.text(width: 200).contains("a dry run installs nothing"))
  }

  @Test func parametersThatAreAlreadyFittedStay() throws {
    let histories = try Self.histories()
    let first = try Self.installing.get()
    let fitted = try #require(first.fitted?.parameters)
    let second = OptimizationReport(histories: histories, current: fitted, dryRun: false)
    #expect(!second.installed)
    #expect(second.text(width: 200).contains("the current ones stay"))
  }

  @Test func tooFewReviewsSayHowManyMore() throws {
    let report = OptimizationReport(histories: [], current: .default, dryRun: false)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    #expect(object["fitted"] is NSNull)
    #expect(object["installed"] as? Bool == false)
    #expect(report.reviewsNeeded == 8)
    #expect(report.text(width: 200).contains("8 more needed"))
  }

  @Test func textFitsSixtyColumns() throws {
    let report = try Self.installing.get()
    let text = report.text(width: 60)
    for line in text.split(separator: "\n") {
      #expect(line.count <= 60, "\(line)")
    }
    #expect(text.contains("log loss"))
    #expect(text.contains("RMSE(bins)"))
    #expect(text.contains("0.90"))
    #expect(text.contains("(now)"))
    #expect(text.contains("installed"))
  }
}
