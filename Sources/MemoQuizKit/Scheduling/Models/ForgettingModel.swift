@preconcurrency import Glibc

/// The memory models memoquiz can predict answers with.
///
/// Each has its forgetting curve (the chance of recall some time after the
/// last review), the interval that keeps recall at a desired retention,
/// and its fit to a learner's reviews. `optimize --evaluate` scores each
/// on the learner's own history (``ModelTournament``).
public enum MemoryModelKind: String, CaseIterable, Hashable, Sendable {
  /// FSRS-6, the scheduler's model: 21 parameters.
  case fsrs6 = "FSRS-6"
  /// SBD (stability, brittleness, difficulty): 7 parameters, a closed-form
  /// forgetting curve whose shape sharpens with each failure.
  case sbd = "SBD"
  /// SBD that also reads how long each answer took: a slow correct answer
  /// strengthens the memory less than a fast one (an 8th parameter).
  case sbdAnswerTime = "SBD+time"
  /// SBD that reads a same-day review's interval in fractions of a day, as
  /// FSRS-7 does, instead of as no time at all.
  case sbdSameDayTimes = "SBD+hours"

  /// The models the tournament scores: FSRS-6 and the SBD that predicted
  /// best on the logs measured, the one that reads same-day intervals in
  /// fractions of a day (see docs/fitting-and-learning.md).
  public static let contenders: [MemoryModelKind] = [.fsrs6, .sbdSameDayTimes]
}

/// One memory model with its parameters: what it predicts of a question's
/// reviews, and the interval it gives.
protocol ForgettingModel: Sendable {
  /// What the model remembers of a question after its reviews.
  associatedtype State: Sendable

  static var kind: MemoryModelKind { get }
  /// The parameters, in the model's published order.
  var parameters: [Double] { get }

  /// The predicted chance of recall at each review of `sequence`, written
  /// into `predictions` (one per review; 0 where the review is not counted).
  func predict(_ sequence: ReviewSequence, into predictions: inout [Double])
  /// The state after all the reviews of `sequence`; `nil` without reviews.
  func state(after sequence: ReviewSequence) -> State?
  /// The chance of recall `elapsedDays` after the last review.
  func recall(elapsedDays: Double, state: State) -> Double
  /// The days after the last review at which recall falls to
  /// `desiredRetention`, at most ``MemoryModelKind/longestInterval``.
  func interval(desiredRetention: Double, state: State) -> Double
}

extension MemoryModelKind {
  /// The longest interval any model gives, in days: Anki's and memoquiz's.
  static let longestInterval = 36_500.0
}

extension ForgettingModel {
  /// Solved numerically: recall falls as time passes, so bisection on the
  /// logarithm of the interval finds the day it crosses the desired
  /// retention, to a millionth of the interval.
  func interval(desiredRetention: Double, state: State) -> Double {
    var low = -12.0
    var high = log(MemoryModelKind.longestInterval)
    guard recall(elapsedDays: MemoryModelKind.longestInterval, state: state) < desiredRetention else {
      return MemoryModelKind.longestInterval
    }
    guard recall(elapsedDays: exp(low), state: state) >= desiredRetention else { return 0 }
    while high - low > 1e-6 {
      let middle = (low + high) / 2
      if recall(elapsedDays: exp(middle), state: state) >= desiredRetention { low = middle } else { high = middle }
    }
    return exp((low + high) / 2)
  }
}

/// A fitted memory model of any kind, for the tournament between them.
enum FittedMemoryModel: Sendable {
  case fsrs6(FSRS6Model)
  case sbd(SBDModel)

  var kind: MemoryModelKind {
    switch self {
    case .fsrs6: .fsrs6
    case .sbd(let model):
      model.readsSameDayTimes ? .sbdSameDayTimes : (model.parameters.count > 7 ? .sbdAnswerTime : .sbd)
    }
  }

  var parameters: [Double] {
    switch self {
    case .fsrs6(let model): model.parameters
    case .sbd(let model): model.parameters
    }
  }

  func predict(_ sequence: ReviewSequence, into predictions: inout [Double]) {
    switch self {
    case .fsrs6(let model): model.predict(sequence, into: &predictions)
    case .sbd(let model): model.predict(sequence, into: &predictions)
    }
  }

  /// The model of `kind` fitted to the histories: its published defaults
  /// with too few reviews to fit.
  /// - Parameter after: the same kind fitted to fewer of the same reviews,
  ///   a starting point for models whose fit can start anywhere.
  static func fitted(_ kind: MemoryModelKind, to histories: [ReviewHistory], after: FittedMemoryModel? = nil)
    -> FittedMemoryModel
  {
    let warmStart = after.flatMap { $0.kind == kind ? $0.parameters : nil }
    switch kind {
    case .fsrs6: return .fsrs6(FSRS6Model(FSRSOptimizer().fit(histories).parameters ?? .default))
    case .sbd: return .sbd(SBDOptimizer().fit(histories, warmStart: warmStart))
    case .sbdAnswerTime: return .sbd(SBDOptimizer(readsAnswerTimes: true).fit(histories, warmStart: warmStart))
    case .sbdSameDayTimes:
      return .sbd(SBDOptimizer(readsSameDayTimes: true).fit(histories, warmStart: warmStart))
    }
  }

  /// The model of `kind` with its published defaults.
  static func defaults(_ kind: MemoryModelKind) -> FittedMemoryModel {
    switch kind {
    case .fsrs6: .fsrs6(FSRS6Model(.default))
    case .sbd: .sbd(SBDModel())
    case .sbdAnswerTime: .sbd(SBDModel(SBDModel.defaults + [0]))
    case .sbdSameDayTimes: .sbd(SBDModel(readsSameDayTimes: true))
    }
  }
}
