import FoundationEssentials

/// What `memoquiz optimize` found: how well the current and the fitted
/// parameters predict the learner's reviews, whether the fitted ones are to
/// be installed, and what each desired retention would cost and give.
///
/// The command builds one from the histories and the parameters in use,
/// installs ``parametersToInstall`` as a step of the history when it is not
/// `nil`, and prints ``text(width:)`` or ``json()``.
public struct OptimizationReport: Sendable {
  /// One set of parameters and how well it predicts the reviews.
  public struct Evaluation: Hashable, Sendable {
    public var parameters: FSRSParameters
    /// Mean binary cross-entropy over the counted reviews; lower is better.
    public var logLoss: Double
    /// Calibration error by groups of reviews; lower is better.
    public var rmseBins: Double
  }

  /// The counted reviews: answers a whole day or more after the one before.
  public var reviews: Int
  /// The parameters in use.
  public var current: Evaluation
  /// The fitted parameters, or `nil` when there were too few reviews.
  public var fitted: Evaluation?
  /// With too few reviews: how many more the fit needs.
  public var reviewsNeeded: Int?
  /// Whether only the initial stabilities could be fitted.
  public var initialStabilitiesOnly: Bool
  /// Whether the fitted parameters predict better (lower log loss).
  public var fittedAreBetter: Bool
  /// Whether the fitted parameters are installed: better, and not a dry run.
  public var installed: Bool
  /// Expected workload and retention at each reported desired retention,
  /// for the parameters memoquiz would use.
  public var retention: [RetentionSimulator.Outcome]
  /// The desired retention in use, to mark in the text.
  public var desiredRetention: Double
  /// The desired retention that leaves the most in memory at the learner's
  /// pace, when it was worked out.
  public var recommendation: RetentionRecommendation?
  /// Whether an evaluation on held-out reviews was asked for.
  public var evaluationAsked = false
  /// The time-series evaluation, when asked for and there were enough reviews.
  public var evaluation: TimeSeriesEvaluation?
  /// Every memory model scored on the same held-out reviews, when an
  /// evaluation was asked for and there were enough reviews to fit.
  public var tournament: ModelTournament?
  /// How the retention table's simulator chose the due days.
  public var scheduling = RetentionSimulator.Scheduling.plain
  /// The tournament an installing `optimize` ran to choose the model
  /// (``chooseModel(histories:inUse:named:)``); not printed as a table.
  var installTournament: ModelTournament?
  /// The model to install instead of FSRS-6's fitted parameters, or
  /// FSRS-6 again in place of another model; `nil` otherwise.
  var modelToInstall: InstalledModel?
  /// The memory model the retention table and the recommendation
  /// simulate (``recommend(with:installedIn:)``).
  public var simulatedModel = MemoryModelKind.fsrs6
  /// Whether it is a dry run's: it says what a real run would install.
  public var isDryRun: Bool

