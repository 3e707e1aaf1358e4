import FoundationEssentials

/// Card controls outside a round: `memoquiz suspend|unsuspend|unflag
/// QUESTION` and `memoquiz flagged`.
extension QuestionGroupCaretaker {
  /// A question a user named, in the group that holds it.
  public struct NamedQuestion: Sendable {
    public let group: QuestionGroup
    public let question: Question
  }

  /// The question a user named: `GROUP/PROMPT` (the group as
  /// ``groupIndex(named:)`` finds it, the prompt or id exact), else the
  /// question whose `id` (or prompt) is `name` in exactly one group.
  /// - Throws: ``CardControlError``.
  public func question(named name: String) throws(CardControlError) -> NamedQuestion {
    // A title may hold `/`: every split is tried, the longest title first.
    var slash = name.endIndex
    while let found = name[..<slash].lastIndex(of: "/") {
      slash = found
      let title = String(name[..<found])
      let rest = String(name[name.index(after: found)...])
      if let index = try? groupIndex(named: title),
        let question = groups[index].questions.first(where: { $0.identity == rest || $0.prompt == rest })
      {
        return NamedQuestion(group: groups[index], question: question)
      }
    }
    var matches: [NamedQuestion] = []
    for group in groups {
      for question in group.questions where question.id == name || question.identity == name {
        matches.append(NamedQuestion(group: group, question: question))
      }
    }
    if matches.count == 1 { return matches[0] }
    if matches.isEmpty {
      for group in groups {
        for question in group.questions where question.prompt == name {
          matches.append(NamedQuestion(group: group, question: question))
        }
      }
      if matches.count == 1 { return matches[0] }
    }
    throw matches.isEmpty ? .noSuchQuestion(name) : .ambiguous(name, count: matches.count)
  }

  /// Gives card control `control` to the question `name` names, as one step.
  /// - Returns: the question it was given to.
  /// - Throws: ``CardControlError`` when no single question has the name,
  ///   or it is in that state already; ``PersistenceError`` when the
  ///   history cannot be written.
  @discardableResult
  public func control(_ control: CardControl, questionNamed name: String, at now: Date) throws -> NamedQuestion {
    let named = try question(named: name)
    guard
      try progress.recordCardControl(
        control, question: named.question.identity, in: named.group.title, prompt: named.question.prompt, at: now)
        != nil
    else { throw CardControlError.unchanged(name, control) }
    return named
  }

  /// Every question flagged, group by group in the order of the file.
  /// - Throws: ``PersistenceError`` when the history cannot be read.
  public func flaggedQuestions() throws -> [NamedQuestion] {
    let progress = try loadMemory().progress
    return groups.flatMap { group in
      group.questions.filter { progress.controls(of: $0.identity, in: group.title).isFlagged }.map {
        NamedQuestion(group: group, question: $0)
      }
    }
  }

  /// The controls in effect on each question of `group` that has any, by
  /// the question's identity: what `scores --json` shows.
  /// - Throws: ``PersistenceError`` when the history cannot be read.
  public func questionControls(of group: QuestionGroup) throws -> [String: (suspended: Bool, flagged: Bool)] {
    let controls = try loadMemory().progress.groups[group.title]?.controls ?? [:]
    return controls.mapValues { ($0.isSuspended, $0.isFlagged) }
  }

  /// The cards of `cards` a round asks on learner day `today`: those of
  /// questions neither suspended nor buried that day.
  func askableCards(_ cards: [Card], of title: String, memory: ProgressWithMemory, today: Int) -> [Card] {
    guard let controls = memory.groups[title]?.controls, !controls.isEmpty else { return cards }
    return cards.filter { controls[$0.questionIdentity]?.isHidden(onDay: today) != true }
  }
}
