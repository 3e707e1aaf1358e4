extension HistoryRecord {
  /// The same record with every identity it holds (its own and those it
  /// names: a round, a target, a base, a run of answers) passed through
  /// `renumber`, as the steps of a folder that shares another's machine
  /// identity are moved to a new one.
  func renumbered(_ renumber: (StepID) -> StepID) -> HistoryRecord {
    switch self {
    case .answer(var step):
      step.round = step.round.map(renumber)
      return HistoryRecord.answer(step).withID(renumber(id))
    case .confusion(var step):
      step.round = step.round.map(renumber)
      return HistoryRecord.confusion(step).withID(renumber(id))
    case .right(var step):
      step.target = renumber(step.target)
      return HistoryRecord.right(step).withID(renumber(id))
    case .questionsChange(var step):
      step.base = step.base.map(renumber)
      return HistoryRecord.questionsChange(step).withID(renumber(id))
    case .undo(var mark):
      mark.target = renumber(mark.target)
      mark.round = mark.round.map(renumber)
      return HistoryRecord.undo(mark).withID(renumber(id))
    case .redo(var mark):
      mark.target = renumber(mark.target)
      mark.round = mark.round.map(renumber)
      return HistoryRecord.redo(mark).withID(renumber(id))
    case .learnerDays(var note):
      note.runs = note.runs.map { run in
        let first = renumber(run.first)
        return LearnerDaysNote.Run(first: first, last: run.last - run.first.sequence + first.sequence, day: run.day)
      }
      return HistoryRecord.learnerDays(note).withID(renumber(id))
    case .keptDueDays(var kept):
      kept.target = renumber(kept.target)
      return HistoryRecord.keptDueDays(kept).withID(renumber(id))
    case .practice(var step):
      step.round = step.round.map(renumber)
      return HistoryRecord.practice(step).withID(renumber(id))
    case .cardControl(var step):
      step.round = step.round.map(renumber)
      return HistoryRecord.cardControl(step).withID(renumber(id))
    case .reset, .setting, .roundStart, .baseline:
      return withID(renumber(id))
    }
  }
}
