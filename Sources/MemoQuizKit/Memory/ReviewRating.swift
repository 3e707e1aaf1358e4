/// How a review went, in FSRS's four grades.
///
/// memoquiz derives the rating from what was typed: a wrong answer is
/// ``again``, a right one after the hint is ``hard``, a right one is
/// ``good``. ``easy`` is never given by a typed answer, but the scheduler
/// handles it as FSRS defines it.
public enum ReviewRating: Int, Sendable, Hashable, CaseIterable {
  case again = 1
  case hard = 2
  case good = 3
  case easy = 4

  /// The rating of a graded answer.
  /// - Parameters:
  ///   - correct: whether the answer was accepted.
  ///   - usedHint: whether `?` showed the hint before it.
  public init(correct: Bool, usedHint: Bool) {
    self = correct ? (usedHint ? .hard : .good) : .again
  }

  /// Whether the rating counts as a correct answer.
  public var isCorrect: Bool { self != .again }
}
