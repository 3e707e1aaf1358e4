/// How a question's answers are graded: by matching what was typed, or by
/// the learner, who sees the answer and says how well they knew it.
///
/// A question's `"grade"` overrides its group's; the default is ``typed``.
public enum Grading: String, Hashable, Sendable, Codable, CaseIterable {
  /// The typed answer is matched against the accepted ones.
  case typed
  /// The answer is shown and the learner grades themselves: Again, Hard,
  /// Good or Easy.
  case `self`

  /// The values the questions file accepts, for messages.
  static let fileValues = allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
}
