/// What a run of records holds, counted in the learner's terms: answers,
/// undos, changes of the questions, as `sync` reports what it sent and what
/// arrived.
public struct StepTally: Sendable, Equatable {
  public var answers = 0
  public var confusions = 0
  public var corrections = 0
  public var resets = 0
  public var questionChanges = 0
  public var settingChanges = 0
  public var undos = 0
  public var redos = 0
  public var rounds = 0
  public var baselines = 0
  public var learnerDayNotes = 0
  public var dueDayNotes = 0
  public var cardControls = 0
  public var practice = 0

  /// Counts `records`.
  init(_ records: some Sequence<HistoryRecord>) {
    for record in records {
      switch record {
      case .answer: answers += 1
      case .confusion: confusions += 1
      case .right: corrections += 1
      case .reset: resets += 1
      case .questionsChange: questionChanges += 1
      case .setting: settingChanges += 1
      case .undo: undos += 1
      case .redo: redos += 1
      case .roundStart: rounds += 1
      case .baseline: baselines += 1
      case .learnerDays: learnerDayNotes += 1
      case .keptDueDays: dueDayNotes += 1
      case .cardControl: cardControls += 1
      case .practice: practice += 1
      }
    }
  }

  /// Whether it holds no record at all.
  public var isEmpty: Bool { self == StepTally([]) }

  /// The counts as a phrase: `3 answers, 1 undo, 1 change of the questions`.
  public var text: String {
    var parts: [String] = []
    func add(_ count: Int, _ one: String, _ many: String) {
      guard count > 0 else { return }
      parts.append("\(count) \(count == 1 ? one : many)")
    }
    add(answers, "answer", "answers")
    add(confusions, "confusion asked again", "confusions asked again")
    add(corrections, "answer marked right", "answers marked right")
    add(resets, "reset", "resets")
    add(questionChanges, "change of the questions", "changes of the questions")
    add(settingChanges, "change of settings", "changes of settings")
    add(undos, "undo", "undos")
    add(redos, "redo", "redos")
    add(practice, "practice answer", "practice answers")
    add(cardControls, "card suspended, buried or flagged", "cards suspended, buried or flagged")
    if parts.isEmpty { add(rounds, "round started", "rounds started") }
    if parts.isEmpty, baselines > 0 { parts.append("scores carried over") }
    if parts.isEmpty {
      // Records the history keeps for the memory's sake, which a learner
      // did not make one by one: said only when nothing else was sent.
      add(learnerDayNotes, "note of learner days", "notes of learner days")
      add(dueDayNotes, "note of kept due days", "notes of kept due days")
    }
    return parts.joined(separator: ", ")
  }
}
