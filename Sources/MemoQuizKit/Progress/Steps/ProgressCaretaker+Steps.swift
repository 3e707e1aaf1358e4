import FoundationEssentials

/// The changes a user makes, each appended to the history as a step.
extension ProgressCaretaker {
  /// Saves a new round's plan, so that it resumes in the same order even if
  /// the first answer never comes.
  func startRound(
    group: String, strategy: any QuestionStrategy, seed: UInt64, plan: [String], at time: Timestamp
  ) throws -> RoundMemento {
    try perform { _, ids in
      let start = RoundStart(
        id: ids[0], time: time, group: group, strategy: strategy.name, seed: seed,
        repeatsMissed: strategy.repeatsMissed, skipped: 0, plan: plan)
      return ([.roundStart(start)], RoundMemento(start))
    }
  }

  /// Saves graded answers with one durable append.
  /// - Returns: the answers with their identities.
  /// - Parameter asPractice: whether they are practice (`memoquiz cram`),
  ///   which changes no memory.
  func record(_ answers: [AnswerStep], asPractice: Bool = false) throws -> [AnswerStep] {
    try perform { _, ids in
      let numbered = answers.enumerated().map { offset, answer in
        var answer = answer
        answer.id = ids[offset]
        return answer
      }
      return (numbered.map(asPractice ? HistoryRecord.practice : HistoryRecord.answer), numbered)
    }
  }

  /// Saves that an answer graded Incorrect was right after all (`:right`).
  /// - Returns: the `:right`'s step, or `nil` when the answer was taken back
  ///   meanwhile (by `memoquiz undo` in another process): nothing is saved
  ///   then.
  func markRight(_ answer: RoundMemento.Answer, in group: String, at time: Timestamp) throws -> StepID? {
    try perform { progress, ids in
      guard progress.isInEffect(answer.step) else { return ([], nil) }
      let step = RightStep(
        id: ids[0], time: ids.after(time), group: group, question: answer.question, target: answer.step)
      return ([.right(step)], step.id)
    }
  }

  /// Takes back a round's `:right` (an in-round `:undo` right after it):
  /// its answer stays, graded Incorrect again.
  /// - Parameters:
  ///   - right: the `:right`'s step.
  ///   - question: the question of the answer it put right.
  /// - Returns: `false` when it was taken back meanwhile by another process.
  func takeBackRight(_ right: StepID, question: String, in group: String, round: StepID, at time: Timestamp) throws
    -> Bool
  {
    try perform { progress, ids in
      guard progress.isInEffect(right) else { return ([], false) }
      let mark = StepMark(
        id: ids[0], time: ids.after(time), target: right, kind: .right, group: group, question: question,
        inRound: true, round: round)
      return ([.undo(mark)], true)
    }
  }

  /// Takes back answers whose verdicts could not be shown (standard output
  /// closed while they were written), as in-round `:undo`s, with one
  /// durable append: a group of piped answers is saved before its
  /// verdicts, so those that nobody saw are taken back, not left to count.
  func takeBack(unshown answers: [AnswerStep], round: StepID, kind: StepKind = .answer, at time: Timestamp) throws {
    try perform { progress, ids in
      var marks: [HistoryRecord] = []
      for answer in answers where progress.isInEffect(answer.id) {
        marks.append(
          .undo(
            StepMark(
              id: ids[marks.count], time: ids.after(time), target: answer.id, kind: kind, group: answer.group,
              question: answer.question, inRound: true, round: round)))
      }
      return (marks, ())
    }
  }

  /// A round as the history has it now: open, or the newest this machine
  /// finished; `nil` when a step of another process dropped it (a reset).
  func round(_ id: StepID) -> RoundMemento? { store.state.round(id) }

  /// Takes back an answer of a round (an in-round `:undo`).
  /// - Returns: `false` when it was taken back meanwhile by another process.
  func takeBack(
    _ answer: RoundMemento.Answer, in group: String, round: StepID, kind: StepKind = .answer, at time: Timestamp
  ) throws -> Bool {
    try perform { progress, ids in
      guard progress.isInEffect(answer.step) else { return ([], false) }
      let mark = StepMark(
        id: ids[0], time: ids.after(time), target: answer.step, kind: kind, group: group,
        question: answer.question, inRound: true, round: round)
      return ([.undo(mark)], true)
    }
  }

  /// Sets the scores and memory of the groups back to zero and drops their rounds.
  public func reset(titles: [String], at time: Date) throws {
    try perform { _, ids in
      ([.reset(ResetStep(id: ids[0], time: ids.after(Timestamp(time)), groups: titles))], ())
    }
  }

