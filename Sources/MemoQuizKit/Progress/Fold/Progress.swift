/// Everything the history adds up to: each group's score, each question's
/// memory, the rounds still open, the questions file and the settings.
///
/// The meaning of the history is fixed by ``replaying(_:)``, one pure fold
/// of the records of every machine in their merged order: every step in
/// effect, with the steps taken back left out as if they never happened and
/// `:right` applied to the answer it names. ``apply(_:)`` brings a state up
/// to date one newer record at a time, and must always agree with a replay;
/// where it cannot be exact cheaply (taking back a reset, say), it says so
/// and the caller replays.
struct Progress: Hashable, Sendable {
  var groups: [String: GroupProgress] = [:]
  /// The rounds that still have questions to ask, by their identity.
  var rounds: [StepID: RoundMemento] = [:]
  /// The rounds that were played to the end: taking back one of their
  /// answers opens the round again.
  var finishedRounds: Set<StepID> = []
  /// The newest round each machine played to the end, as it ended: a round
  /// still on screen reads itself back from here after the step that
  /// finished it (a `:right` of its last answer, say).
  var lastFinishedRounds: [MachineID: RoundMemento] = [:]
  /// The steps taken back.
  var undone: Set<StepID> = []
  /// The steps `redo` can bring back, the newest last: those taken back by
  /// `undo` with no new step since, as in an editor.
  var redoable: [StepID] = []
  /// Whether the first release's scores were carried over.
  var hasBaseline = false
  /// Every change of the questions, in order.
  var questionsSteps: [QuestionsStepSummary] = []
  /// Every setting's changes, in order.
  var settingSteps: [SettingStepSummary] = []
  /// The changes of the questions that renamed groups, each where it
  /// stands among ``settingSteps``.
  var settingRenames: [SettingsRename] = []
  /// How long the newest answers took, taken-back ones included: the
  /// learner's pace, for the day's estimate.
  var recentDurations = AnswerDurations()
  /// The newest record applied: a record that sorts before it needs a replay.
  var newest: HistoryOrder?
  /// What the scheduler is built from: the installed parameters and the
  /// desired retention. A change of either replays the whole history with
  /// them, as Anki reschedules.
  var schedulerSettings = SchedulerSettings()
  /// The learner days notes gave to answers recorded without one.
  var learnerDayIndex = LearnerDayIndex()
  /// Answers recorded without a learner day that no note names yet, with
  /// the day this machine gives them meanwhile (its time zone and
  /// `day-starts-at`): the caretaker records them in a note.
  var undatedAnswers: [StepID: Int] = [:]

  /// Whether a step is in effect by the marks alone: exact for every step
  /// but an import's reviews, which ``StepEffects`` takes back with it.
  func isInEffect(_ step: StepID) -> Bool { StepEffects.isInEffect(step, undone: undone) }

  /// The scheduler every memory state is computed with.
  var scheduler: MemoryScheduler { schedulerSettings.scheduler }

  /// Applies a record that sorts after every record applied so far.
  /// - Returns: `false` when the state cannot follow exactly; replay then.
  mutating func apply(_ record: HistoryRecord) -> Bool {
    let order = HistoryOrder(record)
    if let newest, order <= newest { return false }
    newest = order
    StepEffects.follow(record, undone: &undone, redoable: &redoable)
    switch record {
    case .answer(let answer):
      if answer.hasRecordedTime { recentDurations.append(answer.duration) }
      let day = learnerDay(of: answer, hour: answer.day == nil ? Settings(settings).dayStartsAt : 0)
      applyAnswer(answer, rating: answer.rating, day: day, due: answer.due)
      return true
    case .confusion(let confusion):
      groups[confusion.group, default: GroupProgress()].mistakes.count(
        confusion: confusion.typed, question: confusion.question)
      return true
    case .right(let right):
      return applyRight(right)
    case .reset(let reset):
      applyReset(reset)
      return true
    case .questionsChange(let change):
      applyRenames(change.renames)
      questionsSteps.append(QuestionsStepSummary(change))
      if !change.renames.isEmpty {
        settingRenames.append(SettingsRename(id: change.id, position: settingSteps.count, renames: change.renames))
        // A group's own desired retention schedules every review of its
        // cards, those given under its earlier title too.
        guard schedulerSettings.groupRetentions.isEmpty, SchedulerSettings(settings) == schedulerSettings else {
          return false
        }
      }
      guard let regrade = change.regrade, let group = change.group else { return true }
      return applyRight(
        RightStep(id: change.id, time: change.time, group: group, question: regrade.question, target: regrade.target))
    case .setting(let setting):
      settingSteps.append(SettingStepSummary(setting))
      // New parameters or retention: every memory state is computed again.
      return !SchedulerSettings.isSchedulerKey(setting.key)
    case .undo(let mark):
      switch mark.kind {
      case .answer: return takeBackAnswer(mark)
      case .edit, .add, .import, .restore, .right, .reset, .config, .optimize, .synonym, .confusion, .exam:
        return false
      // A practice answer or a card control taken back: replayed, which is exact.
      case .practice, .suspend, .unsuspend, .bury, .flag, .unflag: return false
      }
    case .redo:
      // Bringing back a step is rare: replay, which is exact.
      return false
    case .roundStart(let start):
      rounds[start.id] = RoundMemento(start)
      return true
    case .baseline(let baseline):
      applyBaseline(baseline)
      return true
    case .learnerDays(let note):
      return applyLearnerDays(note)
    case .keptDueDays(let kept):
      // Due days kept come just after their step; one taken back already
      // (rare) keeps none, which a replay works out.
      guard isInEffect(kept.target) else { return false }
      keepDueDays(kept)
      return true
    case .cardControl(let step):
      applyCardControl(step)
      return true
    case .practice(let practice):
      applyPractice(practice, isCorrect: practice.isCorrect)
      return true
    }
  }