  /// Fits, evaluates and simulates.
  /// - Parameters:
  ///   - histories: one per question, the reviews in effect.
  ///   - current: the parameters in use.
  ///   - desiredRetention: the `desired-retention` setting.
  ///   - dryRun: when `true`, nothing is to be installed.
  ///   - optimizer: the optimizer to fit with.
  ///   - evaluate: also evaluate on held-out reviews (``TimeSeriesEvaluation``);
  ///     nothing is then installed.
  ///   - scheduling: how the retention table's simulator chooses due days
  ///     (``RetentionSimulator/scheduling``).
  public init(
    histories: [ReviewHistory], current: FSRSParameters, desiredRetention: Double = 0.9, dryRun: Bool,
    optimizer: FSRSOptimizer = FSRSOptimizer(), evaluate: Bool = false,
    scheduling: RetentionSimulator.Scheduling = .plain
  ) {
    let sequences = histories.map { ReviewSequence($0) }
    let currentEvaluation = ModelEvaluation(current.values, sequences: sequences)
    reviews = currentEvaluation.reviews
    self.current = Evaluation(
      parameters: current, logLoss: currentEvaluation.logLoss, rmseBins: currentEvaluation.rmseBins)
    let outcome = optimizer.fit(histories)
    switch outcome {
    case .tooFewReviews(let have, let need):
      reviewsNeeded = need - have
      fitted = nil
    case .fitted(let parameters), .initialStabilitiesOnly(let parameters):
      reviewsNeeded = nil
      let evaluation = ModelEvaluation(parameters.values, sequences: sequences)
      fitted = Evaluation(parameters: parameters, logLoss: evaluation.logLoss, rmseBins: evaluation.rmseBins)
    }
    if case .initialStabilitiesOnly = outcome { initialStabilitiesOnly = true } else { initialStabilitiesOnly = false }
    fittedAreBetter = fitted.map { $0.logLoss < currentEvaluation.logLoss } ?? false
    installed = fittedAreBetter && !dryRun && !evaluate
    isDryRun = dryRun
    self.desiredRetention = desiredRetention
    let used = fittedAreBetter ? (fitted?.parameters ?? current) : current
    var simulator = RetentionSimulator(histories: histories)
    simulator.scheduling = scheduling
    self.scheduling = scheduling
    retention = simulator.simulate(parameters: used)
    recommendation = nil
    if evaluate {
      evaluationAsked = true
      evaluation = TimeSeriesEvaluation(histories: histories, current: current, optimizer: optimizer)
      tournament = ModelTournament(histories: histories, evaluation: evaluation)
    }
  }

  /// The parameters memoquiz schedules with after this report: the fitted
  /// ones when they predict better, else the current ones.
  public var parametersInEffect: FSRSParameters {
    fittedAreBetter ? (fitted?.parameters ?? current.parameters) : current.parameters
  }

  /// The parameters to install as a step of the history, or `nil`.
  public var parametersToInstall: FSRSParameters? { installed ? fitted?.parameters : nil }

