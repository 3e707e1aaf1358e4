/// The report as a learner reads it, within a 60-column terminal.
extension OptimizationReport {
  /// The text `memoquiz optimize` prints.
  /// - Parameter width: the terminal's width; the tables need 50 columns.
  /// - Parameter wording: how the recommendation names the command that sets it.
  public func text(width: Int = 60, wording: NextStepWording = .plain) -> String {
    var lines: [String] = []
    lines.append("Fitting the scheduler to \(reviews) review\(reviews == 1 ? "" : "s")")
    lines.append("")
    lines.append(row("", "log loss", "RMSE(bins)"))
    lines.append(row("current", decimal(current.logLoss, places: 4), percent(current.rmseBins)))
    if let fitted {
      lines.append(row("fitted", decimal(fitted.logLoss, places: 4), percent(fitted.rmseBins)))
    }
    lines.append("")
    var verdict: String
    if let reviewsNeeded {
      verdict =
        "Too few reviews to fit: \(reviewsNeeded) more needed (reviews a day or more after the one before). The current parameters stay."
    } else if let other = modelInstalled, other != .fsrs6 {
      verdict =
        installTournament?.best == other
        ? "FSRS-6's fitted parameters are not installed: another model predicts better."
        : "FSRS-6's fitted parameters are not installed: --model names another model."
    } else if installed {
      verdict = "The fitted parameters predict better: installed."
    } else if fittedAreBetter && evaluationAsked {
      verdict = "The fitted parameters predict better; evaluating installs nothing."
    } else if fittedAreBetter {
      verdict = "The fitted parameters predict better; a dry run installs nothing."
    } else {
      verdict = "The fitted parameters predict no better: the current ones stay."
    }
    if initialStabilitiesOnly && fitted != nil {
      verdict += " With under \(FSRSOptimizer.minimumReviewsForAllParameters) reviews only the first four were fitted."
    }
    lines.append(TextWrapping.wrapped(verdict, width: max(width, 20), indent: ""))
    if let line = modelInstallLine() { lines.append(TextWrapping.wrapped(line, width: max(width, 20), indent: "")) }
    if let fitted {
      lines.append("")
      lines.append("Fitted parameters (w0-w20):")
      let values = fitted.parameters.values.map { decimal($0, places: 4) }
      for start in stride(from: 0, to: values.count, by: 6) {
        lines.append(
          "  " + values[start..<min(start + 6, values.count)].map { pad($0, 8) }.joined(separator: " "))
      }
    }
    if evaluationAsked { lines += evaluationLines(width: width) }
    if let tournament { lines += tournamentLines(tournament, width: width) }
    lines.append("")
    let model = simulatedModel == .fsrs6 ? "" : " with \(simulatedModel.rawValue)"
    lines.append(
      "Simulated\(model): \(RetentionSimulator.days) days, \(RetentionSimulator.newPerDay) new questions a day")
    lines.append(scheduling.settingsText)
    lines.append("desired retention   reviews a day   expected retention")
    for outcome in retention {
      let mark = abs(outcome.desiredRetention - desiredRetention) < 0.001 ? " (now)" : ""
      lines.append(
        pad(decimal(outcome.desiredRetention, places: 2), 17) + pad(decimal(outcome.reviewsPerDay, places: 1), 16)
          + pad(percent(outcome.expectedRetention), 21) + mark)
    }
    if let recommendation {
      lines.append("")
      lines.append(
        TextWrapping.wrapped(recommendation.text(wording: wording), width: max(width, 20), indent: ""))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The time-series evaluation's part of the text.
  private func evaluationLines(width: Int) -> [String] {
    var lines = ["", "Predicting reviews not fitted on (\(TimeSeriesEvaluation.folds) time-series splits):"]
    guard let evaluation else {
      let needed = TimeSeriesEvaluation.minimumReviews
      lines.append(
        TextWrapping.wrapped(
          "Too few reviews to evaluate: at least \(needed) needed (reviews a day or more after the one before).",
          width: max(width, 20), indent: ""))
      return lines
    }
    var explanation =
      "Your reviews in time order, cut in six; each of the last five predicted by parameters fitted only on "
      + "the reviews before it (\(evaluation.heldOutReviews) predictions)."
    if evaluation.fitted == nil {
      explanation += " Too few reviews to fit; only the parameters in use are scored."
    }
    lines.append(TextWrapping.wrapped(explanation, width: max(width, 20), indent: ""))
    lines.append("")
    lines.append(row("", "log loss", "RMSE(bins)"))
    lines.append(row("in use", decimal(evaluation.current.logLoss, places: 4), percent(evaluation.current.rmseBins)))
    if let fitted = evaluation.fitted {
      lines.append(row("refitted", decimal(fitted.logLoss, places: 4), percent(fitted.rmseBins)))
    }
    let health: String
    if let check = evaluation.healthCheck {
      health =
        check.passed
        ? "Health check: FSRS can adapt to your memory well."
        : "Health check: your memory is difficult for FSRS to predict. Suspend or reword the questions you "
          + "keep forgetting, grade consistently (Hard is a pass, not a fail), and understand before you "
          + "memorise; predictions usually improve over the next few months."
    } else if evaluation.fitted != nil {
      health = "Health check: needs more than \(HealthCheck.reviewsAbove) reviews, as in Anki."
    } else {
      return lines
    }
    lines.append(TextWrapping.wrapped(health, width: max(width, 20), indent: ""))
    return lines
  }

  private func row(_ label: String, _ loss: String, _ rmse: String) -> String {
    label + String(repeating: " ", count: max(0, 10 - label.count)) + pad(loss, 10) + pad(rmse, 13)
  }

  private func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  private func percent(_ value: Double) -> String { decimal(value * 100, places: 1) + "%" }
}

/// `value` with exactly `places` decimals ("0.3210"), without Foundation's
/// formatters.
private func decimal(_ value: Double, places: Int) -> String {
  guard value.isFinite else { return "\(value)" }
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(scaled - Double(whole) * scale)
  let sign = value < 0 && scaled != 0 ? "-" : ""
  guard places > 0 else { return sign + "\(whole)" }
  let digits = String(fraction)
  return sign + "\(whole)." + String(repeating: "0", count: places - digits.count) + digits
}