  /// Sets each named card's due day, by its interval from its last review's
  /// day: its next review schedules it afresh.
  private mutating func keepDueDays(_ kept: KeptDueDays) {
    for card in kept.cards {
      groups[card.group]?.questions[card.card]?.keep(dueDay: card.day)
    }
  }

  /// The learner day of an answer: its own, else the one a note gave it,
  /// else this machine's (in its time zone, days starting at `hour`),
  /// which is remembered until a note records it.
  private mutating func learnerDay(of answer: AnswerStep, hour: Int) -> Int {
    let (day, isUndated) = StepEffects.day(of: answer, index: learnerDayIndex, hour: hour)
    if isUndated { undatedAnswers[answer.id] = day }
    return day
  }

  /// Records a note's days: exact when it gives the undated answers the
  /// days they were given meanwhile, as this machine's own note does.
  private mutating func applyLearnerDays(_ note: LearnerDaysNote) -> Bool {
    var named = LearnerDayIndex()
    named.add(note)
    for (id, day) in undatedAnswers {
      guard let given = named.day(of: id) else { continue }
      guard given == day else { return false }
      undatedAnswers[id] = nil
    }
    learnerDayIndex.add(note)
    return true
  }

  /// Saving an answer must not copy the group: it changes it in place.
  /// - Parameters:
  ///   - due: the due day the answer recorded, when it counts with the
  ///     rating it was recorded with.
  ///   - scheduledAs: the group whose scheduler reviews the card, when it
  ///     is not the answer's own: the title its group has at the end.
  private mutating func applyAnswer(
    _ answer: AnswerStep, rating: ReviewRating, day: Int, due: Int?, scheduledAs title: String? = nil
  ) {
    Self.applyAnswer(
      answer, rating: rating, day: day, due: due, scheduler: schedulerSettings.scheduler(for: title ?? answer.group),
      to: &groups[answer.group, default: GroupProgress()])
    groups[answer.group]?.mistakes.record(
      question: answer.question, step: answer.id, typed: answer.typed, correct: rating.isCorrect)
    countInRound(answer, isCorrect: rating.isCorrect)
  }

  /// Counts an answer in its round; a round it finishes is dropped.
  mutating func countInRound(_ answer: AnswerStep, isCorrect: Bool) {
    // The memento is changed in place: a copy held here would copy its
    // answers at every answer.
    guard let round = answer.round else { return }
    if rounds[round]?.record(answer, isCorrect: isCorrect) == true { finish(round) }
  }

  /// Drops a round played to the end: nothing resumes it, and taking back
  /// one of its answers replays, which opens it again. It is kept as its
  /// machine's newest finished round.
  private mutating func finish(_ round: StepID) {
    guard let memento = rounds.removeValue(forKey: round) else { return }
    finishedRounds.insert(round)
    lastFinishedRounds[round.machine] = memento
  }

  /// The round `id` as the history has it: open, or its machine's newest
  /// finished one.
  func round(_ id: StepID) -> RoundMemento? {
    if let round = rounds[id] { return round }
    return lastFinishedRounds[id.machine].flatMap { $0.id == id ? $0 : nil }
  }

