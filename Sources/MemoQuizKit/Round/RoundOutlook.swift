import FoundationEssentials

/// What a round learns of the day outside it, from whoever starts the
/// round: how many new questions the day still allows, and the lines that
/// say what comes next. A round asks it at the moment it needs the answer
/// (the end of a round depends on the answers given in it), always with the
/// memory it holds then.
public protocol RoundOutlook {
  /// New questions review rounds may still take today, in all groups.
  func newQuestionsLeft(at now: Date, memory: ProgressWithMemory) -> Int

  /// When the next question falls due, after a review with nothing to
  /// ask: `next: 2026-11-26 (4 questions).`
  func nextDue(at now: Date, memory: ProgressWithMemory) -> String

  /// The line after a round's summary: what is still due elsewhere and
  /// the command that plays it, or when the next question falls due.
  func whatsNext(at now: Date, memory: ProgressWithMemory) -> String
}
