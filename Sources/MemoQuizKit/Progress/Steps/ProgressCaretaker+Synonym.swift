import FoundationEssentials

/// `:synonym`: an answer graded Incorrect that was right after all, from
/// now on too. One step both adds it to the question's accepted answers
/// (the questions file changes as by `edit`) and counts the answer as
/// correct (as `:right` does), so that `undo` takes both back.
extension ProgressCaretaker {
  /// Adds `text` to the accepted answers of the card answered by step
  /// `answer`, and counts that answer as correct.
  /// - Parameters:
  ///   - card: the card's identity in its group (its memory's key).
  ///   - group: the group's title.
  ///   - prompt: the card's prompt, for the step's summary.
  /// - Returns: the step, or `nil` when the answer was taken back
  ///   meanwhile (by `memoquiz undo`) or the question is gone.
  func addSynonym(
    _ text: String, card: String, in group: String, prompt: String, answer: StepID, at time: Date
  ) throws -> StepID? {
    let regrade = QuestionsChangeStep.Regrade(question: card, target: answer)
    let identity = String(Card.questionIdentity(of: card))
    let isReverse = card != identity && card.hasSuffix(String(Card.identitySeparator) + Card.Kind.reverse.name)
    return try changeQuestion(identity, in: group, kind: .synonym, at: time, regrade: regrade) { question in
      let accepted = isReverse ? [question.prompt] + question.reverseAlternatives : question.acceptedAnswers
      if !AnswerMatcher.isCorrect(text, accepting: accepted) {
        if isReverse { question.reverseAlternatives.append(text) } else { question.alternatives.append(text) }
      }
      return ":synonym \(text) for \(prompt)"
    }?.step
  }

  /// Records another question's answer typed for a card under `config
  /// confusions retry`: a step that is no answer, which `stats` counts
  /// and `undo` takes back.
  /// - Parameters:
  ///   - card: the card's identity in its group (its memory's key).
  ///   - round: the round it was typed in.
  func recordConfusion(
    _ typed: String, card: String, in group: String, prompt: String, round: StepID, at time: Timestamp
  ) throws {
    try perform { _, ids in
      let step = ConfusionStep(
        id: ids[0], time: ids.after(time), group: group, round: round, question: card, prompt: prompt, typed: typed)
      return ([.confusion(step)], ())
    }
  }

  /// Takes back a round's `:synonym` (an in-round `:undo` right after it):
  /// the answer it added goes, and the answer counts as incorrect again.
  /// - Returns: `false` when it was taken back meanwhile by another process.
  func takeBackSynonym(_ step: StepID, card: String, in group: String, round: StepID, at time: Timestamp) throws
    -> Bool
  {
    let tookBack: Bool = try perform { progress, ids in
      guard progress.isInEffect(step) else { return ([], false) }
      let mark = StepMark(
        id: ids[0], time: ids.after(time), target: step, kind: .synonym, group: group, question: card,
        inRound: true, round: round)
      return ([.undo(mark)], true)
    }
    try installQuestions()
    return tookBack
  }
}
