import FoundationEssentials

/// One step of the history as `history` shows it and `undo` takes it back.
public struct HistoryStep: Sendable {
  public let id: Int
  public let time: Date
  public let kind: StepKind
  public let group: String?
  /// Whether the step is taken back now.
  public let isUndone: Bool
  /// For answers: the prompt, what was typed, and whether it counts as correct.
  public let prompt: String?
  public let typed: String?
  public let isCorrect: Bool?
  /// What the step did, in a few words.
  public let summary: String
  let record: HistoryRecord
}

extension HistoryStep {
  /// The steps of a history, oldest first, as they stand after every mark.
  static func steps(of records: [HistoryRecord]) -> [HistoryStep] {
    var undone = Set<Int>()
    var regraded = Set<Int>()
    for record in records {
      switch record {
      case .undo(let mark): undone.insert(mark.target)
      case .redo(let mark): undone.remove(mark.target)
      default: break
      }
    }
    var prompts: [Int: String] = [:]
    for record in records {
      if case .right(let right) = record, !undone.contains(right.id) { regraded.insert(right.target) }
      if case .answer(let answer) = record { prompts[answer.id] = answer.prompt }
    }
    return records.compactMap { record -> HistoryStep? in
      switch record {
      case .answer(let a):
        let correct = a.isCorrect || regraded.contains(a.id)
        return HistoryStep(
          id: a.id, time: a.time.date, kind: .answer, group: a.group, isUndone: undone.contains(a.id),
          prompt: a.prompt, typed: a.typed, isCorrect: correct,
          summary: "answer \"\(a.typed)\" to \(a.prompt): \(correct ? "correct" : "incorrect")", record: record)
      case .right(let r):
        let prompt = prompts[r.target] ?? r.question
        return HistoryStep(
          id: r.id, time: r.time.date, kind: .right, group: r.group, isUndone: undone.contains(r.id), prompt: nil,
          typed: nil, isCorrect: nil, summary: ":right on the answer to \(prompt) (step \(r.target))", record: record)
      case .reset(let r):
        return HistoryStep(
          id: r.id, time: r.time.date, kind: .reset, group: r.groups.count == 1 ? r.groups[0] : nil,
          isUndone: undone.contains(r.id), prompt: nil, typed: nil, isCorrect: nil,
          summary: "reset of \(r.groups.count == 1 ? r.groups[0] : "\(r.groups.count) groups")", record: record)
      case .questionsChange(let c):
        return HistoryStep(
          id: c.id, time: c.time.date, kind: c.kind, group: c.group, isUndone: undone.contains(c.id), prompt: nil,
          typed: nil, isCorrect: nil, summary: c.summary, record: record)
      case .undo, .redo, .roundStart, .baseline:
        return nil
      }
    }
  }
}
