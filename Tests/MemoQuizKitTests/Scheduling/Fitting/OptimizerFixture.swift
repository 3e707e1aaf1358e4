import Foundation
import Testing

@testable import MemoQuizKit

/// `Fixtures/fsrs-optimizer-reference.json`, written by
/// `Scripts/fsrs-optimizer-reference.py` with the FSRS authors' Python
/// optimizer (`fsrs` 6.3.2).
struct OptimizerFixture {
  struct Log {
    let name: String
    let reviews: Int
    let defaultLogLoss: Double
    let fittedParameters: [Double]
    let fittedLogLoss: Double
    let histories: [ReviewHistory]
  }

  struct GradientCase {
    let name: String
    let parameters: [Double]
    let loss: Double
    let gradient: [Double]
  }

  let maximumLength: Int
  let logs: [Log]
  let gradientBatch: [ReviewHistory]
  let gradientCases: [GradientCase]

  static func load() throws -> OptimizerFixture {
    let root = try #require(
      try JSONSerialization.jsonObject(with: try Fixtures.data("fsrs-optimizer-reference.json")) as? [String: Any])
    func histories(_ value: Any?) throws -> [ReviewHistory] {
      let list = try #require(value as? [[[NSNumber]]])
      return try list.map { reviews in
        ReviewHistory(
          try reviews.map { pair in
            let rating = try #require(ReviewRating(rawValue: pair[1].intValue))
            return ReviewHistory.Review(time: Timestamp(rawValue: pair[0].int64Value), rating: rating)
          })
      }
    }
    let logs = try #require(root["logs"] as? [[String: Any]]).map { log in
      Log(
        name: try #require(log["name"] as? String), reviews: try #require(log["reviews"] as? Int),
        defaultLogLoss: try #require(log["defaultLogLoss"] as? Double),
        fittedParameters: try #require(log["fittedParameters"] as? [Double]),
        fittedLogLoss: try #require(log["fittedLogLoss"] as? Double), histories: try histories(log["histories"]))
    }
    let cases = try #require(root["gradientCases"] as? [[String: Any]]).map { item in
      GradientCase(
        name: try #require(item["name"] as? String), parameters: try #require(item["parameters"] as? [Double]),
        loss: try #require(item["loss"] as? Double), gradient: try #require(item["gradient"] as? [Double]))
    }
    return OptimizerFixture(
      maximumLength: try #require(root["maximumLength"] as? Int), logs: logs,
      gradientBatch: try histories(root["gradientBatch"]), gradientCases: cases)
  }
}
