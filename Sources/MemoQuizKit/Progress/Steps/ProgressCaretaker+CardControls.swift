import FoundationEssentials

/// Card controls as steps: suspend, unsuspend, bury, flag, unflag.
extension ProgressCaretaker {
  /// Saves a card control on question `question` of group `group`.
  /// - Parameters:
  ///   - prompt: the question's prompt, which `history` shows.
  ///   - round: the round it was given in, whose plan a suspended or
  ///     buried question leaves.
  /// - Returns: the step, or `nil` when it would change nothing (a
  ///   question suspended already, say): nothing is saved then.
  @discardableResult
  func recordCardControl(
    _ control: CardControl, question: String, in group: String, prompt: String, round: StepID? = nil, at time: Date
  ) throws -> StepID? {
    try perform { progress, ids in
      let controls = progress.groups[group]?.controls[question] ?? QuestionControls()
      let hour = Settings(progress.settings).dayStartsAt
      let stamp = ids.after(Timestamp(time))
      let day = LearnersDay.number(containing: stamp, startingAt: hour)
      var after = controls
      after.apply(control, day: day)
      guard after != controls || (round != nil && control == .bury) else { return ([], nil) }
      let step = CardControlStep(
        id: ids[0], time: stamp, control: control, group: group, question: question, prompt: prompt, round: round,
        day: day)
      return ([.cardControl(step)], step.id)
    }
  }

  /// Takes back a card control given in a round (an in-round `:undo`).
  /// - Returns: `false` when it was taken back meanwhile by another process.
  func takeBack(
    cardControl step: StepID, control: CardControl, question: String, in group: String, round: StepID,
    at time: Timestamp
  ) throws -> Bool {
    try perform { progress, ids in
      guard progress.isInEffect(step) else { return ([], false) }
      let mark = StepMark(
        id: ids[0], time: ids.after(time), target: step, kind: control.kind, group: group, question: question,
        inRound: true, round: round)
      return ([.undo(mark)], true)
    }
  }
}

extension Progress {
  /// The controls in effect on question `question` of group `title`.
  func controls(of question: String, in title: String) -> QuestionControls {
    groups[title]?.controls[question] ?? QuestionControls()
  }
}
