import Foundation
import Testing

@testable import MemoQuizKit

/// SBD scheduling the fold's reviews: the state it keeps is the one its fit
/// computes from the same reviews, bit for bit, and its closed-form interval
/// is where its forgetting curve crosses the desired retention.
@Suite struct SBDSchedulerTests {
  private static let parameters = [-2.91, 1.42, 1.7, -1.83, 0.53, -0.88, -1.4]

  @Test(arguments: [false, true])
  func theFoldKeepsTheStateTheFitComputes(readsSameDayTimes: Bool) throws {
    var generator = SeededGenerator(seed: readsSameDayTimes ? 7 : 8)
    let scheduler = MemoryScheduler.sbd(
      SBDScheduler(parameters: Self.parameters, readsSameDayTimes: readsSameDayTimes, desiredRetention: 0.9))
    let model = SBDModel(Self.parameters, readsSameDayTimes: readsSameDayTimes)
    for _ in 0..<50 {
      var state: MemoryState?
      var reviews: [ReviewHistory.Review] = []
      var time: Int64 = 1_767_600_000_000
      for _ in 0..<Int(generator.next(below: 12)) + 1 {
        // Same-day reviews hours apart, and reviews days apart.
        time += Int64(
          generator.next(below: 2) == 0 ? generator.next(below: 8 * 3_600_000) : generator.next(below: 40) * 86_400_000)
        let day = Int(time / 86_400_000)
        let rating = ReviewRating(rawValue: Int(generator.next(below: 4)) + 1) ?? .good
        reviews.append(ReviewHistory.Review(time: Timestamp(rawValue: time), rating: rating, day: day))
        state = scheduler.review(state, rating: rating, at: Timestamp(rawValue: time), day: day, fuzz: nil)
      }
      let fitted = try #require(
        model.state(after: ReviewSequence(ReviewHistory(reviews), keepingSameDayTimes: readsSameDayTimes)))
      let sbd = try #require(state?.sbd)
      #expect(sbd.logStability.bitPattern == fitted.logStability.bitPattern)
      #expect(Double(sbd.grade) == fitted.grade)
      #expect(sbd.brittleness == fitted.brittleness)
      #expect(state?.stability == exp(fitted.logStability))
    }
  }

  @Test func theIntervalIsWhereRecallFallsToTheDesiredRetention() throws {
    let curve = SBDCurve<Double>(Self.parameters)
    let model = SBDModel(Self.parameters)
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<200 {
      let state = SBDState<Double>(
        logStability: generator.unit() * 8 - 2, grade: Double(generator.next(below: 4)),
        brittleness: Double(generator.next(below: 101)) / 2)
      for retention in [0.7, 0.85, 0.9, 0.97] {
        let closed = curve.interval(desiredRetention: retention, state)
        let bisected = model.interval(desiredRetention: retention, state: state)
        #expect(abs(closed - bisected) <= 1e-5 * max(bisected, 1e-3), "\(state) \(retention)")
      }
    }
  }
}
