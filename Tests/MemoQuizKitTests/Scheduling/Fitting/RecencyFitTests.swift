import Testing

@testable import MemoQuizKit

/// The default fit follows fsrs-rs 6.6 as Anki 26.9 runs it, and the
/// py-fsrs fit keeps its own ways.
@Suite struct RecencyFitTests {
  private static let day: Int64 = 86_400_000
  /// Noon UTC: every review of a day falls on the same Anki day.
  private static let start: Int64 = 1_779_969_600_000

  /// 120 questions of 4 to 5 reviews each (360 counted reviews, so one
  /// batch): a first answer, a same-day one after Again, then three reviews
  /// days apart, ratings and intervals varying with the question. Days
  /// start at 4:00 UTC, as in Anki.
  private static func histories() -> [ReviewHistory] {
    (0..<120).map { question in
      var time = start + Int64(question) * 60_000
      var reviews: [ReviewHistory.Review] = []
      func add(_ rating: Int) {
        let learnerDay = Int((time - 4 * 3_600_000) / day)
        reviews.append(
          ReviewHistory.Review(
            time: Timestamp(rawValue: time), rating: ReviewRating(rawValue: rating) ?? .good, day: learnerDay))
      }
      let first = [1, 3, 3, 3, 4, 2][question % 6]
      add(first)
      if first == 1 {
        time += 600_000
        add(3)
        time -= 600_000
      }
      time += Int64([1, 2, 3, 1, 4, 2, 7][question % 7]) * day
      add(question % 5 == 0 ? 1 : 3)
      time += Int64([3, 5, 8, 4][question % 4]) * day
      add(question % 6 == 1 ? 1 : (question % 4 == 0 ? 4 : 3))
      time += Int64([6, 10, 15][question % 3]) * day
      add(question % 7 == 2 ? 1 : 3)
      return ReviewHistory(reviews)
    }
  }

  /// What Anki 26.9.3 (fsrs-rs 6.6.2, card by card, 8 epochs) fits to the
  /// same reviews as a collection (`compute_fsrs_params`), to 4 decimals.
  private static let anki: [Double] = [
    0.1683, 0.1683, 0.1683, 0.4920, 6.4022, 0.8617, 2.9428, 0.0276, 1.9489, 0.1423, 0.8624, 1.5670, 0.0714, 0.3809,
    1.7318, 0.6014, 2.0143, 0.5241, 0.0764, 0.0480, 0.1000,
  ]

  @Test func aFitInOneBatchIsAnkisFit() throws {
    let histories = Self.histories()
    guard case .fitted(let fitted) = FSRSOptimizer(weighting: .recency).fit(histories) else {
      Issue.record("expected all parameters fitted")
      return
    }
    // One batch: no shuffle, so only float32 against float64 rounding is left.
    for (index, (ours, theirs)) in zip(fitted.values, Self.anki).enumerated() {
      #expect(abs(ours - theirs) < 6e-4, "w\(index): \(ours), Anki's \(theirs)")
    }
    // The py-fsrs fit of the same reviews is another fit (5 epochs, best epoch, outliers trained on).
    let uniform = try #require(FSRSOptimizer(weighting: .uniform).fit(histories).parameters)
    #expect(zip(uniform.values, Self.anki).contains { abs($0 - $1) > 0.01 })
  }

  @Test func aQuestionWhoseFirstIntervalIsAnOutlierIsLeftOutOfTheWholeFit() {
    // 190 questions first reviewed a day later, 5 three days later, 5 after 150 days;
    // each then reviewed again 4 days on.
    let histories = (0..<200).map { question in
      let start = Int64(question) * 1000
      let gap: Int64 = question < 190 ? 1 : (question < 195 ? 3 : 150)
      return ReviewHistory([
        (time: Timestamp(rawValue: start), rating: .good),
        (time: Timestamp(rawValue: start + gap * Self.day), rating: .good),
        (time: Timestamp(rawValue: start + (gap + 4) * Self.day), rating: question % 9 == 0 ? .again : .good),
      ])
    }
    let fsrsRs = TrainingSet(histories, leavingOutOutliers: true)
    #expect(fsrsRs.allCountedReviews == 400)
    #expect(fsrsRs.countedReviews == 380, "the 10 outlier questions are not trained on")
    #expect(fsrsRs.sequences.count == 190)
    #expect(fsrsRs.pretraining.ratingCounts == [3: 190])
    // Ranks are taken among the reviews left: the newest weighs 1, the oldest 0.25.
    let weights = fsrsRs.weights(.recency).flatMap { $0 }.filter { $0 > 0 }
    #expect(weights.count == 380)
    #expect(weights.min() == 0.25)
    #expect(weights.max() == 1)
    let python = TrainingSet(histories)
    #expect(python.countedReviews == 400, "py-fsrs leaves them out of the pre-training only")
    #expect(python.pretraining.ratingCounts == [3: 190])
  }

  @Test func tooFewReviewsOnceTheOutliersAreLeftOut() throws {
    // Twelve questions, each first reviewed after a different number of days:
    // every interval is rare, so fsrs-rs leaves every question out.
    let histories = (0..<12).map { question in
      let start = Int64(question) * 1000
      return ReviewHistory([
        (time: Timestamp(rawValue: start), rating: .good),
        (time: Timestamp(rawValue: start + Int64(question + 1) * Self.day), rating: .good),
      ])
    }
    #expect(FSRSOptimizer(weighting: .recency).fit(histories) == .tooFewReviews(have: 0, need: 8))
    guard case .initialStabilitiesOnly = FSRSOptimizer(weighting: .uniform).fit(histories) else {
      Issue.record("py-fsrs fits the initial stabilities from them")
      return
    }
  }

  @Test func batchesMeasureAQuestionToItsLastCountedReview() {
    // Question A: two counted reviews, then six answers the same day.
    // Question B: four counted reviews. A has more answers, B is longer to fsrs-rs.
    var a: [(time: Timestamp, rating: ReviewRating)] = [
      (Timestamp(rawValue: 0), .good), (Timestamp(rawValue: 2 * Self.day), .good),
      (Timestamp(rawValue: 5 * Self.day), .again),
    ]
    for minute in 1...6 { a.append((Timestamp(rawValue: 5 * Self.day + Int64(minute) * 60_000), .good)) }
    let b: [(time: Timestamp, rating: ReviewRating)] = (0..<5).map {
      (Timestamp(rawValue: 1000 + Int64($0) * 3 * Self.day), .good)
    }
    let set = TrainingSet([ReviewHistory(a), ReviewHistory(b)])
    // The fixed order puts A (first reviewed earlier) first.
    #expect(set.sequences.map(\.count) == [9, 5])
    // Sorted shortest first: by the last counted review A (3) comes before B (5);
    // by all answers B (5) before A (9).
    #expect(Self.order(set, byLastCountedReview: true) == [0, 1])
    #expect(Self.order(set, byLastCountedReview: false) == [1, 0])
  }

  /// The questions in the order the batches take them.
  private static func order(_ set: TrainingSet, byLastCountedReview: Bool) -> [Int] {
    FSRSOptimizer.batches(set, byLastCountedReview: byLastCountedReview).flatMap { $0 }
  }
}
