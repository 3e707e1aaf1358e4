import FoundationEssentials

/// One step of the history as `history` shows it and `undo` takes it back.
public struct HistoryStep: Sendable {
  /// The step's number in the merged history, from 1: what `undo ID` takes.
  public let id: Int
  /// The step's global identity.
  public let stepID: StepID
  /// The name of the machine that made it.
  public let machine: String
  public let time: Date
  public let kind: StepKind
  public let group: String?
  /// Whether the step is taken back now.
  public let isUndone: Bool
  /// The undo that took it back, while it is taken back: `undo` of that
  /// id brings it back, whichever machine made the undo.
  public let undoneBy: StepID?
  /// For answers: the prompt, what was typed, and whether it counts as correct.
  public let prompt: String?
  public let typed: String?
  public let isCorrect: Bool?
  /// For answers: the rating in effect (a `:right` makes it Good).
  public let rating: ReviewRating?
  /// What the step did, in a few words.
  public let summary: String
  let record: HistoryRecord
}

extension HistoryStep {
  /// The steps of a history, in merged order, numbered from 1, as they
  /// stand after every mark.
  /// - Parameter names: each machine's host name.
  static func steps(of records: [HistoryRecord], names: [MachineID: String]) -> [HistoryStep] {
    let effects = StepEffects(records, followingCards: false)
    var prompts: [StepID: String] = [:]
    for case .answer(let answer) in records { prompts[answer.id] = answer.prompt }
    // The mark that took each step back last, as the marks follow each other.
    var undoneBy: [StepID: StepID] = [:]
    for record in records {
      switch record {
      case .undo(let mark): undoneBy[mark.target] = mark.id
      case .redo(let mark): undoneBy[mark.target] = nil
      default: continue
      }
    }
    var steps: [HistoryStep] = []
    for record in records where record.isStep {
      let id = record.id
      func step(
        kind: StepKind, group: String?, summary: String, answer: AnswerStep? = nil, correct: Bool? = nil,
        rating: ReviewRating? = nil
      ) -> HistoryStep {
        let isUndone = !effects.isInEffect(id)
        return HistoryStep(
          id: steps.count + 1, stepID: id, machine: names[id.machine] ?? id.machine.hex, time: record.time.date,
          kind: kind, group: group, isUndone: isUndone, undoneBy: isUndone ? undoneBy[id] : nil,
          prompt: answer?.prompt, typed: answer?.typed, isCorrect: correct, rating: rating, summary: summary,
          record: record)
      }
      switch record {
      case .answer(let a), .practice(let a):
        // A practice answer (`cram`) reads as an answer does, under its own kind.
        let kind: StepKind = if case .practice = record { .practice } else { .answer }
        let correct = effects.isCorrect(a)
        steps.append(
          step(
            kind: kind, group: a.group,
            summary: "\(kind.rawValue) \"\(a.typed)\" to \(a.prompt): \(correct ? "correct" : "incorrect")",
            answer: a, correct: correct, rating: effects.rating(of: a)))
      case .confusion(let c):
        steps.append(
          step(
            kind: .confusion, group: c.group,
            summary: "confusion \"\(c.typed)\" for \(c.prompt): asked again"))
      case .right(let r):
        let prompt = prompts[r.target] ?? r.question
        steps.append(step(kind: .right, group: r.group, summary: ":right on the answer to \(prompt)"))
      case .reset(let r):
        steps.append(
          step(
            kind: .reset, group: r.groups.count == 1 ? r.groups[0] : nil,
            summary: "reset of \(r.groups.count == 1 ? r.groups[0] : "\(r.groups.count) groups")"))
      case .questionsChange(let c):
        steps.append(step(kind: c.kind, group: c.group, summary: c.summary))
      case .setting(let s) where ExamGoal.isGoalKey(s.key):
        let groups = ExamGoal.groups(ofKey: s.key)
        steps.append(step(kind: .exam, group: groups.count == 1 ? groups[0] : nil, summary: s.summary))
      case .setting(let s) where GroupSettings.isGroupKey(s.key):
        steps.append(step(kind: .config, group: GroupSettings.parse(s.key)?.group, summary: s.summary))
      case .setting(let s):
        let isInstall = s.key == SchedulerSettings.parametersKey || s.key == SchedulerSettings.modelKey
        steps.append(step(kind: isInstall ? .optimize : .config, group: nil, summary: s.summary))
      case .cardControl(let c):
        steps.append(step(kind: c.control.kind, group: c.group, summary: "\(c.prompt): \(c.control.pastTense)"))
      case .undo, .redo, .roundStart, .baseline, .learnerDays, .keptDueDays:
        break
      }
    }
    return steps
  }
}
