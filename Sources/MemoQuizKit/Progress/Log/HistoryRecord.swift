/// One record of the history: a step the user took, or a note about one.
///
/// Steps are the mementos of the user's changes: an answer, a `:right`, a
/// reset, a change of the questions, a setting. Marks record that a step was
/// taken back or brought back; a round start records a round's plan; a
/// baseline carries scores over from the first release's `scores.json`.
/// Every record has a globally unique ``StepID``; everything memoquiz
/// remembers (scores, memory, rounds, the questions, the settings) is
/// derived from the records of every machine.
enum HistoryRecord: Hashable, Sendable {
  case answer(AnswerStep)
  /// Another question's answer typed under `config confusions retry`:
  /// not an answer, but a confusion `stats` counts.
  case confusion(ConfusionStep)
  case right(RightStep)
  case reset(ResetStep)
  case questionsChange(QuestionsChangeStep)
  case setting(SettingStep)
  /// A step taken back.
  case undo(StepMark)
  /// A step brought back after it was taken back.
  case redo(StepMark)
  case roundStart(RoundStart)
  case baseline(ScoreBaseline)
  /// Learner days given to answers recorded without one.
  case learnerDays(LearnerDaysNote)
  /// Due days a step keeps: an install of parameters, an Anki package's.
  case keptDueDays(KeptDueDays)
  /// `:suspend`, `:bury`, `:flag` and their counterparts.
  case cardControl(CardControlStep)
  /// An answer of `memoquiz cram`: practice, which changes no memory.
  case practice(AnswerStep)

  /// The record's identity.
  var id: StepID {
    switch self {
    case .answer(let step), .practice(let step): step.id
    case .confusion(let step): step.id
    case .right(let step): step.id
    case .reset(let step): step.id
    case .questionsChange(let step): step.id
    case .setting(let step): step.id
    case .undo(let mark), .redo(let mark): mark.id
    case .roundStart(let start): start.id
    case .baseline(let baseline): baseline.id
    case .learnerDays(let note): note.id
    case .keptDueDays(let kept): kept.id
    case .cardControl(let step): step.id
    }
  }

  /// When the record was made.
  var time: Timestamp {
    switch self {
    case .answer(let step), .practice(let step): step.time
    case .confusion(let step): step.time
    case .right(let step): step.time
    case .reset(let step): step.time
    case .questionsChange(let step): step.time
    case .setting(let step): step.time
    case .undo(let mark), .redo(let mark): mark.time
    case .roundStart(let start): start.time
    case .baseline(let baseline): baseline.time
    case .learnerDays(let note): note.time
    case .keptDueDays(let kept): kept.time
    case .cardControl(let step): step.time
    }
  }

  /// Whether the record is a step: something `undo` can take back.
  var isStep: Bool {
    switch self {
    case .answer, .confusion, .right, .reset, .questionsChange, .cardControl, .practice: true
    // An earlier release's recorded recommendation is no step: ignored.
    case .setting(let setting): setting.key != SchedulerSettings.recommendationKey
    case .undo, .redo, .roundStart, .baseline, .learnerDays, .keptDueDays: false
    }
  }

  /// The same record with another identity, as a new record is given the
  /// next number of this machine's file when it is appended.
  func withID(_ id: StepID) -> HistoryRecord {
    switch self {
    case .answer(var step):
      step.id = id
      return .answer(step)
    case .confusion(var step):
      step.id = id
      return .confusion(step)
    case .right(var step):
      step.id = id
      return .right(step)
    case .reset(var step):
      step.id = id
      return .reset(step)
    case .questionsChange(var step):
      step.id = id
      return .questionsChange(step)
    case .setting(var step):
      step.id = id
      return .setting(step)
    case .undo(var mark):
      mark.id = id
      return .undo(mark)
    case .redo(var mark):
      mark.id = id
      return .redo(mark)
    case .roundStart(var start):
      start.id = id
      return .roundStart(start)
    case .baseline(var baseline):
      baseline.id = id
      return .baseline(baseline)
    case .learnerDays(var note):
      note.id = id
      return .learnerDays(note)
    case .keptDueDays(var kept):
      kept.id = id
      return .keptDueDays(kept)
    case .cardControl(var step):
      step.id = id
      return .cardControl(step)
    case .practice(var step):
      step.id = id
      return .practice(step)
    }
  }
}

/// The kinds of step, as `history --json` names them.
public enum StepKind: String, Sendable, Hashable {
  case answer, right, reset, edit, add, `import`, restore, config, optimize
  /// `:synonym`: an answer added to a question's accepted ones, and the
  /// answer that was graded Incorrect counted as correct, as one step.
  case synonym
  /// Another question's answer typed under `config confusions retry`.
  case confusion
  /// `exam`: a goal set or ended.
  case exam
  /// An answer of `memoquiz cram`, which changes no memory.
  case practice
  /// The card controls (``CardControl``).
  case suspend, unsuspend, bury, flag, unflag
}

