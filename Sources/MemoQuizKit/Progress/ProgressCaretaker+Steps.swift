import FoundationEssentials

/// The changes a user makes, each appended to the history as a step.
extension ProgressCaretaker {
  /// Saves a new round's plan, so that it resumes in the same order even if
  /// the first answer never comes.
  func startRound(
    group: String, strategy: any QuestionStrategy, seed: UInt64, plan: [String], at time: Timestamp
  ) throws -> RoundMemento {
    try perform { progress in
      let start = RoundStart(
        round: progress.nextRoundID, time: time, group: group, strategy: strategy.name, seed: seed,
        repeatsMissed: strategy.repeatsMissed, skipped: 0, plan: plan)
      return ([.roundStart(start)], RoundMemento(start))
    }
  }

  /// Saves graded answers with one durable append.
  /// - Returns: the answers with their step numbers.
  func record(_ answers: [AnswerStep]) throws -> [AnswerStep] {
    try perform { progress in
      let numbered = answers.enumerated().map { offset, answer in
        var answer = answer
        answer.id = progress.nextStepID + offset
        return answer
      }
      return (numbered.map(HistoryRecord.answer), numbered)
    }
  }

  /// Saves that an answer graded Incorrect was right after all (`:right`).
  func markRight(_ answer: RoundMemento.Answer, in group: String, at time: Timestamp) throws {
    try perform { progress in
      let step = RightStep(
        id: progress.nextStepID, time: time, group: group, question: answer.question, target: answer.step)
      return ([.right(step)], ())
    }
  }

  /// Takes back an answer of a round (an in-round `:undo`).
  func takeBack(_ answer: RoundMemento.Answer, in group: String, at time: Timestamp) throws {
    try perform { _ in
      let mark = StepMark(
        time: time, target: answer.step, kind: .answer, group: group, question: answer.question, snapshot: nil)
      return ([.undo(mark)], ())
    }
  }

  /// Sets the scores and memory of the groups back to zero and drops their rounds.
  public func reset(titles: [String], at time: Date) throws {
    try perform { progress in
      ([.reset(ResetStep(id: progress.nextStepID, time: Timestamp(time), groups: titles))], ())
    }
  }

  /// Replaces the questions file with `bytes` as one step, after saving a
  /// snapshot of the file it replaces.
  /// - Returns: the step's number.
  @discardableResult
  public func changeQuestions(
    to bytes: [UInt8]?, kind: StepKind, group: String?, summary: String, at time: Date
  ) throws -> Int {
    try perform { progress in
      let snapshot = try SnapshotCaretaker(folder: folder).save(reason: "before \(summary)", now: time)
      if let bytes {
        try DurableFile.replace(folder.questionsFile, with: bytes)
      } else {
        try DurableFile.remove(folder.questionsFile)
      }
      let step = QuestionsChangeStep(
        id: progress.nextStepID, time: Timestamp(time), kind: kind, snapshot: snapshot.id, group: group,
        summary: summary)
      return ([.questionsChange(step)], step.id)
    }
  }

  /// Brings back snapshot `id` of the questions file, as a new step.
  public func restore(snapshot id: Int, at time: Date) throws -> SnapshotMemento {
    try perform { progress in
      let snapshots = SnapshotCaretaker(folder: folder)
      let snapshot = try snapshots.load(id)
      let saved = try snapshots.bringBack(snapshot, reason: "before restore of snapshot \(id)", now: time)
      let step = QuestionsChangeStep(
        id: progress.nextStepID, time: Timestamp(time), kind: .restore, snapshot: saved.id, group: nil,
        summary: "restore of snapshot \(id) (\(snapshot.reason))")
      return ([.questionsChange(step)], snapshot)
    }
  }
}
