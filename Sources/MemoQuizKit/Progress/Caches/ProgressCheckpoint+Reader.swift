extension ProgressCheckpoint {
  /// Reads a checkpoint's lines (or an outlook's) into a ``Progress``, one
  /// line at a time: the history's marks and changes, then each group
  /// followed by its lines, then the rounds, each followed by its answers.
  struct Reader {
    let isOutlook: Bool
    var progress = Progress()
    var coverage: [MachineID: HistoryCaretaker.Coverage] = [:]
    var outlook: ProgressOutlook?
    /// The group the lines that follow belong to.
    private var title: String?
    /// The outlook's group the lines that follow belong to.
    private var outlookTitle: String?
    /// The round the answer lines that follow belong to.
    private var round: (id: StepID, isOpen: Bool)?
    /// The memory of the cards of group ``title``, which follow its line:
    /// gathered here, and moved into the group at the next other line.
    private var memories: [String: QuestionMemory] = [:]

    init(isOutlook: Bool) {
      self.isOutlook = isOutlook
      outlook = isOutlook ? ProgressOutlook(key: 0, groups: [:], activitySince: 0) : nil
    }

    /// Reads every line of `bytes`, which end with a line feed.
    mutating func read(_ bytes: ArraySlice<UInt8>) throws(RecordFields.Malformed) {
      var start = bytes.startIndex
      while let lineEnd = RecordLine.end(in: bytes, from: start) {
        try read(line: bytes[start..<lineEnd], size: bytes.count)
        start = lineEnd + 1
      }
      moveMemories()
      progress.schedulerSettings = SchedulerSettings(progress.settings)
    }

    /// Reads one line; `size` is the whole text's, to bound what is reserved.
    private mutating func read(line: ArraySlice<UInt8>, size: Int) throws(RecordFields.Malformed) {
      // The most frequent lines first, read without splitting them.
      if isOutlook, RecordLine.line(line, startsWith: ProgressOutlook.duesKind) {
        try outlook?.readDues(line, title: outlookTitle)
        return
      }
      if !isOutlook, RecordLine.line(line, startsWith: ProgressCheckpoint.questionPrefix) {
        guard title != nil, let (key, memory) = line.withUnsafeBufferPointer(ProgressCheckpoint.question) else {
          throw RecordFields.Malformed()
        }
        memories[key] = memory
        return
      }
      moveMemories()
      if RecordLine.line(line, startsWith: ProgressCheckpoint.filePrefix) {
        guard let (machine, file) = ProgressCheckpoint.file(line) else { throw RecordFields.Malformed() }
        coverage[machine] = file
        return
      }
      guard let list = RecordLine.fields(line) else { throw RecordFields.Malformed() }
      var fields = RecordFields(list)
      let kind = try fields.text()
      switch kind {
      case "state", "durations", "undone", "redoable", "finished", "questions", "setting", "undated", "days",
        "renamed":
        try readHistory(kind, &fields)
      case "group":
        try readGroup(&fields, size: size)
      case "lapses", "mistakes", "newest-mistake", "practice", "controls", "activity":
        guard let title, progress.groups[title] != nil else { throw RecordFields.Malformed() }
        try readGroupPart(kind, &fields, of: title)
      case "round", "ended", "answer":
        try readRound(kind, &fields)
      default:
        guard try outlook?.read(kind, &fields, title: &outlookTitle) == true else { throw RecordFields.Malformed() }
      }
      guard fields.isAtEnd else { throw RecordFields.Malformed() }
    }

    /// Moves the memories gathered into their group.
    private mutating func moveMemories() {
      guard !memories.isEmpty, let title else { return }
      progress.groups[title]?.questions = memories
      memories = [:]
    }

    /// A line of what the history adds up to beside the groups: marks,
    /// changes, learner days.
    private mutating func readHistory(_ kind: String, _ fields: inout RecordFields) throws(RecordFields.Malformed) {
      switch kind {
      case "state":
        progress.hasBaseline = try fields.flag()
        let time = try fields.optionalTimestamp()
        let id = try fields.optionalStepID()
        if let time, let id { progress.newest = HistoryOrder(time: time, id: id) }
      case "durations":
        let total = try fields.count()
        var values: [Int] = []
        for text in fields.rest() {
          guard let value = Int(text), value >= 0 else { throw RecordFields.Malformed() }
          values.append(value)
        }
        progress.recentDurations = AnswerDurations(values: values, total: total)
      case "undone":
        progress.undone = Set(try ProgressCheckpoint.stepIDs(fields.rest()))
      case "redoable":
        progress.redoable = try ProgressCheckpoint.stepIDs(fields.rest())
      case "finished":
        progress.finishedRounds = Set(try ProgressCheckpoint.stepIDs(fields.rest()))
      case "questions":
        let id = try fields.stepID()
        let base = try fields.optionalStepID()
        let hash = try fields.unsigned()
        let before = try fields.optionalText()
        guard let beforeHash = before.map({ UInt64($0) }) ?? .some(nil) else { throw RecordFields.Malformed() }
        progress.questionsSteps.append(QuestionsStepSummary(id: id, base: base, hash: hash, beforeHash: beforeHash))
      case "setting":
        progress.settingSteps.append(
          SettingStepSummary(id: try fields.stepID(), key: try fields.text(), value: try fields.text()))
      case "renamed":
        let id = try fields.stepID()
        let position = try fields.count()
        let titles = fields.rest()
        guard !titles.isEmpty, titles.count.isMultiple(of: 2), position <= progress.settingSteps.count else {
          throw RecordFields.Malformed()
        }
        let renames = stride(from: 0, to: titles.count, by: 2).map { GroupRename(from: titles[$0], to: titles[$0 + 1]) }
        progress.settingRenames.append(SettingsRename(id: id, position: position, renames: renames))
      case "undated":
        while !fields.isAtEnd {
          progress.undatedAnswers[try fields.stepID()] = try fields.learnerDay()
        }
      default:  // "days"
        progress.learnerDayIndex.add(try fields.learnerDayRuns())
      }
    }

    /// A group's line: its score, and the lines that follow are its.
    private mutating func readGroup(_ fields: inout RecordFields, size: Int) throws(RecordFields.Malformed) {
      let name = try fields.text()
      var group = GroupProgress()
      group.answerScore = Score(correctCount: try fields.count(), incorrectCount: try fields.count())
      let baselineCorrect = try fields.optionalCount()
      let baselineIncorrect = try fields.optionalCount()
      if let baselineCorrect, let baselineIncorrect {
        group.baseline = Score(correctCount: baselineCorrect, incorrectCount: baselineIncorrect)
      }
      group.isReset = try fields.flag()
      group.lastPlayed = try fields.optionalTimestamp()
      // Room for every question at once: no growing on the way.
      memories.reserveCapacity(min(try fields.count(), size / 16))
      progress.groups[name] = group
      title = name
    }

    /// A line of the group `title`'s judging, practice, card controls or
    /// activity.
    private mutating func readGroupPart(_ kind: String, _ fields: inout RecordFields, of title: String)
      throws(RecordFields.Malformed)
    {
      switch kind {
      case "lapses":
        let list = fields.rest()
        guard list.count % 2 == 0 else { throw RecordFields.Malformed() }
        for index in stride(from: 0, to: list.count, by: 2) {
          guard progress.groups[title]?.questions[list[index]] != nil, let lapses = Int(list[index + 1]),
            (1...Score.maximumCount).contains(lapses)
          else { throw RecordFields.Malformed() }
          progress.groups[title]?.questions[list[index]]?.lapses = lapses
        }
      case "mistakes":
        let question = try fields.text()
        let list = fields.rest()
        guard !list.isEmpty, list.count % 2 == 0 else { throw RecordFields.Malformed() }
        for index in stride(from: 0, to: list.count, by: 2) {
          guard let count = Int(list[index + 1]), (1...Score.maximumCount).contains(count) else {
            throw RecordFields.Malformed()
          }
          progress.groups[title]?.mistakes.counts[question, default: [:]][list[index]] = count
        }
      case "newest-mistake":
        let question = try fields.text()
        progress.groups[title]?.mistakes.newest[question] = Mistakes.Newest(
          step: try fields.stepID(), typed: try fields.text())
      case "practice":
        progress.groups[title]?.practice = Score(correctCount: try fields.count(), incorrectCount: try fields.count())
      case "controls":
        let question = try fields.text()
        var controls = QuestionControls(isSuspended: try fields.flag(), isFlagged: try fields.flag())
        if let day = try fields.optionalText() {
          guard let buried = Int(day), (-LearnersDay.dayRange...LearnersDay.dayRange).contains(buried) else {
            throw RecordFields.Malformed()
          }
          controls.buriedOn = buried
        }
        progress.groups[title]?.controls[question] = controls
      default:  // "activity"
        let slot = Int64(try fields.integer())
        progress.groups[title]?.activity[slot] = Activity(
          answers: try fields.count(), correct: try fields.count(), dueAnswers: try fields.count(),
          dueCorrect: try fields.count(), firstAnswers: try fields.count())
      }
    }

    /// A round's line (`round` open, `ended` its machine's newest finished
    /// one), or an answer of the round before.
    private mutating func readRound(_ kind: String, _ fields: inout RecordFields) throws(RecordFields.Malformed) {
      guard kind != "answer" else {
        guard let round else { throw RecordFields.Malformed() }
        let step = try fields.stepID()
        let isCorrect = try fields.flag()
        let answer = RoundMemento.Answer(step: step, question: try fields.text(), isCorrect: isCorrect)
        if round.isOpen {
          progress.rounds[round.id]?.answers.append(answer)
        } else {
          progress.lastFinishedRounds[round.id.machine]?.answers.append(answer)
        }
        return
      }
      let id = try fields.stepID()
      let start = RoundStart(
        id: id, time: Timestamp(rawValue: 0), group: try fields.text(), strategy: try fields.text(),
        seed: try fields.unsigned(), repeatsMissed: false, skipped: 0, plan: [])
      var memento = RoundMemento(start)
      memento.startedAt = try fields.timestamp()
      memento.repeatsMissed = try fields.flag()
      memento.skipped = try fields.count()
      memento.plan = fields.rest()
      if kind == "round" {
        progress.rounds[id] = memento
      } else {
        guard progress.lastFinishedRounds[id.machine] == nil else { throw RecordFields.Malformed() }
        progress.lastFinishedRounds[id.machine] = memento
      }
      round = (id, isOpen: kind == "round")
      title = nil
    }
  }
}
