import FoundationEssentials

/// Loads the question groups and keeps their progress: the caretaker of the
/// ``QuestionGroup`` originators.
///
/// The groups come from the user's `questions.json`, or from the bundled set
/// when there is none. Their progress (scores, the memory of every question,
/// unfinished rounds) comes from the history, through ``ProgressCaretaker``,
/// keyed by group title and question identity.
public struct QuestionGroupCaretaker {
  /// Where the groups came from.
  public enum Source: Sendable, Equatable {
    /// The user's questions file, at this path.
    case file(String)
    /// The set compiled into memoquiz.
    case bundled
  }

  public let folder: DataFolder
  public private(set) var groups: [QuestionGroup]
  public private(set) var source: Source
  public let progress: ProgressCaretaker
  /// How the texts of the groups and their rounds name what the user can
  /// do next: the progress's wording.
  public var wording: NextStepWording { progress.wording }

  /// Loads the groups and their progress, carrying over a `scores.json` from
  /// the first release on first run.
  /// - Parameters:
  ///   - needsMemory: `false` for a command that shows the groups and the
  ///     day but asks nothing (`groups`, `today`, the start screen): it
  ///     reads the outlook, and the memory of each card only if it turns
  ///     out to need it.
  ///   - wording: how the texts of the groups and their progress name what
  ///     the user can do next.
  ///   - onWarning: told of anything the user should know that did not
  ///     stop the load, such as a damaged file moved aside.
  /// - Throws: ``QuestionFileError`` when `questions.json` is invalid or
  ///   unreadable; ``PersistenceError`` when progress cannot be read.
  public init(
    folder: DataFolder, needsMemory: Bool = true, wording: NextStepWording = .plain,
    onWarning: @escaping (String) -> Void = { _ in }
  ) throws {
    self.folder = folder
    // The checkpoint (or the outlook) is read on a second thread while the
    // questions are parsed.
    let saved = BackgroundWork {
      needsMemory
        ? (outlook: nil, checkpoint: ProgressCaches.readCheckpoint(in: folder), leftOut: [])
        : ProgressCaches.readOutlookOrCheckpoint(in: folder)
    }
    var key: UInt64
    (groups, source, key) = try Self.loadGroups(in: folder)
    let read = saved.result()
    if let outlook = read.outlook,
      let fromOutlook = ProgressCaretaker(
        folder: folder, outlook: outlook, key: key, leftOut: read.leftOut, wording: wording, onWarning: onWarning)
    {
      progress = fromOutlook
    } else {
      progress = try ProgressCaretaker(
        folder: folder, checkpoint: read.checkpoint ?? ProgressCaches.readCheckpoint(in: folder),
        wording: wording, onWarning: onWarning)
    }
    // The questions follow the history: a change that arrived from another
    // machine (merged with this machine's own when both changed them), or
    // whose file a crash kept from being written, is installed.
    if try progress.installQuestions() {
      (groups, source, key) = try Self.loadGroups(in: folder)
    }
    progress.questionsInUse = (key, groups)
    do {
      try progress.giveLearnerDays()
    } catch {
      // A folder that cannot be written now keeps the days given meanwhile.
      onWarning("the learner days of earlier answers could not be recorded yet (\(error))")
    }
    if DurableFile.exists(folder.scoresFile) {
      try ScoresFileV1.carryOver(into: progress, groups: groups, onWarning: onWarning)
    }
  }

  /// The groups of `questions.json`, else the bundled ones, with a hash of
  /// their text that tells this version of the questions from others.
  private static func loadGroups(in folder: DataFolder) throws -> ([QuestionGroup], Source, UInt64) {
    if let bytes = try DurableFile.read(folder.questionsFile) {
      return (
        try groups(from: bytes, file: folder.questionsFile), .file(folder.questionsFile),
        ContentHash.of(bytes)
      )
    }
    return (try bundled.groups.get(), .bundled, bundled.key)
  }

  private static let bundledName = "bundled QuestionGroupData.json"

  /// The bundled groups and the checksum of their text, decoded once per
  /// process however many commands it runs.
  private static let bundled: (groups: Result<[QuestionGroup], QuestionFileError>, key: UInt64) = {
    let bytes = Array(BundledQuestionGroupData.json.utf8)
    return (
      Result { () throws(QuestionFileError) in try groups(from: bytes, file: bundledName) },
      ContentHash.of(bytes)
    )
  }()