  /// Sets a setting, as one step.
  func set(_ key: String, to value: String, summary: String, at time: Date) throws {
    try perform { _, ids in
      (
        [.setting(SettingStep(id: ids[0], time: ids.after(Timestamp(time)), key: key, value: value, summary: summary))],
        ()
      )
    }
  }

  /// Changes the questions as one step: `change` is given the questions in
  /// use now, read under the folder's lock, and returns the new file (or
  /// `nil` to leave it). The step carries the new file and is on disk before
  /// the file is replaced; a crash between the two is mended by the next
  /// command, which installs the version the history holds.
  ///
  /// The step names the version it was made from: `startedFrom` when the
  /// change was planned on questions read earlier (`edit`, whose editor
  /// was open meanwhile), else the questions in use now. It is merged
  /// question by question with what changed since, as changes from two
  /// machines are, and `questions.json` then holds the merge.
  /// - Parameters:
  ///   - imported: reviews that came with the questions, recorded as
  ///     answers at their own times; those already in the history (by
  ///     their origin) are left out.
  ///   - startedFrom: the questions file the change was planned on (`nil`
  ///     inside: there was none); not given, the file as it is now.
  /// - Returns: what `change` returned, and the groups renamed whose
  ///   progress followed them.
  @discardableResult
  public func changeQuestions<Result>(
    kind: StepKind, group: String?, at time: Date, imported: [ImportedAnswer] = [],
    startedFrom: QuestionsEditStart? = nil,
    _ change: ([UInt8]?) throws -> (bytes: [UInt8]?, summary: String, result: Result)?
  ) throws -> (result: Result, renames: [GroupRename])? {
    try changeQuestions(
      kind: kind, group: group, at: time, imported: imported, startedFrom: startedFrom, regrade: nil, change
    ).map { ($0.result, $0.renames) }
  }

  /// Changes the questions as one step, as
  /// ``changeQuestions(kind:group:at:imported:startedFrom:_:)`` does.
  /// - Parameter regrade: for a `:synonym`, the answer the same step
  ///   counts as correct; nothing changes when it was taken back meanwhile.
  @discardableResult
  func changeQuestions<Result>(
    kind: StepKind, group: String?, at time: Date, imported: [ImportedAnswer] = [],
    startedFrom: QuestionsEditStart? = nil, regrade: QuestionsChangeStep.Regrade?,
    _ change: ([UInt8]?) throws -> (bytes: [UInt8]?, summary: String, result: Result)?
  ) throws -> (result: Result, renames: [GroupRename], step: StepID)? {
    try locked { () throws -> (result: Result, renames: [GroupRename], step: StepID)? in
      // The change is planned on the questions the history puts in effect.
      try loadMemory().refresh()
      try installQuestions()
      let outcome: (result: Result, renames: [GroupRename], step: StepID, contents: QuestionsText)? = try perform {
        progress, ids in
        let old = try DurableFile.read(folder.questionsFile)
        if let regrade, !progress.isInEffect(regrade.target) { return ([], nil) }
        guard let (bytes, summary, result) = try change(old) else { return ([], nil) }
        let origin = startedFrom?.file ?? old
        let originText = origin.map { QuestionsText.file(String(decoding: $0, as: UTF8.self)) } ?? QuestionsText.noFile
        let newText = bytes.map { QuestionsText.file(String(decoding: $0, as: UTF8.self)) } ?? QuestionsText.noFile
        let version = progress.questionsVersion
        try SnapshotCaretaker(folder: folder).save(contents: old, reason: "before \(summary)", now: time)
        // The reviews an import brings go first in this machine's file, so
        // that the import itself is its newest step, the one `undo` takes.
        let (reviews, kept) = try importedReviews(
          imported, ids: ids, hour: Settings(progress.settings).dayStartsAt)
        var step = QuestionsChangeStep(
          id: ids[reviews.count], time: ids.after(Timestamp(time)), kind: kind,
          base: version.flatMap { $0.isBefore ? nil : $0.step },
          group: group, summary: summary, contents: newText)
        if version?.hash != originText.hash {
          if let made = progress.questionsSteps.last(where: { $0.hash == originText.hash && progress.isInEffect($0.id) }
          ) {
            // Planned on a version a change in effect made, before later ones.
            step.base = made.id
          } else {
            // The version replaced is carried unless the history holds it already.
            step.before = originText
          }
        }
        step.renames = regrade == nil ? Self.renames(from: origin, to: bytes, progress: progress) : []
        step.regrade = regrade
        let answers = reviews.map { review in
          var answer = review
          answer.round = step.id
          return HistoryRecord.answer(answer)
        }
        // The cards keep the other program's due days until their next review.
        var records = answers + [.questionsChange(step)]
        if !kept.isEmpty {
          records.append(
            .keptDueDays(
              KeptDueDays(id: ids[reviews.count + 1], time: step.time, target: step.id, cards: kept)))
        }
        return (records, (result, step.renames, step.id, newText))
      }
      guard let outcome else { return nil }
      // The step is on disk: now the file, the questions the history puts
      // in effect (the change, merged with any made since the version it
      // was planned on). A crash in between is mended by the next command.
      let derived = try derivedQuestions()
      if case .version(let version)? = derived, version.step == outcome.step, !version.isBefore {
        try writeQuestions(outcome.contents)
      } else if let derived {
        try writeQuestions(questionsText(of: derived))
      }
      return (outcome.result, outcome.renames, outcome.step)
    }
  }

