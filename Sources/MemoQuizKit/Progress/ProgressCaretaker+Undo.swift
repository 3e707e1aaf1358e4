import FoundationEssentials

/// `memoquiz undo`, `redo` and `history`: one step at a time.
extension ProgressCaretaker {
  /// Every step, oldest first, marked taken back or not.
  public func steps() throws -> [HistoryStep] {
    HistoryStep.steps(of: try allRecords())
  }

  /// Takes back step `id`, or the newest step still in effect. Later steps
  /// stay: taking back a reset brings the scores and memory it cleared back,
  /// with the answers given since added to them.
  /// - Returns: one line that says what was taken back.
  public func undo(_ id: Int?, at time: Date) throws -> String {
    try perform { _ in
      let steps = HistoryStep.steps(of: try allRecords())
      let step: HistoryStep
      if let id {
        guard let found = steps.first(where: { $0.id == id }) else { throw HistoryError.noSuchStep(id) }
        guard !found.isUndone else { throw HistoryError.alreadyUndone(id) }
        step = found
      } else {
        guard let newest = steps.last(where: { !$0.isUndone }) else { throw HistoryError.nothingToUndo }
        step = newest
      }
      var mark = StepMark(
        time: Timestamp(time), target: step.id, kind: step.kind, group: step.group, question: nil, snapshot: nil)
      var line = "Took back step \(step.id): \(step.summary)"
      switch step.record {
      case .answer(let answer):
        mark.question = answer.question
        line += " (\(answer.group))."
      case .right(let right):
        mark.question = right.question
        line += "; it counts as incorrect again."
      case .reset:
        line += "; its scores and memory are back, with every answer since."
      case .questionsChange(let change):
        try checkNoLaterQuestionsChange(after: step.id, in: steps)
        guard let snapshot = try? SnapshotCaretaker(folder: folder).load(change.snapshot) else {
          throw HistoryError.snapshotGone(step: step.id)
        }
        let saved = try SnapshotCaretaker(folder: folder).bringBack(
          snapshot, reason: "before undo of step \(step.id)", now: time)
        mark.snapshot = saved.id
        line += "; the questions are as they were before it."
      default:
        break
      }
      return ([.undo(mark)], line + " `memoquiz redo` brings it back.")
    }
  }

  /// Brings back the step most recently taken back.
  /// - Returns: one line that says what was brought back.
  public func redo(at time: Date) throws -> String {
    try perform { progress in
      guard let target = progress.undone.last else { throw HistoryError.nothingToRedo }
      let records = try allRecords()
      let steps = HistoryStep.steps(of: records)
      guard let step = steps.first(where: { $0.id == target }) else { throw HistoryError.noSuchStep(target) }
      var mark = StepMark(
        time: Timestamp(time), target: step.id, kind: step.kind, group: step.group, question: nil, snapshot: nil)
      if case .questionsChange = step.record {
        try checkNoLaterQuestionsChange(after: step.id, in: steps)
        let undoMark = records.last { record in
          if case .undo(let m) = record { return m.target == target }
          return false
        }
        guard case .undo(let taken)? = undoMark, let id = taken.snapshot,
          let snapshot = try? SnapshotCaretaker(folder: folder).load(id)
        else { throw HistoryError.snapshotGone(step: step.id) }
        mark.snapshot = try SnapshotCaretaker(folder: folder).bringBack(
          snapshot, reason: "before redo of step \(step.id)", now: time
        ).id
      }
      return ([.redo(mark)], "Brought back step \(step.id): \(step.summary).")
    }
  }

  private func checkNoLaterQuestionsChange(after id: Int, in steps: [HistoryStep]) throws {
    if let later = steps.last(where: { step in
      guard case .questionsChange = step.record else { return false }
      return step.id > id && !step.isUndone
    }) {
      throw HistoryError.laterQuestionsChange(step: id, later: later.id)
    }
  }
}