  /// The bundled groups, decoded from the text compiled into the binary.
  public static func bundledGroups() throws -> [QuestionGroup] {
    try bundled.groups.get()
  }

  /// Reads groups from a questions file's bytes.
  /// - Throws: ``QuestionFileError/invalid(file:diagnostics:)`` with every problem.
  static func groups(from bytes: [UInt8], file: String) throws(QuestionFileError) -> [QuestionGroup] {
    let questionFile = QuestionFile(bytes: bytes)
    guard let groups = questionFile.groups else {
      throw .invalid(file: file, diagnostics: questionFile.diagnostics, errorCount: questionFile.errorCount)
    }
    return groups
  }

  // MARK: - Progress of the groups

  /// The scheduler of every memory state: the installed parameters and the
  /// desired retention.
  public var scheduler: MemoryScheduler { progress.progressWithoutMemory.scheduler }

  /// The progress with the memory of every card: the only way to reach a
  /// card's memory. A caretaker loaded with `needsMemory: false` reads it
  /// now (before a round is played from the start screen); one loaded with
  /// it returns it at once.
  /// - Throws: ``PersistenceError`` when the history cannot be read.
  @discardableResult
  public func loadMemory() throws -> ProgressWithMemory {
    try progress.loadMemory()
  }

  /// The day's plan at `now`, from the outlook when it reaches back to the
  /// learner day before `now`'s, else from the memory of every card, read
  /// now if it was not (a clock set back).
  /// - Throws: ``PersistenceError`` when the history cannot be read.
  public func dayPlan(at now: Date) throws -> DayPlan {
    let overview = progress.overview
    let dayCovered = overview.coversDay(at: Timestamp(now), startingAt: progress.settings.dayStartsAt)
    return dayPlan(at: now, from: dayCovered ? overview : try loadMemory())
  }

  /// The day's plan at `now`, counted from `memory`.
  public func dayPlan(at now: Date, memory: ProgressWithMemory) -> DayPlan {
    dayPlan(at: now, from: memory)
  }

  private func dayPlan(at now: Date, from overview: any ProgressOverview) -> DayPlan {
    DayPlan(
      now: now, groups: groups, dueIndex: overview.dueIndex(of:), progress: progress.progressWithoutMemory,
      waitingBundled: waitingBundledTitles)
  }

  /// New questions review rounds may still take today, in all groups: what
  /// is left of `new-per-day`, within the learner's pace.
  public func newLeftToday(at now: Date, memory: ProgressWithMemory) -> Int {
    dayPlan(at: now, memory: memory).newAllowed
  }

  /// The group's scores and times, which the outlook has too: no card's
  /// memory is read for them.
  private func groupSummary(_ title: String) -> GroupProgress? { progress.progressWithoutMemory.groups[title] }

  /// The group's score: answers since the last reset, plus the score the
  /// questions file or the first release carried when there was no reset.
  public func score(of group: QuestionGroup) -> Score {
    groupSummary(group.title)?.score(carried: group.score) ?? group.score
  }

  /// When the group was last answered.
  public func lastPlayed(_ title: String) -> Date? { groupSummary(title)?.lastPlayed?.date }

  /// The group's round that still has questions to ask, if there is one.
  ///
  /// A round is its machine's own: another machine's unfinished round is
  /// not resumed here (its answers count all the same). A review round
  /// started on an earlier learner day than `now`'s is not today's: it is
  /// left, and the next review plans today's cards afresh.
  ///
  /// The outlook keeps no round's plan: when it stands in and says there is
  /// such a round, the plan is read with every card's memory.
  /// - Throws: ``PersistenceError`` when the history cannot be read then.
  public func unfinishedRound(of title: String, at now: Date) throws -> RoundMemento? {
    let resumes = roundsResumed(in: title, at: now)
    guard progress.overview.hasUnfinishedRound(where: resumes) else { return nil }
    return try loadMemory().savedRound(where: resumes)
  }

  /// How far the group's round that still has questions to ask got (see
  /// ``unfinishedRound(of:at:)``), as the round counts it when it resumes:
  /// from the outlook when it stands in, without reading the round's plan.
  public func unfinishedPosition(of title: String, at now: Date) -> (done: Int, count: Int)? {
    progress.overview.unfinishedRound(
      where: roundsResumed(in: title, at: now), group: groups.first { $0.title == title }
    ).map { ($0.done, $0.count) }
  }