  private static func applyAnswer(
    _ answer: AnswerStep, rating: ReviewRating, day: Int, due: Int?, scheduler: MemoryScheduler,
    to group: inout GroupProgress
  ) {
    let wasDue = group.questions[answer.question]?.state.isDue(onDay: day) ?? false
    group.activity[Activity.slot(of: answer.time), default: Activity()].count(
      correct: rating.isCorrect, wasDue: wasDue, isFirst: group.questions[answer.question] == nil)
    group.questions[answer.question, default: QuestionMemory()]
      .review(
        rating, at: answer.time, day: day, step: answer.id, question: answer.question, scheduler: scheduler,
        due: due)
    group.answerScore.record(correct: rating.isCorrect)
    group.lastPlayed = max(group.lastPlayed ?? answer.time, answer.time)
  }

  private mutating func applyRight(_ right: RightStep) -> Bool {
    var group = groups[right.group] ?? GroupProgress()
    guard let memory = group.questions[right.question], let last = memory.lastAnswer, last.step == right.target,
      !last.rating.isCorrect,
      group.questions[right.question]?.regrade(
        step: right.target, as: .good, question: right.question,
        scheduler: schedulerSettings.scheduler(for: right.group)) == true
    else { return false }
    // The answer now counts as correct in its quarter of an hour too.
    let slot = Activity.slot(of: last.time)
    let wasDue = memory.previous.isDue(onDay: last.day)
    group.activity[slot, default: Activity()].count(correct: false, wasDue: wasDue, sign: -1)
    group.activity[slot, default: Activity()].count(correct: true, wasDue: wasDue)
    group.answerScore.incorrectCount -= 1
    group.answerScore.correctCount.addSaturating(1)
    group.mistakes.takeBack(question: right.question, step: right.target)
    groups[right.group] = group
    for (id, round) in rounds {
      guard let index = round.answers.firstIndex(where: { $0.step == right.target }) else { continue }
      rounds[id]?.answers[index].isCorrect = true
      if rounds[id]?.isFinished == true { finish(id) }
    }
    for (machine, round) in lastFinishedRounds {
      guard let index = round.answers.firstIndex(where: { $0.step == right.target }) else { continue }
      lastFinishedRounds[machine]?.answers[index].isCorrect = true
    }
    return true
  }

  /// Moves each renamed group's progress to its new title, unless the new
  /// title has progress of its own.
  private mutating func applyRenames(_ renames: [GroupRename]) {
    for rename in StepEffects.rename(renames, in: &groups) {
      for (id, round) in rounds where round.group == rename.from {
        rounds[id]?.group = rename.to
      }
      for (id, round) in rounds where round.isAcrossGroups {
        func renamed(_ key: String) -> String {
          let (group, question) = RoundMemento.split(key)
          return group == rename.from ? RoundMemento.key(group: rename.to, question: question) : key
        }
        rounds[id]?.plan = round.plan.map(renamed)
        for index in round.answers.indices {
          rounds[id]?.answers[index].question = renamed(round.answers[index].question)
        }
      }
    }
  }

  private mutating func applyReset(_ reset: ResetStep) {
    let titles = Set(reset.groups)
    for title in reset.groups {
      var group = groups[title] ?? GroupProgress()
      group.answerScore = Score()
      group.isReset = true
      group.questions = [:]
      group.mistakes = Mistakes()
      groups[title] = group
    }
    rounds = rounds.filter { !titles.contains($0.value.group) }
  }

  private mutating func applyBaseline(_ baseline: ScoreBaseline) {
    hasBaseline = true
    guard !baseline.group.isEmpty else { return }
    var group = groups[baseline.group] ?? GroupProgress()
    group.baseline = baseline.score
    group.lastPlayed = [group.lastPlayed, baseline.lastPlayed].compactMap { $0 }.max()
    groups[baseline.group] = group
  }

  private mutating func takeBackAnswer(_ mark: StepMark) -> Bool {
    guard let title = mark.group, let question = mark.question, var group = groups[title],
      var memory = group.questions[question], let last = memory.lastAnswer, last.step == mark.target
    else { return false }
    // Whether the card was due when the answer was counted: the state before
    // it, without what was kept for the card since.
    let wasDue = memory.previous.isDue(onDay: last.day)
    guard memory.takeBack(step: mark.target) else { return false }
    // An answer of a round that is over: taking it back opens the round
    // again, which a replay does exactly.
    if let round = mark.round, finishedRounds.contains(round), mark.id.machine == mark.target.machine { return false }
    let rating = last.rating
    let slot = Activity.slot(of: last.time)
    group.activity[slot]?.count(
      correct: rating.isCorrect, wasDue: wasDue, isFirst: memory.isEmpty, sign: -1)
    if group.activity[slot]?.isEmpty == true { group.activity[slot] = nil }
    group.questions[question] = memory.isEmpty ? nil : memory
    group.answerScore.retract(correct: rating.isCorrect)
    group.mistakes.takeBack(question: question, step: mark.target)
    groups[title] = group
    // A round is its machine's own: another machine taking back one of its
    // answers does not ask that question again there.
    if let round = mark.round, mark.id.machine == mark.target.machine {
      rounds[round]?.answers.removeAll { $0.step == mark.target }
    }
    return true
  }

