/// What memoquiz remembers of one group: its score and the memory of each
/// question.
public struct GroupProgress: Hashable, Sendable {
  /// The answers counted since the last reset.
  var answerScore = Score()
  /// The score carried over from the first release, until a reset.
  var baseline: Score?
  /// Whether a reset in effect cleared the group.
  var isReset = false
  /// When the group was last answered (taken-back answers count too).
  public internal(set) var lastPlayed: Timestamp?
  /// Each question's memory, by the question's identity.
  public internal(set) var questions: [String: QuestionMemory] = [:]
  /// Every answer in effect, added up by quarter of an hour. A reset
  /// leaves it: the practice happened.
  var activity: [Int64: Activity] = [:]
  /// The wrong answers in effect since the last reset, for the confusions.
  var mistakes = Mistakes()
  /// Each question's card controls in effect (suspended, flagged,
  /// buried), by the question's identity; a reset leaves them.
  var controls: [String: QuestionControls] = [:]
  /// The practice answers in effect (`memoquiz cram`), which change no
  /// memory nor score; a reset leaves them.
  var practice = Score()

  public init() {}

  /// The score to show: the answers since the last reset, plus what was
  /// carried over (the first release's scores, else the score the questions
  /// file carried) when there was no reset.
  public func score(carried: Score) -> Score {
    isReset ? answerScore : answerScore.adding(baseline ?? carried)
  }
}
