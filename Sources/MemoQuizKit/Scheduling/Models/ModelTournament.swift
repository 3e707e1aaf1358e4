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
    var held = [Accumulator](repeating: Accumulator(), count: kinds.count)
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
          held[position].add(question.sequence, ranks: ranks[member], in: testStart..<testEnd, model: model)
        }
      }
    }
    entries = zip(kinds, held).map { kind, accumulator in
      if kind == .fsrs6, let reused { return Entry(kind: kind, metrics: reused.metrics) }
      return Entry(kind: kind, metrics: accumulator.metrics)
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
    var accumulator = Accumulator()
    for history in histories {
      let sequence = ReviewSequence(history, keepingSameDayTimes: true)
      guard sequence.count > 0 else { continue }
      accumulator.add(sequence, ranks: [Int](repeating: 0, count: sequence.count), in: 0..<1, model: model)
    }
    return accumulator.metrics
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

  /// One model's held-out predictions: each review's loss and RMSE's bins.
  private struct Accumulator {
    var losses: [Double] = []
    var bins: [ModelEvaluation.Bin: (predicted: Double, actual: Double, count: Double)] = [:]
    var predictions: [Double] = []

    mutating func add(_ sequence: ReviewSequence, ranks: [Int], in range: Range<Int>, model: FittedMemoryModel) {
      model.predict(sequence, into: &predictions)
      var counted = 0
      var lapses = 0
      for index in 0..<sequence.count where sequence.isCounted(index) {
        counted += 1
        let recalled = sequence.ratings[index] > 1
        if range.contains(ranks[index]) {
          let recall = predictions[index]
          losses.append(MemoryModel.crossEntropy(recall, label: recalled ? 1 : 0))
          let bin = ModelEvaluation.Bin(
            elapsedDays: Int(sequence.elapsedDays[index]), length: counted + 1, lapses: lapses)
          bins[bin, default: (0, 0, 0)].predicted += recall
          bins[bin, default: (0, 0, 0)].actual += recalled ? 1 : 0
          bins[bin, default: (0, 0, 0)].count += 1
        }
        if !recalled { lapses += 1 }
      }
    }

    var metrics: TimeSeriesEvaluation.Metrics {
      var squared = 0.0
      var total = 0.0
      let ordered = bins.sorted {
        ($0.key.days, $0.key.length, $0.key.lapses) < ($1.key.days, $1.key.length, $1.key.lapses)
      }
      for (_, value) in ordered {
        let gap = value.predicted / value.count - value.actual / value.count
        squared += gap * gap * value.count
        total += value.count
      }
      let loss = losses.reduce(0, +)
      return TimeSeriesEvaluation.Metrics(
        logLoss: losses.isEmpty ? 0 : loss / Double(losses.count),
        rmseBins: total == 0 ? 0 : (squared / total).squareRoot())
    }
  }
}