  /// The report as `optimize --json` prints it.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(JSONForm(self)), as: UTF8.self)
  }

  /// `{"reviews", "current", "fitted", "installed", "retention"}`, as
  /// CONTRACT.md gives it.
  private struct JSONForm: Encodable {
    struct Parameters: Encodable {
      let parameters: [Double]
      let logLoss: Double
      let rmseBins: Double
    }
    struct Retention: Encodable {
      let desired: Double
      let reviewsPerDay: Double
      let expectedRetention: Double
    }
    let reviews: Int
    let current: Parameters
    let fitted: Parameters?
    let installed: Bool
    let retention: [Retention]
    let recommendedRetention: Double?
    let evaluation: EvaluationForm?
    let evaluationAsked: Bool
    let models: ModelsForm?
    /// The memory model installed, when it is not FSRS-6's fitted parameters.
    let model: String?
    /// In a dry run, the memory model a real run would install.
    let modelWouldInstall: String?

    init(_ report: OptimizationReport) {
      func form(_ evaluation: Evaluation) -> Parameters {
        Parameters(
          parameters: evaluation.parameters.values.map { rounded($0, places: 6) },
          logLoss: rounded(evaluation.logLoss, places: 6), rmseBins: rounded(evaluation.rmseBins, places: 6))
      }
      reviews = report.reviews
      current = form(report.current)
      fitted = report.fitted.map(form)
      installed = report.installed
      model = report.isDryRun ? nil : report.modelInstalled?.rawValue
      modelWouldInstall = report.isDryRun ? report.modelInstalled?.rawValue : nil
      recommendedRetention = report.recommendation?.desiredRetention
      retention = report.retention.map {
        Retention(
          desired: $0.desiredRetention, reviewsPerDay: rounded($0.reviewsPerDay, places: 2),
          expectedRetention: rounded($0.expectedRetention, places: 4))
      }
      evaluation = report.evaluation.map(EvaluationForm.init)
      evaluationAsked = report.evaluationAsked
      models = report.tournament.map(ModelsForm.init)
    }

    /// `{"folds", "reviews", "current", "fitted", "healthCheck"}`: the
    /// time-series evaluation.
    struct EvaluationForm: Encodable {
      struct Metrics: Encodable {
        let logLoss: Double
        let rmseBins: Double
      }
      struct Health: Encodable {
        let passed: Bool
        let adjustedLogLoss: Double?
        let adjustedRmseBins: Double?
      }
      let folds: Int
      let reviews: Int
      let current: Metrics
      let fitted: Metrics?
      let healthCheck: Health?

      init(_ evaluation: TimeSeriesEvaluation) {
        func form(_ metrics: TimeSeriesEvaluation.Metrics) -> Metrics {
          Metrics(logLoss: rounded(metrics.logLoss, places: 6), rmseBins: rounded(metrics.rmseBins, places: 6))
        }
        // An adjusted figure is infinite when every review was recalled; JSON shows it as null.
        func finite(_ value: Double) -> Double? { value.isFinite ? rounded(value, places: 4) : nil }
        folds = TimeSeriesEvaluation.folds
        reviews = evaluation.heldOutReviews
        current = form(evaluation.current)
        fitted = evaluation.fitted.map(form)
        healthCheck = evaluation.healthCheck.map {
          Health(
            passed: $0.passed, adjustedLogLoss: finite($0.adjustedLogLoss),
            adjustedRmseBins: finite($0.adjustedRmseBins))
        }
      }

      private enum CodingKeys: String, CodingKey { case folds, reviews, current, fitted, healthCheck }

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(folds, forKey: .folds)
        try container.encode(reviews, forKey: .reviews)
        try container.encode(current, forKey: .current)
        try container.encode(fitted, forKey: .fitted)
        try container.encode(healthCheck, forKey: .healthCheck)
      }
    }

    private enum CodingKeys: String, CodingKey {
      case reviews, current, fitted, installed, retention, recommendedRetention, evaluation
      case models, model, modelWouldInstall
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(reviews, forKey: .reviews)
      try container.encode(current, forKey: .current)
      try container.encode(fitted, forKey: .fitted)
      try container.encode(installed, forKey: .installed)
      try container.encode(retention, forKey: .retention)
      try container.encode(recommendedRetention, forKey: .recommendedRetention)
      if evaluationAsked { try container.encode(evaluation, forKey: .evaluation) }
      if evaluationAsked { try container.encode(models, forKey: .models) }
      try container.encodeIfPresent(model, forKey: .model)
      try container.encodeIfPresent(modelWouldInstall, forKey: .modelWouldInstall)
    }
  }
}

/// `"models"`: the tournament between the memory models.
private struct ModelsForm: Encodable {
  struct Entry: Encodable {
    let model: String
    let logLoss: Double?
    let rmseBins: Double?
  }
  let reviews: Int
  let entries: [Entry]
  let best: String
  let gain: Double
  let noise: Double
  let beyondNoise: Bool

  init(_ tournament: ModelTournament) {
    func finite(_ value: Double) -> Double? { value.isFinite ? rounded(value, places: 6) : nil }
    reviews = tournament.heldOutReviews
    entries = tournament.entries.map {
      Entry(model: $0.kind.rawValue, logLoss: finite($0.metrics.logLoss), rmseBins: finite($0.metrics.rmseBins))
    }
    best = tournament.best.rawValue
    gain = finite(tournament.gain) ?? 0
    noise = finite(tournament.noise) ?? 0
    beyondNoise = tournament.bestIsBeyondNoise
  }

  private enum CodingKeys: String, CodingKey { case reviews, models, best, gain, noise, beyondNoise }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(reviews, forKey: .reviews)
    try container.encode(entries, forKey: .models)
    try container.encode(best, forKey: .best)
    try container.encode(gain, forKey: .gain)
    try container.encode(noise, forKey: .noise)
    try container.encode(beyondNoise, forKey: .beyondNoise)
  }
}

/// `value` rounded to `places` decimals, so JSON shows no float noise.
private func rounded(_ value: Double, places: Int) -> Double {
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  return (value * scale).rounded() / scale
}
