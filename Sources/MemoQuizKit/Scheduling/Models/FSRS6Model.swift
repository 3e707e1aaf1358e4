@preconcurrency import Glibc

/// FSRS-6 behind the ``ForgettingModel`` interface: the scheduler's own
/// formulas (``MemoryModel``, ``FSRSScheduler``), unchanged.
struct FSRS6Model: ForgettingModel {
  struct State: Sendable {
    var stability: Double
    var difficulty: Double
  }

  static let kind = MemoryModelKind.fsrs6
  let weights: FSRSParameters
  private let model: MemoryModel

  init(_ parameters: FSRSParameters) {
    weights = parameters
    model = MemoryModel(parameters.values)
  }

  var parameters: [Double] { weights.values }

  func predict(_ sequence: ReviewSequence, into predictions: inout [Double]) {
    var steps: [MemoryModel.Step] = []
    _ = model.forward(sequence, into: &steps)
    predictions.removeAll(keepingCapacity: true)
    for step in steps { predictions.append(step.retrievability) }
  }

  func state(after sequence: ReviewSequence) -> State? {
    var steps: [MemoryModel.Step] = []
    _ = model.forward(sequence, into: &steps)
    guard let last = steps.last else { return nil }
    return State(
      stability: max(last.rawStability, MemoryModel.minimumStability),
      difficulty: min(
        max(last.rawDifficulty, MemoryModel.difficultyRange.lowerBound), MemoryModel.difficultyRange.upperBound))
  }

  func recall(elapsedDays: Double, state: State) -> Double {
    FSRSScheduler(parameters: weights).retrievability(elapsedDays: elapsedDays, stability: state.stability)
  }

  /// FSRS-6's closed form, before rounding to whole days.
  func interval(desiredRetention: Double, state: State) -> Double {
    let decay = -weights[20]
    let factor = pow(0.9, 1 / decay) - 1
    let days = state.stability / factor * (pow(desiredRetention, 1 / decay) - 1)
    return days.isFinite ? min(max(days, 0), MemoryModelKind.longestInterval) : MemoryModelKind.longestInterval
  }
}