  /// The state the whole history adds up to: every step with the effect
  /// ``StepEffects`` gives it.
  /// - Parameter records: every record of every machine, in merged order.
  static func replaying(_ records: [HistoryRecord]) -> Progress {
    let effects = StepEffects(records, followingCards: false)
    var progress = Progress()
    progress.undone = effects.undone
    progress.redoable = effects.redoable
    // The scheduler the settings in effect at the end give, for every review.
    progress.schedulerSettings = SchedulerSettings(effects.settings)
    // A group's own desired retention schedules every review of its cards,
    // those given under an earlier title too: each answer is scheduled as
    // the card's group at the end.
    let cards =
      progress.schedulerSettings.groupRetentions.isEmpty || !records.contains(where: \.renamesGroups)
      ? nil : StepEffects(records)
    progress.learnerDayIndex = effects.learnerDayIndex
    progress.undatedAnswers = effects.undatedAnswers
    for record in records {
      switch record {
      case .answer(let answer):
        if answer.hasRecordedTime { progress.recentDurations.append(answer.duration) }
        guard effects.isInEffect(answer.id) else {
          progress.groups[answer.group, default: GroupProgress()].lastPlayed = max(
            progress.groups[answer.group]?.lastPlayed ?? answer.time, answer.time)
          if effects.countsInRound(answer.id) { progress.countInRound(answer, isCorrect: effects.isCorrect(answer)) }
          continue
        }
        // A re-graded answer is scheduled afresh, as `:right` does: its
        // recorded due day was chosen for the rating first given.
        let rating = effects.rating(of: answer)
        progress.applyAnswer(
          answer, rating: rating, day: effects.day(of: answer), due: rating == answer.rating ? answer.due : nil,
          scheduledAs: cards?.group(of: answer))
      case .reset(let reset):
        if effects.isInEffect(reset.id) { progress.applyReset(reset) }
      case .questionsChange(let change):
        if effects.isInEffect(change.id) { progress.applyRenames(change.renames) }
        progress.questionsSteps.append(QuestionsStepSummary(change))
        if !change.renames.isEmpty {
          progress.settingRenames.append(
            SettingsRename(id: change.id, position: progress.settingSteps.count, renames: change.renames))
        }
      case .setting(let setting):
        progress.settingSteps.append(SettingStepSummary(setting))
      case .roundStart(let start):
        progress.rounds[start.id] = RoundMemento(start)
      case .baseline(let baseline):
        progress.applyBaseline(baseline)
      case .keptDueDays(let kept):
        if effects.isInEffect(kept.target) { progress.keepDueDays(kept) }
      case .confusion(let confusion):
        guard effects.isInEffect(confusion.id) else { continue }
        progress.groups[confusion.group, default: GroupProgress()].mistakes.count(
          confusion: confusion.typed, question: confusion.question)
      case .cardControl(let step):
        if effects.isInEffect(step.id) { progress.applyCardControl(step) }
      case .practice(let practice):
        if effects.isInEffect(practice.id) {
          progress.applyPractice(practice, isCorrect: effects.isCorrect(practice))
        } else if effects.countsInRound(practice.id) {
          progress.countInRound(practice, isCorrect: effects.isCorrect(practice))
        }
      case .right, .undo, .redo, .learnerDays:
        continue
      }
    }
    progress.newest = records.lazy.map(HistoryOrder.init).max()
    return progress
  }
}

/// Where a record stands in the merged history: by time, then machine, then
/// number, so that every machine orders the same records the same way.
struct HistoryOrder: Hashable, Comparable, Sendable {
  var time: Timestamp
  var id: StepID

  init(_ record: HistoryRecord) {
    time = record.time
    id = record.id
  }

  init(time: Timestamp, id: StepID) {
    self.time = time
    self.id = id
  }

  static func < (lhs: HistoryOrder, rhs: HistoryOrder) -> Bool {
    (lhs.time, lhs.id) < (rhs.time, rhs.id)
  }
}
