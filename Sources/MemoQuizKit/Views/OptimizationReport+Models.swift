/// The tournament between the memory models, as `optimize --evaluate` prints it.
extension OptimizationReport {
  /// The table of every model on the held-out reviews, and which predicts best.
  func tournamentLines(_ tournament: ModelTournament, width: Int) -> [String] {
    var lines = [
      "",
      TextWrapping.wrapped(
        "Memory models on the same \(tournament.heldOutReviews) predictions, each refitted on the reviews "
          + "before them:", width: max(width, 20), indent: ""),
      "",
      Self.modelRow("", "log loss", "RMSE(bins)"),
    ]
    for entry in tournament.entries {
      lines.append(
        Self.modelRow(
          entry.kind.rawValue, Self.fixed(entry.metrics.logLoss, places: 4),
          Self.fixed(entry.metrics.rmseBins * 100, places: 1) + "%"))
    }
    let verdict: String
    if tournament.best == .fsrs6 {
      verdict = "FSRS-6 predicts best."
    } else if tournament.bestIsBeyondNoise {
      verdict =
        "\(tournament.best.rawValue) predicts best, by \(Self.fixed(tournament.gain, places: 4)) log loss a "
        + "review, beyond the splits' noise (\(Self.fixed(tournament.noise, places: 4))); evaluating installs "
        + "nothing, `memoquiz optimize` installs it."
    } else {
      verdict =
        "\(tournament.best.rawValue) predicts best, by \(Self.fixed(tournament.gain, places: 4)) log loss a "
        + "review, within the splits' noise (\(Self.fixed(tournament.noise, places: 4))): FSRS-6 stays."
    }
    lines.append(TextWrapping.wrapped(verdict, width: max(width, 20), indent: ""))
    return lines
  }

  private static func modelRow(_ label: String, _ loss: String, _ rmse: String) -> String {
    label + String(repeating: " ", count: max(0, 10 - label.count))
      + String(repeating: " ", count: max(0, 10 - loss.count)) + loss
      + String(repeating: " ", count: max(0, 13 - rmse.count)) + rmse
  }

  /// `value` with exactly `places` decimals.
  static func fixed(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let digits = String(Int(scaled - Double(whole) * scale))
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return sign + "\(whole)." + String(repeating: "0", count: max(0, places - digits.count)) + digits
  }
}
