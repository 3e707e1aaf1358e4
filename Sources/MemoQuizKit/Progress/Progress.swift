/// Everything the history adds up to: each group's score, each question's
/// memory and each group's latest round.
///
/// The meaning of the history is fixed by ``replaying(_:)``: every step in
/// effect, in order, with the steps taken back left out as if they never
/// happened and `:right` applied to the answer it names. ``apply(_:)`` brings
/// a state up to date one record at a time, and must always agree with a
/// replay; where it cannot be exact cheaply (taking back a reset, say), it
/// says so and the caller replays.
struct Progress: Hashable, Sendable {
  var groups: [String: GroupProgress] = [:]
  var nextStepID = 1
  var nextRoundID = 1
  /// The steps taken back, in the order they were taken back.
  var undone: [Int] = []
  /// Whether the first release's scores were carried over.
  var hasBaseline = false

  /// Applies a record newer than every record applied so far.
  /// - Returns: `false` when the state cannot follow exactly; replay then.
  mutating func apply(_ record: HistoryRecord) -> Bool {
    if let id = record.stepID { nextStepID = max(nextStepID, id + 1) }
    switch record {
    case .answer(let answer):
      applyAnswer(answer, rating: answer.rating)
      return true
    case .right(let right):
      var group = groups[right.group] ?? GroupProgress()
      guard let memory = group.questions[right.question], let last = memory.lastAnswer, !last.rating.isCorrect,
        group.questions[right.question]?.regrade(step: right.target, as: .good, question: right.question) == true
      else { return false }
      // The answer now counts as correct in its quarter of an hour too.
      let slot = Activity.slot(of: last.time)
      let wasDue = memory.previous.isDue(at: last.time)
      group.activity[slot, default: Activity()].count(correct: false, wasDue: wasDue, sign: -1)
      group.activity[slot, default: Activity()].count(correct: true, wasDue: wasDue)
      group.answerScore.incorrectCount -= 1
      group.answerScore.correctCount.addSaturating(1)
      if let index = group.round?.answers.firstIndex(where: { $0.step == right.target }) {
        group.round?.answers[index].isCorrect = true
        if Self.dropIfFinished(&group) { group.finishingStep = right.target }
      }
      groups[right.group] = group
      return true
    case .reset(let reset):
      applyReset(reset)
      return true
    case .questionsChange(let change):
      applyRenames(change.renames)
      return true
    case .undo(let mark):
      undone.append(mark.target)
      switch mark.kind {
      case .answer: return takeBackAnswer(mark)
      // A change of the questions may have renamed a group: replay.
      case .edit, .add, .import, .restore, .right, .reset: return false
      }
    case .redo(let mark):
      undone.removeAll { $0 == mark.target }
      switch mark.kind {
      // A change of the questions may have renamed a group and moved its
      // progress: replay, which is exact (and these steps are rare).
      case .edit, .add, .import, .restore: return false
      case .answer, .right, .reset: return false
      }
    case .roundStart(let start):
      nextRoundID = max(nextRoundID, start.round + 1)
      groups[start.group, default: GroupProgress()].round = RoundMemento(start)
      return true
    case .baseline(let baseline):
      hasBaseline = true
      guard !baseline.group.isEmpty else { return true }
      var group = groups[baseline.group] ?? GroupProgress()
      group.baseline = baseline.score
      group.lastPlayed = [group.lastPlayed, baseline.lastPlayed].compactMap { $0 }.max()
      groups[baseline.group] = group
      return true
    }
  }

  /// Saving an answer must not copy the group: it changes it in place.
  private mutating func applyAnswer(_ answer: AnswerStep, rating: ReviewRating) {
    Self.applyAnswer(answer, rating: rating, to: &groups[answer.group, default: GroupProgress()])
  }

