/// How many answers were given in one quarter of an hour, and how many of
/// them were right: the history's answers added up for statistics.
///
/// A quarter of an hour is small enough that every time zone's days (whose
/// offsets are whole quarters of an hour) are whole numbers of slots, so
/// days are counted in the local time zone when the statistics are shown,
/// not when the answers were saved.
struct Activity: Hashable, Sendable {
  var answers = 0
  var correct = 0
  /// Answers to questions that were due for review (not new, not early).
  var dueAnswers = 0
  var dueCorrect = 0
  /// Answers that were their question's first (since a reset): the new
  /// questions learnt in the slot, which the daily cap counts.
  var firstAnswers = 0

  /// The length of a slot, in milliseconds.
  static let slotLength: Int64 = 900_000

  /// The slot a moment falls in.
  static func slot(of time: Timestamp) -> Int64 {
    let (quotient, remainder) = time.rawValue.quotientAndRemainder(dividingBy: slotLength)
    return remainder < 0 ? quotient - 1 : quotient
  }

  /// Counts one answer, or takes it back with `sign` -1.
  mutating func count(correct isCorrect: Bool, wasDue: Bool, isFirst: Bool = false, sign: Int = 1) {
    answers += sign
    if isFirst { firstAnswers += sign }
    if isCorrect { correct += sign }
    if wasDue {
      dueAnswers += sign
      if isCorrect { dueCorrect += sign }
    }
  }

  var isEmpty: Bool { answers == 0 && correct == 0 && dueAnswers == 0 && dueCorrect == 0 && firstAnswers == 0 }
}

extension MemoryState? {
  /// Whether a question with this memory was due on learner day `day`:
  /// reviewed before and reached its due day.
  func isDue(onDay day: Int) -> Bool {
    guard let state = self else { return false }
    return state.isDue(onDay: day)
  }
}
