@preconcurrency import Glibc

/// Every memory model scored on the learner's own history with the
/// time-series splits of ``TimeSeriesEvaluation``: each model refitted on
/// the reviews before each of the last five segments and scored on that
/// segment, all models on the same held-out reviews. A model whose fit may
/// start anywhere (SBD) starts each fold from its fit of the fold before,
/// whose reviews the fold's contain; its pull and fallback stay its
/// defaults.
///
/// The best model is the one with the lowest held-out log loss. It beats
/// FSRS-6 *beyond the splits' noise* when its mean gain in log loss per
/// held-out review exceeds twice that gain's standard error (the paired
/// differences of the two models' losses on the same reviews): a gain
/// smaller than that could come from which reviews happened to fall in
/// which segment.
public struct ModelTournament: Hashable, Sendable {
  /// One model's held-out figures.
  public struct Entry: Hashable, Sendable {
    public var kind: MemoryModelKind
    public var metrics: TimeSeriesEvaluation.Metrics
  }

  /// The counted reviews predicted by a fold.
  public var heldOutReviews: Int
  /// One entry per model, in ``MemoryModelKind`` order.
  public var entries: [Entry]
  /// The model with the lowest held-out log loss (FSRS-6 on a tie).
  public var best: MemoryModelKind
  /// The best model's mean log-loss gain over FSRS-6 per held-out review.
  public var gain: Double
  /// Twice the standard error of ``gain``.
  public var noise: Double

  /// Whether the best model predicts better than FSRS-6 beyond the noise.
  public var bestIsBeyondNoise: Bool { best != .fsrs6 && gain > noise }

  /// Scores the models, or `nil` below ``FSRSOptimizer/minimumReviews``
  /// counted reviews (too few to fit).
  /// - Parameter evaluation: the time-series evaluation of the same
  ///   histories, when it was made: its refitted FSRS-6 predictions are
  ///   FSRS-6's here, not fitted again.
  public init?(
    histories: [ReviewHistory], kinds: [MemoryModelKind] = MemoryModelKind.contenders,
    evaluation: TimeSeriesEvaluation? = nil
  ) {
    let keepingTimes = kinds.contains(.sbdSameDayTimes)
    var questions = histories.map { Question($0, keepingSameDayTimes: keepingTimes) }.filter {
      $0.sequence.countedReviews > 0
    }
    questions.sort { $0.sequence.precedes($1.sequence) }
    let ranks = TrainingSet.ranks(questions.map(\.sequence), times: questions.map { $0.reviews.map(\.time) })
    let total = questions.reduce(0) { $0 + $1.sequence.countedReviews }
    let segment = total / (TimeSeriesEvaluation.folds + 1)
    guard segment > 0, total >= FSRSOptimizer.minimumReviews, !kinds.isEmpty else { return nil }
    heldOutReviews = total - segment
    var held = [HeldOutScore](repeating: HeldOutScore(), count: kinds.count)
    var predictions: [Double] = []
    var previous = [FittedMemoryModel?](repeating: nil, count: kinds.count)
    let reused = evaluation.flatMap { evaluation in
      evaluation.fitted.map { (metrics: $0, losses: evaluation.heldOutLosses) }
    }.flatMap { $0.losses.count == total - segment ? $0 : nil }
    for fold in 0..<TimeSeriesEvaluation.folds {
      let testStart = (fold + 1) * segment
      let testEnd = fold == TimeSeriesEvaluation.folds - 1 ? total : (fold + 2) * segment
      var training: [ReviewHistory] = []
      for (member, question) in questions.enumerated() {
        guard let last = ranks[member].lastIndex(where: { $0 >= 0 && $0 < testStart }) else { continue }
        training.append(ReviewHistory(Array(question.reviews[...last])))
      }
      for (position, kind) in kinds.enumerated() where !(kind == .fsrs6 && reused != nil) {
        // Each fold's training reviews contain the fold's before: its fit starts there.
        let model = FittedMemoryModel.fitted(kind, to: training, after: previous[position])
        previous[position] = model
        for (member, question) in questions.enumerated()
        where ranks[member].contains(where: { $0 >= testStart && $0 < testEnd }) {
          Self.add(
            question.sequence, ranks: ranks[member], in: testStart..<testEnd, model: model, to: &held[position],
            predictions: &predictions)
        }
      }
    }
    entries = zip(kinds, held).map { kind, score in
      if kind == .fsrs6, let reused { return Entry(kind: kind, metrics: reused.metrics) }
      return Entry(kind: kind, metrics: score.metrics)
    }
    if let reused, let position = kinds.firstIndex(of: .fsrs6) { held[position].losses = reused.losses }
    let reference = kinds.firstIndex(of: .fsrs6) ?? 0
    var bestPosition = reference
    for position in entries.indices
    where entries[position].metrics.logLoss < entries[bestPosition].metrics.logLoss {
      bestPosition = position
    }
    best = kinds[bestPosition]
    let differences = zip(held[reference].losses, held[bestPosition].losses).map { $0 - $1 }
    let count = Double(max(differences.count, 1))
    let mean = differences.reduce(0, +) / count
    let variance = differences.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / max(count - 1, 1)
    gain = mean
    noise = 2 * (variance / count).squareRoot()
  }

  /// Log loss and RMSE(bins) of `model` over every counted review of the
  /// histories, as ``ModelEvaluation`` takes them.
  static func score(_ model: FittedMemoryModel, on histories: [ReviewHistory]) -> TimeSeriesEvaluation.Metrics {
    var score = HeldOutScore()
    var predictions: [Double] = []
    for history in histories {
      let sequence = ReviewSequence(history, keepingSameDayTimes: true)
      guard sequence.count > 0 else { continue }
      Self.add(
        sequence, ranks: [Int](repeating: 0, count: sequence.count), in: 0..<1, model: model, to: &score,
        predictions: &predictions)
    }
    return score.metrics
  }

  /// One question: its reviews in time order and the sequence made of them.
  private struct Question {
    var reviews: [ReviewHistory.Review]
    var sequence: ReviewSequence

    init(_ history: ReviewHistory, keepingSameDayTimes: Bool) {
      reviews = history.reviews.enumerated().sorted {
        ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
      }.map(\.element)
      sequence = ReviewSequence(history, keepingSameDayTimes: keepingSameDayTimes)
    }
  }

  /// Adds `model`'s held-out predictions of `sequence` to `score`.
  private static func add(
    _ sequence: ReviewSequence, ranks: [Int], in range: Range<Int>, model: FittedMemoryModel,
    to score: inout HeldOutScore, predictions: inout [Double]
  ) {
    model.predict(sequence, into: &predictions)
    score.add(sequence, ranks: ranks, in: range) { [predictions] in predictions[$0] }
  }
}
