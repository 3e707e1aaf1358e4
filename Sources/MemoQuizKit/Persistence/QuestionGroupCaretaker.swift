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

  /// Loads the groups and their progress, carrying over a `scores.json` from
  /// the first release on first run.
  /// - Parameter onWarning: told of anything the user should know that did
  ///   not stop the load, such as a damaged file moved aside.
  /// - Throws: ``QuestionFileError`` when `questions.json` is invalid or
  ///   unreadable; ``PersistenceError`` when progress cannot be read.
  public init(folder: DataFolder, onWarning: @escaping (String) -> Void = { _ in }) throws {
    self.folder = folder
    // The checkpoint is read on a second thread while the questions are parsed.
    let checkpoint = BackgroundWork { ProgressCaretaker.readCheckpoint(in: folder) }
    if let bytes = try DurableFile.read(folder.questionsFile) {
      groups = try Self.groups(from: bytes, file: folder.questionsFile)
      source = .file(folder.questionsFile)
    } else {
      groups = try Self.bundledGroups()
      source = .bundled
    }
    progress = try ProgressCaretaker(folder: folder, checkpoint: checkpoint.result(), onWarning: onWarning)
    // The questions follow the history: a change that arrived from another
    // machine, or whose file a crash kept from being written, is installed.
    if try progress.installQuestions() {
      if let bytes = try DurableFile.read(folder.questionsFile) {
        groups = try Self.groups(from: bytes, file: folder.questionsFile)
        source = .file(folder.questionsFile)
      } else {
        groups = try Self.bundledGroups()
        source = .bundled
      }
    }
    try progress.announceQuestionsConflicts()
    if DurableFile.exists(folder.scoresFile) {
      try ScoresFileV1.carryOver(into: progress, groups: groups, onWarning: onWarning)
    }
  }

  /// The bundled groups, decoded from the text compiled into the binary.
  public static func bundledGroups() throws -> [QuestionGroup] {
    try groups(from: Array(BundledQuestionGroupData.json.utf8), file: "bundled QuestionGroupData.json")
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
  public var scheduler: FSRSScheduler { progress.progress.scheduler }

  private func groupProgress(_ title: String) -> GroupProgress? { progress.progress.groups[title] }

  /// The group's score: answers since the last reset, plus the score the
  /// questions file or the first release carried when there was no reset.
  public func score(of group: QuestionGroup) -> Score {
    groupProgress(group.title)?.score(carried: group.score) ?? group.score
  }

  /// When the group was last answered.
  public func lastPlayed(_ title: String) -> Date? { groupProgress(title)?.lastPlayed?.date }

  /// The group's answers added up by quarter of an hour.
  func activity(of title: String) -> [Int64: Activity] { groupProgress(title)?.activity ?? [:] }

  /// What memoquiz remembers of a card, or `nil` for one never answered.
  public func memory(of card: Card, in group: QuestionGroup) -> QuestionMemory? {
    groupProgress(group.title)?.questions[card.identity]
  }

  /// The group's round that still has questions to ask, if there is one.
  ///
  /// A round is its machine's own: another machine's unfinished round is
  /// not resumed here (its answers count all the same).
  public func unfinishedRound(of title: String) -> RoundMemento? {
    guard let machine = progress.existingMachine else { return nil }
    return progress.progress.rounds.values
      .filter { $0.group == title && $0.id.machine == machine && !$0.isFinished }
      .max { $0.id.sequence < $1.id.sequence }
  }

  /// How many of the group's cards are due at `now`.
  public func dueCount(of group: QuestionGroup, at now: Date) -> Int {
    let time = Timestamp(now)
    guard let memory = groupProgress(group.title)?.questions else { return 0 }
    return group.cards.count { memory[$0.identity]?.state.map { $0.due <= time } ?? false }
  }

  /// How many of the group's cards were never answered.
  public func newCount(of group: QuestionGroup) -> Int {
    let memory = groupProgress(group.title)?.questions ?? [:]
    return group.cards.count { memory[$0.identity]?.state == nil }
  }

  /// When the group's next card falls due, if any was answered.
  public func nextDue(of group: QuestionGroup) -> Date? {
    guard let memory = groupProgress(group.title)?.questions else { return nil }
    return group.cards.compactMap { memory[$0.identity]?.state?.due }.min()?.date
  }
}
