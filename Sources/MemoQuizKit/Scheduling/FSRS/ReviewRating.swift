/// How a review went, in FSRS's four grades.
///
/// memoquiz derives the rating of a typed answer from what was typed: a
/// wrong answer is ``again``, a right one after the hint is ``hard``, a
/// right one is ``good``. A self-graded card gets the grade the learner
/// gives it, ``easy`` included.
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

  /// The grade a learner gives a self-graded card by its key, as
  /// ``RoundInput/grades`` declares them: `1` Again, `2` Hard, `3` Good,
  /// `4` Easy, and `n` Again, `y` Good (either case).
  /// - Returns: `nil` for any other text.
  public init?(selfGrade key: String) {
    let key = key.lowercased()
    guard let grade = RoundInput.grades.first(where: { $0.keys.contains(key) }) else { return nil }
    self = grade.rating
  }

  /// The grade's name, as Anki says it: "Again", "Hard", "Good", "Easy".
  public var name: String {
    switch self {
    case .again: "Again"
    case .hard: "Hard"
    case .good: "Good"
    case .easy: "Easy"
    }
  }

  /// Whether the rating counts as a correct answer.
  public var isCorrect: Bool { self != .again }
}
