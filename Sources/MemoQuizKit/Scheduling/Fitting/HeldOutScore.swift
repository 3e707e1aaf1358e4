/// The held-out predictions of a time-series evaluation so far: each
/// prediction's cross-entropy and RMSE's bins, as fsrs-rs's
/// `evaluate_with_time_series_splits` collects them. ``TimeSeriesEvaluation``
/// scores FSRS-6 with it and ``ModelTournament`` every memory model, so the
/// two score the same reviews the same way.
struct HeldOutScore {
  /// The cross-entropy of each held-out prediction, in the order added.
  var losses: [Double] = []
  private var bins: [ModelEvaluation.Bin: (predicted: Double, actual: Double, count: Double)] = [:]

  /// Adds the predictions for the counted reviews of `sequence` whose rank
  /// lies in `range`.
  /// - Parameters:
  ///   - ranks: each review's rank among all counted reviews by time.
  ///   - recall: the predicted chance of recall at the review of that index.
  mutating func add(_ sequence: ReviewSequence, ranks: [Int], in range: Range<Int>, recall: (Int) -> Double) {
    var counted = 0
    var lapses = 0
    for index in 0..<sequence.count where sequence.isCounted(index) {
      counted += 1
      let recalled = sequence.ratings[index] > 1
      if range.contains(ranks[index]) {
        let chance = recall(index)
        losses.append(MemoryModel.crossEntropy(chance, label: recalled ? 1 : 0))
        let bin = ModelEvaluation.Bin(
          elapsedDays: Int(sequence.elapsedDays[index]), length: counted + 1, lapses: lapses)
        bins[bin, default: (0, 0, 0)].predicted += chance
        bins[bin, default: (0, 0, 0)].actual += recalled ? 1 : 0
        bins[bin, default: (0, 0, 0)].count += 1
      }
      if !recalled { lapses += 1 }
    }
  }

  /// Log loss (each prediction weighing the same) and RMSE(bins).
  var metrics: TimeSeriesEvaluation.Metrics {
    var squared = 0.0
    var total = 0.0
    // In a fixed order, so that the same reviews always give the same sum.
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
