/// Which memory model `memoquiz optimize` installs: the tournament's winner
/// when it predicts better than FSRS-6 beyond the splits' noise, else
/// FSRS-6 as before.
extension OptimizationReport {
  /// Whether `optimize` installs something: FSRS-6's fitted parameters, or
  /// another model (``modelInstalled``).
  public var installs: Bool { !isDryRun && (modelToInstall != nil || parametersToInstall != nil) }

  /// Chooses the model to install, for an `optimize` that installs or a
  /// dry run that says what it would (not `--evaluate`): runs the tournament (``ModelTournament``)
  /// and, when its best model beats FSRS-6 beyond the noise, fits it on
  /// every review and installs it instead of FSRS-6's parameters. While
  /// another model is installed and none beats FSRS-6 now, FSRS-6 comes
  /// back, with the fitted parameters when they predict better.
  /// - Parameters:
  ///   - histories: one per question, the reviews in effect.
  ///   - inUse: the model installed now.
  ///   - named: the model `optimize --model` names, installed whatever the
  ///     tournament says; no tournament then runs.
  public mutating func chooseModel(histories: [ReviewHistory], inUse: MemoryModelKind, named: MemoryModelKind? = nil) {
    var winner = named
    if named == nil, reviewsNeeded == nil {
      // The tournament's FSRS-6 folds are the evaluation's, as `--evaluate` has them.
      let evaluation = TimeSeriesEvaluation(histories: histories, current: current.parameters)
      installTournament = ModelTournament(histories: histories, evaluation: evaluation)
      if let tournament = installTournament, tournament.bestIsBeyondNoise { winner = tournament.best }
    }
    if let winner, winner != .fsrs6 {
      let fitted = FittedMemoryModel.fitted(winner, to: histories)
      guard let model = InstalledModel(kind: winner, parameters: fitted.parameters) else { return }
      modelToInstall = model
      installed = false
    } else if inUse != .fsrs6 {
      modelToInstall = InstalledModel(fsrs6: parametersInEffect)
    }
  }

  /// Simulates the retention table and recommends a desired retention with
  /// the model that schedules after this report: the one it installs (or,
  /// in a dry run, would install), else the one installed now (under
  /// `--evaluate`, say), else FSRS-6 with the parameters in effect.
  public mutating func recommend(with simulator: RetentionSimulator, installedIn caretaker: ProgressCaretaker) {
    let inUse = caretaker.progressWithoutMemory.schedulerSettings.installedModel
    let model: InstalledModel
    if let toInstall = modelToInstall, toInstall.kind != .fsrs6 {
      model = toInstall
    } else if modelToInstall == nil, inUse.kind != .fsrs6 {
      model = inUse
    } else {
      model = InstalledModel(fsrs6: parametersInEffect)
    }
    simulatedModel = model.kind
    // The table simulated FSRS-6 when the report was made.
    if model.kind != .fsrs6 { retention = simulator.simulate(model: model) }
    recommendation = RetentionRecommendation(
      model: model, simulator: simulator, desiredRetention: desiredRetention, known: retention)
  }

  /// The memory model installed in place of FSRS-6's fitted parameters, or
  /// FSRS-6 again after another (in a dry run, the one a real run would
  /// install); `nil` when only FSRS-6's parameters are.
  public var modelInstalled: MemoryModelKind? { modelToInstall?.kind }

  /// What the text says of the model installed, when one is.
  func modelInstallLine() -> String? {
    guard let model = modelToInstall else { return nil }
    guard model.kind != .fsrs6 else {
      return isDryRun
        ? "A real run would install FSRS-6 again in place of the model in use: none predicts better beyond the noise."
        : "FSRS-6 is installed again in place of the model in use: none predicts better beyond the noise."
    }
    let fitted = "fitted to your \(reviews) reviews"
    guard let tournament = installTournament, tournament.best == model.kind else {
      return isDryRun
        ? "A real run would install \(model.kind.rawValue), \(fitted), as --model asks."
        : "\(model.kind.rawValue) is installed, \(fitted), as --model asked."
    }
    let installing =
      isDryRun
      ? "a real run would install it, \(fitted), to schedule your cards in place of FSRS-6"
      : "it is installed, \(fitted), and schedules your cards in place of FSRS-6"
    return "\(model.kind.rawValue) predicts your reviews best, by \(Self.fixed(tournament.gain, places: 4)) log "
      + "loss a review, beyond the splits' noise (\(Self.fixed(tournament.noise, places: 4))): \(installing)."
  }
}
