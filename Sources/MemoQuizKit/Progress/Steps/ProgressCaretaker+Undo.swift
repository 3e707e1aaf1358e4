import FoundationEssentials

/// `memoquiz undo`, `redo` and `history`: one step at a time.
extension ProgressCaretaker {
  /// Every step, in merged order, marked taken back or not.
  public func steps() throws -> [HistoryStep] {
    HistoryStep.steps(of: try allRecords(), names: history.names())
  }

  /// Takes back step number `id`, or the newest step still in effect. Later
  /// steps stay: taking back a reset brings the scores and memory it
  /// cleared back, with the answers given since added to them. A step of
  /// another machine is taken back by a mark in this machine's file.
  /// - Returns: one line that says what was taken back.
  public func undo(_ id: Int?, at time: Date) throws -> String {
    try undo(id.map { .number($0) }, at: time)
  }

  /// Takes back the step whose global id (`"step"` in `history --json`,
  /// `1a2b3c4d-17`) is `global`: the id that never changes, whatever
  /// arrives from other machines. The id of an undo (`"undoneBy"` in
  /// `history --json`), this machine's or another's, takes the undo back:
  /// what it took back is in effect again.
  /// - Returns: one line that says what was taken back.
  public func undo(step global: String, at time: Date) throws -> String {
    try undo(.global(global), at: time)
  }

  /// How `undo` names a step.
  private enum StepChoice {
    case number(Int)
    case global(String)
  }

  private func undo(_ choice: StepChoice?, at time: Date) throws -> String {
    // The line for a change of the questions, told once they are installed.
    var questionsChange: String?
    let line: String = try perform { _, ids in
      let steps = HistoryStep.steps(of: try allRecords(), names: history.names())
      let step: HistoryStep
      if let choice {
        let found: HistoryStep
        switch choice {
        case .number(let id):
          guard let match = steps.first(where: { $0.id == id }) else { throw HistoryError.noSuchStep(id) }
          found = match
        case .global(let text):
          if let undone = steps.first(where: { $0.undoneBy?.text == text }) {
            return try takeBackUndo(of: undone, in: steps, ids: ids, time: time)
          }
          guard let match = steps.first(where: { $0.stepID.text == text }) else {
            throw HistoryError.noSuchGlobalStep(text)
          }
          found = match
        }
        guard !found.isUndone else { throw HistoryError.alreadyUndone(found.id) }
        step = found
      } else {
        guard let newest = steps.last(where: { !$0.isUndone }) else { throw HistoryError.nothingToUndo }
        step = newest
      }
      var mark = StepMark(
        id: ids[0], time: ids.after(Timestamp(time)), target: step.stepID, kind: step.kind, group: step.group,
        question: nil)
      var line = "Took back step \(step.id): \(step.summary)"
      switch step.record {
      case .answer(let answer), .practice(let answer):
        mark.question = answer.question
        mark.round = answer.round
        line += " (\(answer.group))."
      case .right(let right):
        mark.question = right.question
        line += "; it counts as incorrect again."
      case .reset:
        line += "; its scores and memory are back, with every answer since."
      case .questionsChange(let change):
        try checkNoLaterQuestionsChange(after: step, in: steps)
        if let regrade = change.regrade {
          // A `:synonym`: its answer counts as incorrect again too.
          mark.question = regrade.question
          line += "; the answer counts as incorrect again"
        }
        questionsChange = line
      case .setting:
        line += "; the setting is as it was before it."
      case .cardControl(let control):
        mark.question = control.question
        mark.round = control.round
        line += " (\(control.group))."
      default:
        break
      }
      return ([.undo(mark)], line + " \(wording.text(.redo)) brings it back.")
    }
    try installQuestions()
    guard let questionsChange else { return line }
    // No change in effect, and none carries the version before the first:
    // the history holds no questions to go back to, and the file stays.
    let tail =
      progressWithoutMemory.questionsDerivation == .none
      ? "; the history holds no earlier version of the questions, so questions.json stays as it is."
      : "; the questions are as they were before it."
    return questionsChange + tail + " \(wording.text(.redo)) brings it back."
  }

  /// Brings back the step most recently taken back, while no new step was
  /// made since, as in an editor.
  /// - Returns: one line that says what was brought back.
  public func redo(at time: Date) throws -> String {
    let line: String = try perform { progress, ids in
      let steps = HistoryStep.steps(of: try allRecords(), names: history.names())
      // A mark may name a step that no file holds (a damaged or tampered
      // file): it is passed over.
      guard
        let step = progress.redoable.reversed().lazy.compactMap({ target in
          steps.first { $0.stepID == target && $0.isUndone }
        }).first
      else { throw HistoryError.nothingToRedo }
      let mark = StepMark(
        id: ids[0], time: ids.after(Timestamp(time)), target: step.stepID, kind: step.kind, group: step.group,
        question: nil)
      if case .questionsChange = step.record {
        try checkNoLaterQuestionsChange(after: step, in: steps)
      }
      return ([.redo(mark)], "Brought back step \(step.id): \(step.summary).")
    }
    try installQuestions()
    return line
  }

  /// The mark that takes back the undo that took `step` back: a redo of
  /// `step`, whichever machine made the undo.
  private func takeBackUndo(of step: HistoryStep, in steps: [HistoryStep], ids: NewIDs, time: Date) throws -> (
    [HistoryRecord], String
  ) {
    if case .questionsChange = step.record {
      try checkNoLaterQuestionsChange(after: step, in: steps)
    }
    let mark = StepMark(
      id: ids[0], time: ids.after(Timestamp(time)), target: step.stepID, kind: step.kind, group: step.group,
      question: nil)
    let undo = step.undoneBy?.text ?? ""
    return (
      [.redo(mark)],
      "Took back the undo \(undo): step \(step.id) is back, \(step.summary). \(wording.text(.undo(step: "\(step.id)"))) takes it "
        + "back again."
    )
  }

  private func checkNoLaterQuestionsChange(after step: HistoryStep, in steps: [HistoryStep]) throws {
    if let later = steps.last(where: { other in
      guard case .questionsChange = other.record else { return false }
      return other.id > step.id && !other.isUndone
    }) {
      throw HistoryError.laterQuestionsChange(step: step.id, later: later.id)
    }
  }
}
