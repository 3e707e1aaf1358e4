/// Whether fitting the scheduler to a learner's reviews is worth doing
/// without being asked: the parameters are kept only when fitting predicts
/// better on reviews it was not fitted on.
///
/// Fitting can overfit a short or changing history. So the fit is judged
/// as Anki's "Evaluate" judges it (``TimeSeriesEvaluation``): each later
/// part of the reviews predicted by parameters fitted only on the reviews
/// before it, beside the parameters in use on the same reviews. Only when
/// that held-out log loss is lower, and the parameters fitted on every
/// review also predict those reviews better than the ones in use, are they
/// to be installed.
public struct AutomaticFit: Sendable {
  /// The fewest answers before fitting runs by itself.
  public static let minimumAnswers = 1000

  /// Whether fitting runs now: at least ``minimumAnswers`` answers, and at
  /// least twice as many as when it last ran (as Anki suggests optimising
  /// again once the reviews have grown well past the last fit).
  /// - Parameters:
  ///   - answers: the answers given so far.
  ///   - lastRun: the answers there were when it last ran; 0 when never.
  public static func isDue(answers: Int, lastRun: Int) -> Bool {
    answers >= minimumAnswers && answers >= 2 * lastRun
  }

  /// The counted reviews the fit used.
  public var reviews: Int
  /// The held-out evaluation; `nil` with too few reviews.
  public var evaluation: TimeSeriesEvaluation?
  /// The parameters to install, or `nil` to keep the ones in use.
  public var parametersToInstall: FSRSParameters?

  /// Evaluates, then fits on every review when the evaluation says fitting predicts better.
  /// - Parameters:
  ///   - histories: one per question, the reviews in effect.
  ///   - current: the parameters in use.
  ///   - optimizer: the optimizer to fit with.
  public init(histories: [ReviewHistory], current: FSRSParameters, optimizer: FSRSOptimizer = FSRSOptimizer()) {
    evaluation = TimeSeriesEvaluation(histories: histories, current: current, optimizer: optimizer)
    reviews = evaluation?.reviews ?? 0
    parametersToInstall = nil
    guard let evaluation, let heldOut = evaluation.fitted, heldOut.logLoss < evaluation.current.logLoss,
      case .fitted(let parameters) = optimizer.fit(histories), parameters != current
    else { return }
    let sequences = histories.map { ReviewSequence($0) }
    let fitted = ModelEvaluation(parameters.values, sequences: sequences)
    let inUse = ModelEvaluation(current.values, sequences: sequences)
    reviews = fitted.reviews
    if fitted.logLoss < inUse.logLoss { parametersToInstall = parameters }
  }
}
