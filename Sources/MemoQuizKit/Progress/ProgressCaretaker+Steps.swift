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
  /// - Returns: the step's number, and the groups renamed whose progress
  ///   followed them.
  @discardableResult
  public func changeQuestions(
    to bytes: [UInt8]?, kind: StepKind, group: String?, summary: String, at time: Date
  ) throws -> (step: Int, renames: [GroupRename]) {
    try perform { progress in
      let old = try DurableFile.read(folder.questionsFile)
      let snapshot = try SnapshotCaretaker(folder: folder).save(reason: "before \(summary)", now: time)
      if let bytes {
        try DurableFile.replace(folder.questionsFile, with: bytes)
      } else {
        try DurableFile.remove(folder.questionsFile)
      }
      var step = QuestionsChangeStep(
        id: progress.nextStepID, time: Timestamp(time), kind: kind, snapshot: snapshot.id, group: group,
        summary: summary)
      step.renames = Self.renames(from: old, to: bytes, progress: progress)
      return ([.questionsChange(step)], (step.id, step.renames))
    }
  }

  /// The groups that a new questions file renamed: a title gone and a new
  /// one with exactly the same questions, for a group with progress.
  static func renames(from old: [UInt8]?, to new: [UInt8]?, progress: Progress) -> [GroupRename] {
    func groups(_ bytes: [UInt8]?) -> [QuestionGroup] {
      QuestionFile(bytes: bytes ?? Array(BundledQuestionGroupData.json.utf8)).groups ?? []
    }
    let before = groups(old)
    let after = groups(new)
    let newTitles = Set(after.map(\.title))
    let oldTitles = Set(before.map(\.title))
    var renames: [GroupRename] = []
    var taken = Set<String>()
    for group in before where !newTitles.contains(group.title) && progress.groups[group.title] != nil {
      let identities = group.questions.map(\.identity)
      guard
        let renamed = after.first(where: {
          !oldTitles.contains($0.title) && !taken.contains($0.title) && $0.questions.map(\.identity) == identities
        })
      else { continue }
      taken.insert(renamed.title)
      renames.append(GroupRename(from: group.title, to: renamed.title))
    }
    return renames
  }

  /// Brings back snapshot `id` of the questions file, as a new step.
  public func restore(snapshot id: Int, at time: Date) throws -> SnapshotMemento {
    try perform { progress in
      let snapshots = SnapshotCaretaker(folder: folder)
      let snapshot = try snapshots.load(id)
      let old = try DurableFile.read(folder.questionsFile)
      let saved = try snapshots.bringBack(snapshot, reason: "before restore of snapshot \(id)", now: time)
      var step = QuestionsChangeStep(
        id: progress.nextStepID, time: Timestamp(time), kind: .restore, snapshot: saved.id, group: nil,
        summary: "restore of snapshot \(id) (\(snapshot.reason))")
      step.renames = Self.renames(from: old, to: snapshot.contents.map { [UInt8]($0) }, progress: progress)
      return ([.questionsChange(step)], snapshot)
    }
  }
}
