/// How practice adds up: `memoquiz cram`'s answers count in their round
/// and in the group's practice count, and change nothing else (no memory,
/// score, leech, confusion, the day's counts or the optimizer's input).
extension Progress {
  /// Applies a practice answer in effect, for ``apply(_:)`` and
  /// ``replaying(_:)`` alike.
  mutating func applyPractice(_ practice: AnswerStep, isCorrect: Bool) {
    groups[practice.group, default: GroupProgress()].practice.record(correct: isCorrect)
    countInRound(practice, isCorrect: isCorrect)
  }
}
