import Foundation
import Testing

@testable import MemoQuizKit

/// The optimizer's forward pass and the scheduler are written apart (one
/// keeps every intermediate value for the gradient, the other schedules);
/// this pins them to each other: the same parameters and the same reviews
/// give the same memory at every step.
@Suite struct MemoryModelSchedulerTests {
  private static let day: Int64 = 86_400_000

  /// Seeded review sequences: all four ratings, gaps from minutes (the
  /// same day) to months.
  private static func histories(seed: UInt64, count: Int) -> [ReviewHistory] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { question in
      var time = Int64(question) * 7_000 + 1_780_000_000_000
      var reviews: [ReviewHistory.Review] = []
      for _ in 0..<(2 + Int(generator.next(below: 14))) {
        let rating = ReviewRating(rawValue: 1 + Int(generator.next(below: 4))) ?? .good
        // Each review on the day it falls in, counted from the epoch.
        reviews.append(ReviewHistory.Review(time: Timestamp(rawValue: time), rating: rating, day: Int(time / Self.day)))
        switch generator.next(below: 4) {
        case 0: time += Int64(generator.next(below: 6 * 3_600_000)) + 60_000
        case 1: time += Int64(generator.next(below: 3)) * Self.day + Self.day
        default: time += Int64(generator.next(below: UInt64(120 * Self.day))) + Self.day / 2
        }
      }
      return ReviewHistory(reviews)
    }
  }

  /// The published parameters, and learners unlike them (each weight moved
  /// by up to ±60%, then clamped), some with a strong same-day effect.
  private static func parameterSets() -> [FSRSParameters] {
    var generator = SeededGenerator(seed: 31)
    var sets = [FSRSParameters.default]
    for variant in 0..<6 {
      var values = FSRSParameters.default.values.map { value in
        value * (0.4 + 1.2 * Double(generator.next(below: 1_000_000)) / 1_000_000)
      }
      if variant % 2 == 1 {
        values[17] = 1.6
        values[18] = 1.2
        values[19] = 0.4
      }
      sets.append(FSRSParameters(checked: FSRSParameters.clamped(values, shortTermTrained: true)))
    }
    return sets
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func forwardPassGivesTheSchedulersMemoryAtEveryStep(seed: UInt64) {
    let histories = Self.histories(seed: seed, count: 60)
    var sameDay = 0
    var ratings = Set<Int>()
    var tookFloor = 0
    for parameters in Self.parameterSets() {
      let scheduler = FSRSScheduler(parameters: parameters)
      let model = MemoryModel(parameters.values)
      var steps: [MemoryModel.Step] = []
      for history in histories {
        let sequence = ReviewSequence(history)
        _ = model.forward(sequence, into: &steps)
        let reviews = history.reviews.sorted { $0.time < $1.time }
        #expect(steps.count == reviews.count)
        var state: MemoryState?
        for (index, review) in reviews.enumerated() {
          let step = steps[index]
          if let state, sequence.isCounted(index) {
            let recall = scheduler.retrievability(of: state, onDay: review.day ?? 0)
            #expect(
              Self.close(step.retrievability, recall),
              "R at review \(index): model \(step.retrievability), scheduler \(recall)")
          }
          if index > 0 && !sequence.isCounted(index) { sameDay += 1 }
          if step.tookFloor { tookFloor += 1 }
          ratings.insert(step.rating)
          let next = scheduler.review(state, rating: review.rating, at: review.time, day: review.day ?? 0, fuzz: nil)
          let stability = max(step.rawStability, MemoryModel.minimumStability)
          let difficulty = min(
            max(step.rawDifficulty, MemoryModel.difficultyRange.lowerBound), MemoryModel.difficultyRange.upperBound)
          #expect(Self.close(stability, next.stability), "S after review \(index): \(stability), \(next.stability)")
          #expect(
            Self.close(difficulty, next.difficulty), "D after review \(index): \(difficulty), \(next.difficulty)")
          state = next
        }
      }
    }
    // The sequences exercise what they are meant to.
    #expect(ratings == [1, 2, 3, 4])
    #expect(sameDay > 100)
    #expect(tookFloor > 10)
  }

  /// Equal to 12 significant digits: the two compute the same formulas,
  /// with operations in a different order at most.
  private static func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-12 * max(1, abs(a), abs(b))
  }
}
