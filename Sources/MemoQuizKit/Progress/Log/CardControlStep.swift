/// What a learner does to one question apart from answering it: suspend it
/// (never asked nor counted due until it is unsuspended), bury it until the
/// next learner day, or flag it to fix later.
public enum CardControl: String, Sendable, Hashable, CaseIterable {
  case suspend, unsuspend, bury, flag, unflag

  /// The kind of step `history` shows for it.
  var kind: StepKind {
    switch self {
    case .suspend: .suspend
    case .unsuspend: .unsuspend
    case .bury: .bury
    case .flag: .flag
    case .unflag: .unflag
    }
  }

  /// The words `history` uses: `suspended`, `buried`, ...
  var pastTense: String {
    switch self {
    case .suspend: "suspended"
    case .unsuspend: "unsuspended"
    case .bury: "buried until the next learner day"
    case .flag: "flagged"
    case .unflag: "unflagged"
    }
  }
}

/// A card control: the memento of `:suspend`, `:bury`, `:flag` in a round,
/// or of `memoquiz suspend|unsuspend|unflag` outside one.
///
/// It names a question (every card of it: its reverse, its cloze numbers),
/// never a single card, so that a suspended question is gone whole.
struct CardControlStep: Hashable, Sendable {
  var id: StepID
  var time: Timestamp
  var control: CardControl
  var group: String
  /// The question's identity in its group: its `id`, else its prompt.
  var question: String
  /// The prompt, for `history`.
  var prompt: String
  /// The round it was given in, whose plan the question leaves (suspend
  /// and bury); `nil` outside a round.
  var round: StepID?
  /// The learner day it was given on: a buried question waits for the next.
  var day: Int
}

/// The controls in effect on one question.
struct QuestionControls: Hashable, Sendable {
  var isSuspended = false
  var isFlagged = false
  /// The learner day it was buried on: not asked nor counted due that day.
  var buriedOn: Int?

  var isEmpty: Bool { !isSuspended && !isFlagged && buriedOn == nil }

  /// Whether the question is left out of the rounds and counts of learner
  /// day `today`.
  func isHidden(onDay today: Int) -> Bool { isSuspended || buriedOn == today }

  /// The controls after one more step.
  mutating func apply(_ control: CardControl, day: Int) {
    switch control {
    case .suspend: isSuspended = true
    case .unsuspend: isSuspended = false
    case .bury: buriedOn = day
    case .flag: isFlagged = true
    case .unflag: isFlagged = false
    }
  }
}
