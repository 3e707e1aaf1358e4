import FoundationEssentials

/// Fitting the scheduler without being asked, at the end of `memoquiz review`.
extension ProgressCaretaker {
  /// The answers in all groups since their last reset, from the state
  /// already loaded: one sum over the groups, no file read.
  var answerCount: Int {
    progressWithoutMemory.groups.values.reduce(0) {
      $0 + $1.answerScore.correctCount + $1.answerScore.incorrectCount
    }
  }

  /// This machine's record of when fitting last ran by itself: the answers
  /// there were then. Local, like the checkpoint: each machine judges for itself.
  private var automaticFitFile: String { folder.localFolder + "/auto-optimize" }

  /// Fits the scheduler to the learner's reviews when `auto-optimize` is on
  /// and enough new answers came since it last ran (``AutomaticFit/isDue(answers:lastRun:)``),
  /// and installs the parameters as a step `undo` takes back, only when
  /// they predict better on reviews they were not fitted on.
  ///
  /// When it is not due, it costs a sum over the groups and, past
  /// ``AutomaticFit/minimumAnswers``, the read of one small local file.
  /// - Returns: the line that says what it installed, or `nil` when it
  ///   installed nothing (it says nothing then).
  public func fitAutomatically(at time: Date) throws -> String? {
    guard settings.autoOptimize else { return nil }
    let answers = answerCount
    guard answers >= AutomaticFit.minimumAnswers else { return nil }
    let recorded = ((try? DurableFile.read(automaticFitFile)) ?? nil).map { String(decoding: $0, as: UTF8.self) }
    let lastRun = recorded.flatMap { Int(String($0.prefix(while: \.isNumber))) } ?? 0
    guard AutomaticFit.isDue(answers: answers, lastRun: lastRun) else { return nil }
    // Recorded first: a fit that keeps the parameters in use is not tried
    // again until the answers have doubled.
    try folder.createLocal()
    try DurableFile.replace(automaticFitFile, with: Array("\(answers)\n".utf8), durably: false)
    let current = parameters
    let histories = try reviewHistories()
    let fit = AutomaticFit(histories: histories, current: current)
    // Another model that beats FSRS-6 beyond the noise is installed instead, as `optimize` does.
    if let tournament = ModelTournament(histories: histories, evaluation: fit.evaluation),
      tournament.bestIsBeyondNoise,
      let model = InstalledModel(
        kind: tournament.best, parameters: FittedMemoryModel.fitted(tournament.best, to: histories).parameters)
    {
      guard model != progressWithoutMemory.schedulerSettings.model else { return nil }
      try install(
        model, reschedule: false, at: time,
        summary: "automatic optimize: \(model.kind.rawValue) fitted to \(fit.reviews) reviews")
      let entries = tournament.entries
      let best = entries.first { $0.kind == tournament.best }?.metrics.logLoss ?? 0
      let fsrs6 = entries.first { $0.kind == .fsrs6 }?.metrics.logLoss ?? 0
      return "The scheduler now uses \(model.kind.rawValue), fitted to your \(fit.reviews) reviews: it predicts "
        + "answers it was not fitted on better than FSRS-6 (log loss \(Self.threeDecimals(best)), against "
        + "\(Self.threeDecimals(fsrs6))). \(wording.text(.undo(step: nil))) takes it back; "
        + "\(wording.text(.stopAutoOptimize)) stops it."
    }
    guard let fitted = fit.parametersToInstall, let evaluation = fit.evaluation,
      let heldOut = evaluation.fitted
    else { return nil }
    try install(fitted, reviews: fit.reviews, reschedule: false, at: time, automatic: true)
    return "The scheduler was fitted to your \(fit.reviews) reviews: it predicts answers it was not fitted on "
      + "better (log loss \(Self.threeDecimals(heldOut.logLoss)), against "
      + "\(Self.threeDecimals(evaluation.current.logLoss))). \(wording.text(.undo(step: nil))) takes it back; "
      + "\(wording.text(.stopAutoOptimize)) stops it."
  }

  private static func threeDecimals(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