/// A graded answer: the memento of one review of a question.
struct AnswerStep: Hashable, Sendable {
  var id: StepID
  var time: Timestamp
  var group: String
  /// The round it was given in, if any.
  var round: StepID?
  /// The question's identity: its `id`, else its prompt.
  var question: String
  var prompt: String
  var typed: String
  var rating: ReviewRating
  /// Milliseconds from the question being shown to the answer.
  var duration: Int
  /// For a review imported from another program: its identity there, so
  /// that importing it again adds nothing. Such an answer's ``round`` is the
  /// import step: taking back the import takes back its reviews.
  var origin: String? = nil
  /// The learner day it was given on (``LearnersDay/number``), fixed by the
  /// answering machine's local time and `day-starts-at` at that moment;
  /// `nil` for an answer recorded before learner days were kept, whose day
  /// a ``LearnerDaysNote`` gives.
  var day: Int? = nil
  /// The learner day it falls due on, as the recording machine chose it
  /// within the fuzz range (load balancing, easy days) against its own
  /// state then; `nil` when fuzz alone draws it (neither setting on, an
  /// interval too short to fuzz, an earlier release's answer). The fold
  /// keeps it while it lies within the fuzz range of the interval it
  /// works out, so the same history gives the same due days everywhere.
  var due: Int? = nil

  var isCorrect: Bool { rating.isCorrect }

  /// Whether the time it took is known: a review Anki logged with 0 ms has
  /// none, and stays out of the learner's pace.
  var hasRecordedTime: Bool { origin == nil || duration > 0 }
}

/// Another question's answer, typed under `config confusions retry`: the
/// question was asked again, ungraded, and the confusion is counted.
struct ConfusionStep: Hashable, Sendable {
  var id: StepID
  var time: Timestamp
  var group: String
  /// The round it was typed in.
  var round: StepID?
  /// The identity of the card asked (its memory's key in the group).
  var question: String
  var prompt: String
  var typed: String
}

/// `:right`: the answer `target`, graded Incorrect, was right after all.
struct RightStep: Hashable, Sendable {
  var id: StepID
  var time: Timestamp
  var group: String
  var question: String
  var target: StepID
}

/// Scores and memory of some groups set back to zero.
struct ResetStep: Hashable, Sendable {
  var id: StepID
  var time: Timestamp
  var groups: [String]
}

/// The text of a questions file, or its absence (the bundled set is used).
enum QuestionsText: Hashable, Sendable {
  case file(String)
  case noFile

  /// The bytes to write, or `nil` for no file.
  var bytes: [UInt8]? {
    if case .file(let text) = self { return Array(text.utf8) }
    return nil
  }

  /// A hash of the text, to tell versions apart without keeping them; 0
  /// for no file.
  var hash: UInt64 {
    guard case .file(let text) = self else { return 0 }
    return ContentHash.of(text.utf8)
  }
}

/// A new questions file: an edit, an add, an import or a restore.
///
/// The step carries the whole new file, so that any machine can install it
/// when the step arrives, and `undo` can go back to the version before it
/// without a file of its own. The first change in a history (or the first
/// after the file was edited by hand) also carries the version it replaced.
struct QuestionsChangeStep: Hashable, Sendable {
  var id: StepID
  var time: Timestamp
  var kind: StepKind
  /// The questions step in effect when this one was made: two steps with the
  /// same base on different machines changed the questions before they synced.
  var base: StepID?
  var group: String?
  /// What changed, in a few words.
  var summary: String
  var contents: QuestionsText
  /// The version it replaced, when no earlier step holds it.
  var before: QuestionsText?
  /// Groups that were renamed, recognisably the same: their progress
  /// follows the new title.
  var renames: [GroupRename] = []
  /// For a `:synonym`: the answer it counts as correct.
  var regrade: Regrade? = nil

  /// The answer a `:synonym` counts as correct, as a `:right` does.
  struct Regrade: Hashable, Sendable {
    /// The question's identity in its group (``group`` names the group).
    var question: String
    /// The answer, graded Incorrect.
    var target: StepID
  }
}

/// A setting's new value, such as `new-per-day` or the scheduler's parameters.
struct SettingStep: Hashable, Sendable {
  var id: StepID
  var time: Timestamp
  var key: String
  var value: String
  /// What changed, in a few words.
  var summary: String
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
  var id: StepID
  var time: Timestamp
  var target: StepID
  var kind: StepKind
  var group: String?
  var question: String?
  /// Whether it is an in-round `:undo`, which `redo` does not bring back.
  var inRound: Bool = false
  /// For answers: the round the answer was given in.
  var round: StepID?
}

/// A round's plan: its questions in the order they will be asked.
struct RoundStart: Hashable, Sendable {
  /// The round's identity.
  var id: StepID
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
  var id: StepID
  var time: Timestamp
  var group: String
  var score: Score
  var lastPlayed: Timestamp?
}

/// The learner days given, once, to answers recorded without one (by an
/// earlier release): the first machine that reads them gives each its day
/// in its own time zone and `day-starts-at`, so that every machine derives
/// the same memory from then on.
///
/// Answers are named in runs: the answers of one machine numbered from
/// `first` to `last` (records between them that are not answers, or that
/// carry their own day, are not affected) fell on `day`.
struct LearnerDaysNote: Hashable, Sendable {
  /// Answers of one machine, numbered `first` to `last`, all on `day`.
  struct Run: Hashable, Sendable {
    var first: StepID
    var last: Int
    var day: Int
  }

  var id: StepID
  var time: Timestamp
  /// The hour days started at, local time, when the days were given.
  var hour: Int
  var runs: [Run]
}

/// The due days that step `target` keeps, card by card, until each card's
/// next review: an install of fitted parameters without `--reschedule`
/// changes every card's memory but not the day it falls due, and an Anki
/// package's cards fall due on Anki's day. Taking the step back drops them.
struct KeptDueDays: Hashable, Sendable {
  /// One card's kept due day.
  struct Card: Hashable, Sendable {
    var group: String
    /// The card's identity (the key of its memory).
    var card: String
    var day: Int
  }

  var id: StepID
  var time: Timestamp
  var target: StepID
  var cards: [Card]
}