  /// Whether a round that still has questions to ask, told by its identity,
  /// group, strategy and start, is one this machine resumes for group
  /// `title` on the learner day of `now`.
  /// - Parameter practice: whether the round is a cram round, which only
  ///   `memoquiz cram` resumes.
  func roundsResumed(in title: String, at now: Date, practice: Bool = false) -> (StepID, String, String, Timestamp)
    -> Bool
  {
    { id, group, strategy, startedAt in
      (strategy == CramQuestionStrategy.strategyName) == practice
        && resumes(id: id, group: group, strategy: strategy, startedAt: startedAt, title: title, at: now)
    }
  }

  /// Whether a round that still has questions to ask is one this machine
  /// resumes for group `title` on the learner day of `now`.
  private func resumes(id: StepID, group: String, strategy: String, startedAt: Timestamp, title: String, at now: Date)
    -> Bool
  {
    guard group == title, let machine = progress.existingMachine, id.machine == machine else { return false }
    return strategy != ReviewQuestionStrategy().name
      || LearnersDay.number(containing: startedAt, startingAt: progress.settings.dayStartsAt) >= learnerDay(at: now)
  }

  /// The learner day `now` falls in (``LearnersDay/number``), with the
  /// `day-starts-at` in effect, local time.
  public func learnerDay(at now: Date) -> Int {
    LearnersDay.number(containing: Timestamp(now), startingAt: progress.settings.dayStartsAt)
  }

  /// When learner day `day` starts, with the `day-starts-at` in effect.
  public func start(ofDay day: Int) -> Date {
    LearnersDay.start(ofDay: day, hour: progress.settings.dayStartsAt).date
  }

  /// When the group's cards fall due: from the outlook when it stands in
  /// for the memory, else from every card's memory. Every count below, the
  /// day's plan and the start screen read it, and nothing else.
  func dueIndex(of group: QuestionGroup) -> DueIndex {
    progress.overview.dueIndex(of: group)
  }

  /// How many of the group's cards are due on the learner day of `now`,
  /// less those a sibling answered that day buries (a review round does
  /// not ask them until the next day).
  public func dueCount(of group: QuestionGroup, at now: Date) -> Int {
    dueIndex(of: group).dueCount(onDay: learnerDay(at: now))
  }

  /// How many cards are due on the learner day of `now`, in all groups,
  /// counted as the day's plan counts them: the cards of the questions as
  /// they are, less those a sibling's answer buries.
  /// - Throws: ``PersistenceError`` when the memory cannot be read.
  public func dueToday(at now: Date) throws -> Int {
    let memory = try loadMemory()
    let today = learnerDay(at: now)
    return groups.reduce(0) { $0 + memory.dueIndex(of: $1).dueCount(onDay: today) }
  }

  /// How many cards would be due on the learner day of `now`, counted as
  /// ``dueToday(at:)`` counts them, with `parameters` installed and every
  /// due day computed again with them.
  public func dueTodayRescheduled(with parameters: FSRSParameters, at now: Date) throws -> Int {
    try dueTodayRescheduled(with: InstalledModel(fsrs6: parameters), at: now)
  }

  /// How many cards would be due on the learner day of `now`, counted as
  /// ``dueToday(at:)`` counts them, with `model` installed and every due
  /// day computed again with it.
  func dueTodayRescheduled(with model: InstalledModel, at now: Date) throws -> Int {
    guard let rescheduled = try progress.rescheduled(with: model) else { return 0 }
    let today = learnerDay(at: now)
    return groups.reduce(0) { sum, group in
      sum
        + DueIndex(
          cards: group.cards, memory: rescheduled.groups[group.title]?.questions ?? [:],
          controls: rescheduled.groups[group.title]?.controls ?? [:]
        ).dueCount(onDay: today)
    }
  }

  /// How many of the group's cards were never answered.
  public func newCount(of group: QuestionGroup) -> Int { dueIndex(of: group).newCount }

  /// The learner day the group's next card falls due on, if any was answered.
  public func nextDueDay(of group: QuestionGroup) -> Int? { dueIndex(of: group).dues.first }
}
