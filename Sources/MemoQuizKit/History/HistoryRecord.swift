/// One record of the history: a step the user took, or a note about one.
///
/// Steps are the mementos of the user's changes, each with a number that
/// `history` shows and `undo ID` takes: an answer, a `:right`, a reset, and
/// a change to the questions file. Marks record that a step was taken back or
/// brought back; a round start records a round's plan; a baseline carries
/// scores over from the first release's `scores.json`. Everything memoquiz
/// remembers (scores, memory, unfinished rounds) is derived from these.
enum HistoryRecord: Hashable, Sendable {
  case answer(AnswerStep)
  case right(RightStep)
  case reset(ResetStep)
  case questionsChange(QuestionsChangeStep)
  /// A step taken back.
  case undo(StepMark)
  /// A step brought back after it was taken back.
  case redo(StepMark)
  case roundStart(RoundStart)
  case baseline(ScoreBaseline)

  /// The step's number, for records that are steps.
  var stepID: Int? {
    switch self {
    case .answer(let step): step.id
    case .right(let step): step.id
    case .reset(let step): step.id
    case .questionsChange(let step): step.id
    case .undo, .redo, .roundStart, .baseline: nil
    }
  }
}

/// The kinds of step, as `history --json` names them.
public enum StepKind: String, Sendable, Hashable {
  case answer, right, reset, edit, add, `import`, restore
}

/// A graded answer: the memento of one review of a question.
struct AnswerStep: Hashable, Sendable {
  var id: Int
  var time: Timestamp
  var group: String
  /// The round it was given in.
  var round: Int
  /// The question's identity: its `id`, else its prompt.
  var question: String
  var prompt: String
  var typed: String
  var rating: ReviewRating
  /// Milliseconds from the question being shown to the answer.
  var duration: Int

  var isCorrect: Bool { rating.isCorrect }
}

/// `:right`: the answer `target`, graded Incorrect, was right after all.
struct RightStep: Hashable, Sendable {
  var id: Int
  var time: Timestamp
  var group: String
  var question: String
  var target: Int
}

/// Scores and memory of some groups set back to zero.
struct ResetStep: Hashable, Sendable {
  var id: Int
  var time: Timestamp
  var groups: [String]
}

/// A new questions file: an edit, an add, an import or a restore.
struct QuestionsChangeStep: Hashable, Sendable {
  var id: Int
  var time: Timestamp
  var kind: StepKind
  /// The snapshot of the questions file it replaced.
  var snapshot: Int
  var group: String?
  /// What changed, in a few words.
  var summary: String
  /// Groups that were renamed, recognisably the same: their progress
  /// follows the new title.
  var renames: [GroupRename] = []
}

/// A group's old and new title.
public struct GroupRename: Hashable, Sendable {
  public var from: String
  public var to: String
}

/// That a step was taken back or brought back.
///
/// The mark repeats what it needs of its step (kind, group, question), so
/// that the effect can be applied without looking the step up.
struct StepMark: Hashable, Sendable {
  var time: Timestamp
  var target: Int
  var kind: StepKind
  var group: String?
  var question: String?
  /// For questions-file steps: the snapshot of the file this mark replaced.
  var snapshot: Int?
}

/// A round's plan: its questions in the order they will be asked.
struct RoundStart: Hashable, Sendable {
  var round: Int
  var time: Timestamp
  var group: String
  var strategy: String
  var seed: UInt64
  /// Whether a missed question is asked again later in the round.
  var repeatsMissed: Bool
  /// How many of the plan's first questions were answered before the
  /// history began (a round carried over from the first release).
  var skipped: Int
  var plan: [String]
}

/// A group's score carried over from the first release's `scores.json`.
struct ScoreBaseline: Hashable, Sendable {
  var time: Timestamp
  var group: String
  var score: Score
  var lastPlayed: Timestamp?
}
