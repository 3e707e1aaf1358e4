@preconcurrency import Glibc

/// How well parameters predict a history: log loss and RMSE(bins).
///
/// Both are computed over every counted review (a review a whole day or
/// more after the one before), each weighing the same. The log loss is the
/// mean binary cross-entropy of the predicted chance of recall against
/// whether the answer was right, as the FSRS authors' Python optimizer
/// computes it; RMSE(bins) groups the predictions as their Rust optimizer
/// does (by interval, review count and lapses, on logarithmic scales) and
/// takes the root of the count-weighted mean squared gap between predicted
/// and actual recall per group.
public struct ModelEvaluation: Hashable, Sendable {
  /// The mean binary cross-entropy; lower is better.
  public var logLoss: Double
  /// The calibration error by groups; lower is better.
  public var rmseBins: Double
  /// The number of counted reviews evaluated.
  public var reviews: Int

  /// Evaluates parameters on histories.
  /// - Parameters:
  ///   - parameters: the weights to evaluate.
  ///   - histories: one per question.
  ///   - maximumLength: only each question's first so many reviews count
  ///     (the Python optimizer's evaluation takes 64).
  public init(parameters: FSRSParameters, histories: [ReviewHistory], maximumLength: Int = .max) {
    self.init(parameters.values, sequences: histories.map { ReviewSequence($0, maximumLength: maximumLength) })
  }

  init(_ w: [Double], sequences: [ReviewSequence]) {
    let model = MemoryModel(w)
    var loss = 0.0
    var count = 0
    var bins: [Bin: (predicted: Double, actual: Double, count: Double)] = [:]
    var steps: [MemoryModel.Step] = []
    for sequence in sequences {
      loss += model.forward(sequence, into: &steps)
      var counted = 0
      var lapses = 0
      for (index, step) in steps.enumerated() where sequence.isCounted(index) {
        counted += 1
        let recalled = step.rating > 1
        let bin = Bin(elapsedDays: Int(sequence.elapsedDays[index]), length: counted + 1, lapses: lapses)
        bins[bin, default: (0, 0, 0)].predicted += step.retrievability
        bins[bin, default: (0, 0, 0)].actual += recalled ? 1 : 0
        bins[bin, default: (0, 0, 0)].count += 1
        if !recalled { lapses += 1 }
      }
      count += counted
    }
    reviews = count
    logLoss = count == 0 ? 0 : loss / Double(count)
    var squared = 0.0
    var total = 0.0
    for value in bins.values {
      let gap = value.predicted / value.count - value.actual / value.count
      squared += gap * gap * value.count
      total += value.count
    }
    rmseBins = total == 0 ? 0 : (squared / total).squareRoot()
  }

  /// A group of reviews for RMSE(bins), on the reference's logarithmic scales.
  struct Bin: Hashable {
    var days: Int
    var length: Int
    var lapses: Int

    init(elapsedDays: Int, length: Int, lapses: Int) {
      days = Self.bin(Double(elapsedDays), base: 3.62, scale: 2.48 * 100)
      self.length = Self.bin(Double(length), base: 1.89, scale: 1.99)
      self.lapses = lapses == 0 ? 0 : Self.bin(Double(lapses), base: 1.73, scale: 1.65)
    }

    /// `round(scale·base^floor(log_base(value)))`.
    private static func bin(_ value: Double, base: Double, scale: Double) -> Int {
      Int((scale * pow(base, (log(value) / log(base)).rounded(.down))).rounded())
    }
  }
}