  private static func applyAnswer(_ answer: AnswerStep, rating: ReviewRating, to group: inout GroupProgress) {
    let wasDue = group.questions[answer.question]?.state.isDue(at: answer.time) ?? false
    group.activity[Activity.slot(of: answer.time), default: Activity()].count(
      correct: rating.isCorrect, wasDue: wasDue)
    group.questions[answer.question, default: QuestionMemory()]
      .review(rating, at: answer.time, step: answer.id, question: answer.question)
    group.answerScore.record(correct: rating.isCorrect)
    group.lastPlayed = max(group.lastPlayed ?? answer.time, answer.time)
    if group.round?.id == answer.round {
      group.round?.answers.append(
        RoundMemento.Answer(step: answer.id, question: answer.question, isCorrect: rating.isCorrect))
      if dropIfFinished(&group) { group.finishingStep = answer.id }
    }
  }

  /// A finished round is dropped: nothing resumes it, and the checkpoint
  /// need not carry its plan.
  /// - Returns: whether it dropped the round.
  @discardableResult
  private static func dropIfFinished(_ group: inout GroupProgress) -> Bool {
    guard group.round?.isFinished == true else { return false }
    group.round = nil
    return true
  }

  /// Moves each renamed group's progress to its new title, unless the new
  /// title has progress of its own.
  private mutating func applyRenames(_ renames: [GroupRename]) {
    for rename in renames where groups[rename.to] == nil {
      groups[rename.to] = groups.removeValue(forKey: rename.from)
    }
  }

  private mutating func applyReset(_ reset: ResetStep) {
    for title in reset.groups {
      var group = groups[title] ?? GroupProgress()
      group.answerScore = Score()
      group.isReset = true
      group.lastReset = reset.id
      group.questions = [:]
      group.round = nil
      groups[title] = group
    }
  }

  private mutating func takeBackAnswer(_ mark: StepMark) -> Bool {
    guard let title = mark.group, let question = mark.question, var group = groups[title] else { return false }
    // An answer before a reset in effect: the reset cleared its memory, so
    // its activity cannot be found here; and the answer that finished a
    // round reopens it. Replay to be exact.
    guard mark.target > group.lastReset, mark.target != group.finishingStep,
      var memory = group.questions[question], let last = memory.lastAnswer, memory.takeBack(step: mark.target)
    else { return false }
    let rating = last.rating
    let slot = Activity.slot(of: last.time)
    group.activity[slot]?.count(correct: rating.isCorrect, wasDue: memory.state.isDue(at: last.time), sign: -1)
    if group.activity[slot]?.isEmpty == true { group.activity[slot] = nil }
    group.questions[question] = memory.isEmpty ? nil : memory
    group.answerScore.retract(correct: rating.isCorrect)
    group.round?.answers.removeAll { $0.step == mark.target }
    groups[title] = group
    return true
  }

  /// The state the whole history adds up to.
  static func replaying(_ records: [HistoryRecord]) -> Progress {
    // First, which steps are in effect, and which answers `:right` re-graded.
    var undone: [Int] = []
    for record in records {
      switch record {
      case .undo(let mark): undone.append(mark.target)
      case .redo(let mark): undone.removeAll { $0 == mark.target }
      default: break
      }
    }
    let isUndone = Set(undone)
    var regraded = Set<Int>()
    for case .right(let right) in records where !isUndone.contains(right.id) {
      regraded.insert(right.target)
    }
    var progress = Progress()
    for record in records {
      if let id = record.stepID { progress.nextStepID = max(progress.nextStepID, id + 1) }
      switch record {
      case .answer(let answer):
        guard !isUndone.contains(answer.id) else {
          progress.groups[answer.group, default: GroupProgress()].lastPlayed = max(
            progress.groups[answer.group]?.lastPlayed ?? answer.time, answer.time)
          continue
        }
        progress.applyAnswer(answer, rating: regraded.contains(answer.id) ? .good : answer.rating)
      case .reset(let reset):
        if !isUndone.contains(reset.id) { progress.applyReset(reset) }
      case .questionsChange(let change):
        if !isUndone.contains(change.id) { progress.applyRenames(change.renames) }
      case .right, .undo, .redo:
        continue
      case .roundStart, .baseline:
        _ = progress.apply(record)
      }
    }
    progress.undone = undone
    return progress
  }
}
