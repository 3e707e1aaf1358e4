@preconcurrency import Glibc

/// Anki's health check (25.07 and later): whether FSRS can adapt to a
/// learner's memory, judged from the time-series evaluation of fitting.
///
/// Log loss and RMSE(bins) depend on how often the learner remembers and
/// on how many reviews there are, so Anki divides each by what is typical
/// for that retention and count (its `log_loss_adjustment` and
/// `rmse_adjustment`, fitted on many learners' collections) and passes the
/// check when either adjusted figure is small enough: log loss at most 1.11
/// times the typical one, or RMSE(bins) at most 1.53 times. Anki checks only
/// above 300 counted reviews.
public struct HealthCheck: Hashable, Sendable {
  /// Anki checks health only with more counted reviews than this.
  public static let reviewsAbove = 300
  static let logLossLimit = 1.11
  static let rmseBinsLimit = 1.53

  /// The log loss divided by the typical one at this retention.
  public var adjustedLogLoss: Double
  /// RMSE(bins) divided by the typical one at this retention and count.
  public var adjustedRmseBins: Double
  /// Whether FSRS can adapt to the learner's memory well.
  public var passed: Bool

  /// The check, or `nil` with ``reviewsAbove`` counted reviews or fewer.
  /// - Parameters:
  ///   - logLoss: the time-series evaluation's log loss.
  ///   - rmseBins: the time-series evaluation's RMSE(bins).
  ///   - recall: the share of all counted reviews that were recalled.
  ///   - reviews: the number of counted reviews.
  public init?(logLoss: Double, rmseBins: Double, recall: Double, reviews: Int) {
    guard reviews > Self.reviewsAbove else { return nil }
    adjustedLogLoss = logLoss / (0.623 * pow(4 * recall * (1 - recall), 0.738))
    let typicalRmse =
      0.0135 / (pow(recall, 0.504) - 1.14) + 0.176 / (pow(Double(reviews) / 1000, 0.825) + 2.22) + 0.101
    adjustedRmseBins = rmseBins / typicalRmse
    passed = adjustedLogLoss <= Self.logLossLimit || adjustedRmseBins <= Self.rmseBinsLimit
  }
}
