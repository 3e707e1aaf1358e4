/// The desired retention that keeps the most in memory for the time its
/// reviews take: the one `optimize` recommends.
///
/// Each candidate is simulated as the retention table is
/// (``RetentionSimulator``: a year of new questions at a steady rate, every
/// due question reviewed, with the learner's parameters and rating habits).
/// A higher retention keeps more in memory but costs more reviews; what
/// counts is the expected retention per review a day, that is per minute of
/// reviews: the retention gained for the work, as Anki's "Help Me Decide"
/// and the FSRS authors' minimum recommended retention compare desired
/// retentions. Candidates go from 0.70 to 0.95 in steps of 0.05, then in
/// steps of 0.01 around the best. The simulator is seeded: the same inputs
/// always give the same recommendation.
///
/// It is said by `optimize` only, and never recorded: nothing else shows it.
public struct RetentionRecommendation: Hashable, Sendable {
  /// The recommended desired retention.
  public var desiredRetention: Double
  /// What a year at the recommended retention gives and costs.
  public var outcome: RetentionSimulator.Outcome
  /// What a year at the desired retention in use gives and costs, to
  /// compare with.
  public var current: RetentionSimulator.Outcome

  /// Every desired retention a recommendation can be.
  static let candidates = Set((70...95).map { Double($0) / 100 })

  /// Recommends a desired retention.
  /// - Parameters:
  ///   - parameters: the learner's FSRS-6 parameters.
  ///   - simulator: the learner's rating habits.
  ///   - desiredRetention: the desired retention in use.
  ///   - known: outcomes simulated already (the retention table's), which
  ///     are not simulated again.
  public init(
    parameters: FSRSParameters, simulator: RetentionSimulator, desiredRetention inUse: Double,
    known: [RetentionSimulator.Outcome] = []
  ) {
    self.init(model: InstalledModel(fsrs6: parameters), simulator: simulator, desiredRetention: inUse, known: known)
  }

  /// Recommends a desired retention, simulating with `model`; the other
  /// parameters as ``init(parameters:simulator:desiredRetention:known:)``'s.
  init(
    model: InstalledModel, simulator: RetentionSimulator, desiredRetention inUse: Double,
    known: [RetentionSimulator.Outcome] = []
  ) {
    var outcomes: [Int: RetentionSimulator.Outcome] = [:]
    for outcome in known { outcomes[Int((outcome.desiredRetention * 100).rounded())] = outcome }
    func simulated(_ hundredths: Int) -> RetentionSimulator.Outcome {
      if let known = outcomes[hundredths] { return known }
      let simulated = simulator.simulate(model: model, desiredRetention: Double(hundredths) / 100)
      outcomes[hundredths] = simulated
      return simulated
    }
    var best = simulated(90)
    for hundredths in stride(from: 70, through: 95, by: 5) where Self.value(simulated(hundredths)) > Self.value(best) {
      best = simulated(hundredths)
    }
    let center = Int((best.desiredRetention * 100).rounded())
    for hundredths in max(70, center - 4)...min(95, center + 4) where hundredths % 5 != 0 {
      if Self.value(simulated(hundredths)) > Self.value(best) { best = simulated(hundredths) }
    }
    desiredRetention = best.desiredRetention
    outcome = best
    let inUseHundredths = Int((inUse * 100).rounded())
    current =
      outcomes[inUseHundredths]
      ?? simulator.simulate(model: model, desiredRetention: inUse)
  }

  /// The criterion: expected retention per review a day. Reviews take the
  /// same time at every retention, so this orders the candidates as
  /// retention per minute of reviews does.
  static func value(_ outcome: RetentionSimulator.Outcome) -> Double {
    outcome.expectedRetention / max(outcome.reviewsPerDay, 1e-9)
  }

  /// What `optimize` says of it, beside the desired retention in use: the
  /// criterion, and the figures it weighed.
  /// - Parameter wording: how the text names the command that sets it.
  public func text(wording: NextStepWording = .plain) -> String {
    let value = Setting.twoDecimals(desiredRetention)
    func figures(_ outcome: RetentionSimulator.Outcome) -> String {
      "\(Self.percent(outcome.expectedRetention)) for \(Self.decimal(outcome.reviewsPerDay)) reviews a day at "
        + Setting.twoDecimals(outcome.desiredRetention)
    }
    let criterion =
      "the most retention per minute of reviews, as Anki's \"Help Me Decide\" compares them"
    if abs(desiredRetention - current.desiredRetention) < 0.005 {
      return "Recommended desired retention: \(value), the one in use: it gives \(criterion) "
        + "(\(figures(outcome)))."
    }
    return "Recommended desired retention: \(value) (now \(Setting.twoDecimals(current.desiredRetention))): it "
      + "gives \(criterion) (\(figures(outcome)), against \(figures(current))). "
      + "\(wording.text(.setDesiredRetention(value))) sets it."
  }

  private static func percent(_ value: Double) -> String {
    let tenths = Int((value * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  private static func decimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
