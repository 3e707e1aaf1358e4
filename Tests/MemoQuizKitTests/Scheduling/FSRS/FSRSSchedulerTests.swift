import Foundation
import Testing

@testable import MemoQuizKit

/// FSRS-6 as the FSRS authors' reference computes it: the fixture was
/// written by `Scripts/fsrs-reference.py` from `fsrs` 6.3.2.
@Suite struct FSRSSchedulerTests {
  private struct Review {
    let time: Timestamp
    let rating: ReviewRating
    let stability: Double
    let difficulty: Double
    let interval: Int
    let fuzz: ClosedRange<Int>
  }

  private static func referenceCases() throws -> [[Review]] {
    let root = try JSONSerialization.jsonObject(with: try Fixtures.data("fsrs-reference.json")) as? [String: Any]
    let cases = try #require(root?["cases"] as? [[String: Any]])
    return try cases.map { item in
      let reviews = try #require(item["reviews"] as? [[String: Any]])
      return try reviews.map { review in
        guard let time = (review["time"] as? NSNumber)?.int64Value,
          let rating = (review["rating"] as? Int).flatMap(ReviewRating.init(rawValue:)),
          let stability = review["stability"] as? Double, let difficulty = review["difficulty"] as? Double,
          let interval = review["interval"] as? Int, let low = review["fuzzMin"] as? Int,
          let high = review["fuzzMax"] as? Int
        else { throw CocoaError(.coderReadCorrupt) }
        return Review(
          time: Timestamp(rawValue: time), rating: rating, stability: stability, difficulty: difficulty,
          interval: interval, fuzz: low...high)
      }
    }
  }

  private static func isClose(_ value: Double, _ reference: Double) -> Bool {
    abs(value - reference) <= 1e-6 * max(abs(reference), 1e-12)
  }

  /// Days since 1970 in UTC, and 24-hour blocks between two moments, as
  /// py-fsrs counts them: the reference's own units.
  private static func utcDay(_ time: Timestamp) -> Int {
    Int((Double(time.rawValue) / 86_400_000).rounded(.down))
  }
  private static func blocks(_ earlier: Timestamp, _ later: Timestamp) -> Int {
    Int(floor(Double(later.rawValue - earlier.rawValue) / 86_400_000))
  }

  @Test func publishedCheckValues() {
    let scheduler = FSRSScheduler()
    let start = Timestamp(rawValue: 1_767_600_000_000)
    let first = scheduler.review(nil, rating: .good, at: start, day: 20_458, fuzz: nil)
    #expect(Self.isClose(first.stability, 2.3065))
    #expect(Self.isClose(first.difficulty, 2.118103970459016))
    let second = scheduler.review(
      first, rating: .good, at: Timestamp(rawValue: start.rawValue + 2 * 86_400_000), day: 20_460, fuzz: nil)
    #expect(Self.isClose(second.stability, 10.964332335820698))
  }

  /// py-fsrs counts 24-hour blocks, memoquiz learner days: where both agree
  /// (each review a whole number of days after the one before, at the same
  /// hour, or the same day), memoquiz gives the reference's values exactly.
  /// A history is followed up to its first review where they differ.
  @Test func everyReferenceHistoryIsReplayedExactlyWhereTheDaysAgree() throws {
    let cases = try Self.referenceCases()
    #expect(cases.count >= 200)
    let scheduler = FSRSScheduler()
    var checked = 0
    for (number, reviews) in cases.enumerated() {
      var state: MemoryState?
      for (index, review) in reviews.enumerated() {
        if index > 0 {
          let previous = reviews[index - 1].time
          guard Self.utcDay(review.time) - Self.utcDay(previous) == Self.blocks(previous, review.time) else { break }
        }
        let next = scheduler.review(
          state, rating: review.rating, at: review.time, day: Self.utcDay(review.time), fuzz: nil)
        #expect(
          Self.isClose(next.stability, review.stability),
          "case \(number) review \(index): stability \(next.stability), reference \(review.stability)")
        #expect(
          Self.isClose(next.difficulty, review.difficulty),
          "case \(number) review \(index): difficulty \(next.difficulty), reference \(review.difficulty)")
        #expect(next.interval == review.interval, "case \(number) review \(index): interval")
        #expect(scheduler.fuzzRange(of: next.interval).lowerBound == review.fuzz.lowerBound)
        #expect(scheduler.fuzzed(next.interval, unit: 0) == review.fuzz.lowerBound)
        #expect(scheduler.fuzzed(next.interval, unit: 0.999_999_999) == review.fuzz.upperBound)
        state = next
        checked += 1
      }
    }
    // Reviews at other hours of the day are counted differently by design.
    #expect(checked > 400)
  }

  @Test func theHistoriesCoverEveryKindOfReview() throws {
    let cases = try Self.referenceCases()
    let reviews = cases.flatMap { $0 }
    #expect(reviews.contains { $0.rating == .again })
    #expect(reviews.contains { $0.rating == .hard })
    let gaps = cases.flatMap { reviews in zip(reviews, reviews.dropFirst()).map { Self.blocks($0.time, $1.time) } }
    #expect(gaps.contains(0), "same-day reviews")
    #expect(gaps.contains { $0 > 365 }, "very late reviews")
  }

  @Test func fuzzIsOnlyForIntervalsOfThreeDaysOrMore() {
    let scheduler = FSRSScheduler()
    #expect(scheduler.fuzzed(2, unit: 0.99) == 2)
    #expect(scheduler.fuzzRange(of: 3) == 2...4)
    #expect(scheduler.fuzzed(36_500, unit: 0.999) <= 36_500)
  }

  @Test func retrievabilityFallsToTheTargetAfterOneStability() {
    let scheduler = FSRSScheduler()
    #expect(Self.isClose(scheduler.retrievability(elapsedDays: 7, stability: 7), 0.9))
    #expect(scheduler.retrievability(elapsedDays: 0, stability: 3) == 1)
  }
}
