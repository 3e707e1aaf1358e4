/// How card controls add up: each question's controls in effect, and the
/// rounds a suspended or buried question leaves.
extension Progress {
  /// Applies a card control in effect, in the merged order, for
  /// ``apply(_:)`` and ``replaying(_:)`` alike.
  mutating func applyCardControl(_ step: CardControlStep) {
    var controls = groups[step.group, default: GroupProgress()].controls[step.question] ?? QuestionControls()
    controls.apply(step.control, day: step.day)
    groups[step.group, default: GroupProgress()].controls[step.question] = controls.isEmpty ? nil : controls
    // The question leaves the round it was set aside in, as if never
    // planned: the round goes on, and ends without it. A suspended one
    // leaves every open round: it is never asked again.
    let leaving: [StepID]
    switch step.control {
    case .suspend: leaving = Array(rounds.keys)
    case .bury: leaving = step.round.map { [$0] } ?? []
    case .unsuspend, .flag, .unflag: leaving = []
    }
    for round in leaving where rounds[round] != nil {
      rounds[round]?.leave(question: step.question, of: step.group)
      if rounds[round]?.isFinished == true {
        rounds[round] = nil
        finishedRounds.insert(round)
      }
    }
  }
}

extension RoundMemento {
  /// Drops every card of question `question` of group `title` from the
  /// plan's questions still to ask (those ``skipped`` stay as they are).
  mutating func leave(question: String, of title: String) {
    let kept = plan.enumerated().filter { offset, key in
      guard offset >= skipped else { return true }
      let (group, card) = isAcrossGroups ? Self.split(key) : (self.group, key)
      return group != title || Card.questionIdentity(of: card) != question
    }
    if kept.count != plan.count { plan = kept.map(\.element) }
  }
}
