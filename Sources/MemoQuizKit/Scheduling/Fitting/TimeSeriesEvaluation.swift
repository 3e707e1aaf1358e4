/// How well fitting predicts reviews it has not seen, measured as fsrs-rs's
/// `evaluate_with_time_series_splits` (Anki's "Evaluate") measures it.
///
/// The counted reviews, ordered by time, are cut into six equal segments
/// (the last takes the remainder). Each of the last five is predicted by
/// parameters fitted only on the reviews before it: fold `k` fits on
/// segments 0…k, each question's history up to its last counted review
/// there, and predicts segment k+1 from each question's whole history
/// before the review. A fit with too few reviews gives the published
/// defaults, as fsrs-rs does. Log loss and RMSE(bins) are then taken over
/// all held-out predictions at once, each weighing the same; the parameters
/// in use are scored on the same held-out reviews, so the two compare.
public struct TimeSeriesEvaluation: Hashable, Sendable {
  /// The number of folds, as in fsrs-rs and Anki.
  public static let folds = 5
  /// Below this many counted reviews a segment would be empty.
  public static let minimumReviews = folds + 1

  /// Log loss and RMSE(bins) over the held-out reviews.
  public struct Metrics: Hashable, Sendable {
    /// Mean binary cross-entropy; lower is better.
    public var logLoss: Double
    /// Calibration error by groups of reviews; lower is better.
    public var rmseBins: Double
  }

  /// All counted reviews.
  public var reviews: Int
  /// The counted reviews predicted by a fold: all but the first segment.
  public var heldOutReviews: Int
  /// The parameters in use, on the held-out reviews.
  public var current: Metrics
  /// Parameters fitted on the reviews before each fold, on that fold; `nil`
  /// below ``FSRSOptimizer/minimumReviews`` counted reviews.
  public var fitted: Metrics?
  /// Anki's health check of ``fitted``; `nil` with too few reviews.
  public var healthCheck: HealthCheck?
  /// The log loss of each held-out prediction of the refitted parameters,
  /// in the order predicted (empty when nothing was fitted), for the
  /// tournament between memory models (``ModelTournament``).
  var heldOutLosses: [Double] = []

  /// Evaluates, or `nil` below ``minimumReviews`` counted reviews.
  /// - Parameters:
  ///   - histories: one per question, the reviews in effect.
  ///   - current: the parameters in use.
  ///   - optimizer: the optimizer each fold fits with.
  public init?(histories: [ReviewHistory], current: FSRSParameters, optimizer: FSRSOptimizer = FSRSOptimizer()) {
    var questions = histories.map(Question.init).filter { $0.sequence.countedReviews > 0 }
    questions.sort { $0.sequence.precedes($1.sequence) }
    let ranks = TrainingSet.ranks(questions.map(\.sequence), times: questions.map { $0.reviews.map(\.time) })
    let total = questions.reduce(0) { $0 + $1.sequence.countedReviews }
    let segment = total / (Self.folds + 1)
    guard segment > 0 else { return nil }
    reviews = total
    heldOutReviews = total - segment

    var steps: [MemoryModel.Step] = []
    var inUse = HeldOutScore()
    for (member, question) in questions.enumerated() {
      Self.add(
        question.sequence, ranks: ranks[member], in: segment..<total, parameters: current, to: &inUse, steps: &steps)
    }
    self.current = inUse.metrics

    guard total >= FSRSOptimizer.minimumReviews else {
      fitted = nil
      healthCheck = nil
      return
    }
    var held = HeldOutScore()
    for fold in 0..<Self.folds {
      let testStart = (fold + 1) * segment
      let testEnd = fold == Self.folds - 1 ? total : (fold + 2) * segment
      var training: [ReviewHistory] = []
      for (member, question) in questions.enumerated() {
        guard let last = ranks[member].lastIndex(where: { $0 >= 0 && $0 < testStart }) else { continue }
        training.append(ReviewHistory(Array(question.reviews[...last])))
      }
      let parameters = optimizer.fit(training).parameters ?? .default
      for (member, question) in questions.enumerated()
      where ranks[member].contains(where: { $0 >= testStart && $0 < testEnd }) {
        Self.add(
          question.sequence, ranks: ranks[member], in: testStart..<testEnd, parameters: parameters, to: &held,
          steps: &steps)
      }
    }
    let metrics = held.metrics
    fitted = metrics
    heldOutLosses = held.losses
    var recalled = 0
    for question in questions {
      let sequence = question.sequence
      for index in 0..<sequence.count where sequence.isCounted(index) && sequence.ratings[index] > 1 { recalled += 1 }
    }
    healthCheck = HealthCheck(
      logLoss: metrics.logLoss, rmseBins: metrics.rmseBins, recall: Double(recalled) / Double(total), reviews: total)
  }

  /// One question: its reviews in time order and the sequence made of them.
  private struct Question {
    var reviews: [ReviewHistory.Review]
    var sequence: ReviewSequence

    init(_ history: ReviewHistory) {
      // The stable sort ReviewSequence makes, so that review i is its i-th.
      reviews = history.reviews.enumerated().sorted {
        ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
      }.map(\.element)
      sequence = ReviewSequence(history)
    }
  }

  /// Adds FSRS-6's held-out predictions with `parameters` to `score`.
  private static func add(
    _ sequence: ReviewSequence, ranks: [Int], in range: Range<Int>, parameters: FSRSParameters,
    to score: inout HeldOutScore, steps: inout [MemoryModel.Step]
  ) {
    _ = MemoryModel(parameters.values).forward(sequence, into: &steps)
    score.add(sequence, ranks: ranks, in: range) { [steps] in steps[$0].retrievability }
  }
}
