import Testing

@testable import MemoQuizKit

/// RMSE(bins) groups the predictions exactly as fsrs-rs does, so that
/// `optimize --evaluate` and Anki's "Evaluate" measure the same thing.
@Suite struct ModelEvaluationTests {
  private static let day: Int64 = 86_400_000
  private static let start: Int64 = 1_780_000_000_000

  /// A question answered once on each of the given learner days.
  private static func history(_ answers: [(day: Int, rating: ReviewRating)]) -> ReviewHistory {
    ReviewHistory(
      answers.map {
        ReviewHistory.Review(
          time: Timestamp(rawValue: start + Int64($0.day) * day), rating: $0.rating, day: 20_000 + $0.day)
      })
  }

  /// Four questions, five counted reviews, three groups. With the published
  /// defaults the predicted recalls are (fsrs-rs's group key: interval,
  /// review count, lapses, each on its logarithmic scale):
  ///
  /// | question | counted review     | recall R  | recalled | group        |
  /// |---|---|---|---|---|
  /// | 1 | Good, Good 2 days later   | 0.9094933 | yes | (248, 4, 0) |
  /// | 2 | Good, Again 3 days later  | 0.8809480 | no  | (248, 4, 0) |
  /// | 3 | Good, Good 5 days later   | 0.8388614 | yes | (898, 4, 0) |
  /// | 4 | Again, Again the next day | 0.7661957 | no  | (248, 4, 0) |
  /// | 4 | then Good the next day    | 0.6936818 | yes | (248, 4, 2) |
  ///
  /// Intervals of 1 to 3 days share a group (3.62⁰), 4 to 13 the next; two
  /// or three counted reviews make review count 4; one lapse before makes
  /// lapses 2. Group (248, 4, 0) predicts 0.8522123 on average against 1/3
  /// recalled, a gap of 0.5188790 over 3 reviews; (898, 4, 0) a gap of
  /// 0.1611386 over 1; (248, 4, 2) a gap of 0.3063182 over 1. RMSE(bins) =
  /// √((3·0.5188790² + 0.1611386² + 0.3063182²) / 5) = 0.4306977, where the
  /// root mean square gap of the single reviews would be 0.5460976.
  @Test func rmseBinsGroupsByIntervalReviewCountAndLapses() {
    let histories = [
      Self.history([(0, .good), (2, .good)]),
      Self.history([(0, .good), (3, .again)]),
      Self.history([(0, .good), (5, .good)]),
      Self.history([(0, .again), (1, .again), (2, .good)]),
    ]
    let evaluation = ModelEvaluation(parameters: .default, histories: histories)
    #expect(evaluation.reviews == 5)
    #expect(abs(evaluation.rmseBins - 0.430_697_734_730_494_2) < 1e-12, "\(evaluation.rmseBins)")
    #expect(abs(evaluation.logLoss - 0.843_556_986_406_254) < 1e-12, "\(evaluation.logLoss)")
  }

  /// Same-day answers move the memory but count neither as reviews nor as
  /// lapses in a later review's group: the second question's day-2 Good
  /// shares group (248, 4, 2) with the fourth question's above (two counted
  /// reviews before it, one lapse), and its day-1 Again shares (248, 4, 0).
  /// Predicted: 0.6752636 and 0.5489311 (the same-day Agains lower the
  /// stability), 0.7661957 and 0.6936818; the groups' gaps are 0.7207297
  /// (nothing recalled) and 0.3786936 (all recalled), two reviews each, so
  /// RMSE(bins) = √((2·0.7207297² + 2·0.3786936²) / 4) = 0.5756996.
  @Test func sameDayAnswersStayOutOfTheGroups() {
    let histories = [
      Self.history([(0, .again), (0, .again), (1, .again), (1, .again), (2, .good)]),
      Self.history([(0, .again), (1, .again), (2, .good)]),
    ]
    let evaluation = ModelEvaluation(parameters: .default, histories: histories)
    #expect(evaluation.reviews == 4)
    #expect(abs(evaluation.rmseBins - 0.575_699_596_853_536_6) < 1e-12, "\(evaluation.rmseBins)")
    #expect(abs(evaluation.logLoss - 0.885_884_179_915_553_2) < 1e-12, "\(evaluation.logLoss)")
  }

  /// The group boundaries: intervals 1-3, 4-13, 14-47 and 48 days on; review
  /// counts 2-3, 4-6 and 7; lapses 0, 1, 2 and 3.
  @Test func groupBoundariesFollowTheLogarithmicScales() {
    let days = [1, 3, 4, 13, 14, 47, 48].map { ModelEvaluation.Bin(elapsedDays: $0, length: 2, lapses: 0).days }
    #expect(days == [248, 248, 898, 898, 3250, 3250, 11765])
    let lengths = [2, 3, 4, 6, 7].map { ModelEvaluation.Bin(elapsedDays: 1, length: $0, lapses: 0).length }
    #expect(lengths == [4, 4, 7, 7, 13])
    let lapses = [0, 1, 2, 3].map { ModelEvaluation.Bin(elapsedDays: 1, length: 2, lapses: $0).lapses }
    #expect(lapses == [0, 2, 3, 5])
  }
}