  /// Imported reviews as answers, each once, on the learner days the other
  /// program counted: the caller names the import step they belong to. Also
  /// the due day of each card whose last review came: the other program's
  /// own, kept until the card's next review here.
  ///
  /// Anki counts a review in the day its local time then says: the date,
  /// less one before its rollover hour (else `hour`), in the local time in
  /// force at that moment, daylight saving included.
  private func importedReviews(_ imported: [ImportedAnswer], ids: NewIDs, hour: Int) throws -> (
    [AnswerStep], [KeptDueDays.Card]
  ) {
    guard !imported.isEmpty else { return ([], []) }
    var known = Set<String>()
    // An answer given here and written to a package by `export`, coming
    // back: the same card, to the second.
    var given = Set<String>()
    func key(_ group: String, _ question: String, _ time: Timestamp) -> String {
      let second = time.rawValue >= 0 ? time.rawValue / 1000 : (time.rawValue - 999) / 1000
      return "\(group)\u{1F}\(question)\u{1F}\(second)"
    }
    // Only the answers in effect: an import taken back can be made again,
    // and a renamed group's answers come back under its new title.
    let records = try allRecords()
    for answer in StepEffects(records).answersInEffect(records) {
      if let origin = answer.origin {
        known.insert(origin)
      } else {
        given.insert(key(answer.group, answer.question, answer.time))
      }
    }
    var answers: [AnswerStep] = []
    var kept: [KeptDueDays.Card] = []
    for review in imported
    where !given.contains(key(review.group, review.question, review.time)) && known.insert(review.origin).inserted {
      let milliseconds = Int((min(max(review.seconds, 0), 120) * 1000).rounded())
      let dayHour = review.hour ?? hour
      let day = LearnersDay.number(containing: review.time, startingAt: dayHour)
      answers.append(
        AnswerStep(
          id: ids[answers.count], time: review.time, group: review.group, round: nil,
          question: review.question, prompt: review.prompt, typed: "", rating: review.rating,
          duration: milliseconds, origin: review.origin, day: day))
      switch review.due {
      case .day(let due)?:
        kept.append(KeptDueDays.Card(group: review.group, card: review.question, day: due))
      case .days(let days)?:
        kept.append(KeptDueDays.Card(group: review.group, card: review.question, day: LearnersDay.day(day, plus: days)))
      case .time(let time)?:
        let due = LearnersDay.number(containing: time, startingAt: dayHour)
        kept.append(KeptDueDays.Card(group: review.group, card: review.question, day: due))
      case nil:
        break
      }
    }
    return (answers, kept)
  }

  /// The groups that a new questions file renamed: a title gone and a new
  /// one with exactly the same questions, for a group with progress, or
  /// with settings of its own or an exam goal (which follow it).
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
    let settings = progress.settings
    let named = Set(GroupSettings.values(in: settings).keys).union(ExamGoal.goals(in: settings).flatMap(\.groups))
    for group in before
    where !newTitles.contains(group.title) && (progress.groups[group.title] != nil || named.contains(group.title)) {
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
    let snapshot = try SnapshotCaretaker(folder: folder).load(id)
    let bytes = snapshot.contents.map { [UInt8]($0) }
    let summary = "restore of snapshot \(id) (\(snapshot.reason))"
    try changeQuestions(kind: .restore, group: nil, at: time) {
      _ -> (bytes: [UInt8]?, summary: String, result: Void)? in
      (bytes, summary, ())
    }
    return snapshot
  }
}
