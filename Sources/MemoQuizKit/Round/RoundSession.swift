import FoundationEssentials

/// Plays a round with a person: asks, grades, saves, and tells the verdict.
///
/// An answer travels one way: terminal, round, matcher, score, caretaker,
/// disk, and only then the verdict on the terminal. Answers already waiting
/// in a pipe are graded together and saved with one durable write (a group
/// commit); their verdicts are printed after that write, never before.
public struct RoundSession {
  /// How to start: a new round, or the saved one when there is one.
  public struct Options: Sendable {
    /// The strategy for a new round; `nil` takes the standard one.
    public var strategy: (any QuestionStrategy)?
    /// The seed for a new random order; `nil` picks one and records it.
    public var seed: UInt64?
    /// Start a new round even when one is unfinished.
    public var restart: Bool
    /// The most questions never answered that a review round takes (`--new`);
    /// `nil` takes what is left of today's `new-per-day`, at most
    /// ``ReviewQuestionStrategy/defaultNewLimit`` in a group's round.
    public var newLimit: Int?
    /// Whether to ask on a terminal before resuming a round with answers;
    /// the menu asked already.
    public var asksToResume = true

    public init(
      strategy: (any QuestionStrategy)? = nil, seed: UInt64? = nil, restart: Bool = false, newLimit: Int? = nil
    ) {
      self.strategy = strategy
      self.seed = seed
      self.restart = restart
      self.newLimit = newLimit
    }
  }

  /// How long answers waiting in a pipe are graded before they are saved
  /// together, in milliseconds: a long pipe shows its verdicts as it goes,
  /// a group at a time, each held back no longer than this and its save.
  static let batchWindow: Int64 = 20
  /// The most answers saved by one group commit, however fast they are
  /// graded: bounds the output held back.
  static let batchLimit = 8192

  private let caretaker: QuestionGroupCaretaker
  private let terminal: any Terminal
  /// The day beyond the round: its cap on new questions and what comes
  /// next, supplied by whoever starts the round.
  private let outlook: any RoundOutlook
  /// Plays the questions' sounds, when the round has sound (a terminal,
  /// `config audio on`); `nil` plays nothing.
  public var sound: SoundPlayer?
  /// Opens a file in the learner's editor, at a line if given, and waits
  /// for it (`:edit`); `nil` when there is no editor to open.
  public var editor: (@Sendable (_ path: String, _ line: Int?) throws -> Void)?
  private let now: () -> Date

  /// A session of the groups `caretaker` keeps, played on `terminal`.
  /// - Parameter outlook: the day's cap on new questions and what comes
  ///   next after a round (``DayOutlook`` counts them from the day's plan).
  public init(
    caretaker: QuestionGroupCaretaker, terminal: any Terminal, outlook: any RoundOutlook,
    now: @escaping () -> Date = Date.init
  ) {
    self.caretaker = caretaker
    self.terminal = terminal
    self.outlook = outlook
    self.now = now
  }

  /// Plays group `groupIndex` until the round ends or the person stops.
  /// - Throws: ``PersistenceError/roundInUse(group:)`` when another process
  ///   plays the group; nothing is changed then.
  public mutating func play(groupIndex: Int, options: Options) throws {
    let group = caretaker.groups[groupIndex]
    try caretaker.folder.createLocal()
    let lock = try Self.lockRound(of: group.title, in: caretaker.folder)
    try withExtendedLifetime(lock) {
      try caretaker.loadMemory().refresh()
      guard let round = try policy.start(group: group, options: options) else { return }
      try loop(round)
    }
    try caretaker.progress.saveCheckpointIfDue()
  }

  /// Plays today's review of the groups `groupIndices` (all when empty),
  /// or resumes the review round left open, until it ends or the person
  /// stops. One review round is played at a time, and its groups cannot be
  /// played elsewhere meanwhile.
  /// - Throws: ``PersistenceError/roundInUse(group:)`` when another process
  ///   plays the review or one of its groups.
  public mutating func review(groupIndices: [Int], options: Options) throws {
    try caretaker.folder.createLocal()
    // The review round's own lock first, then its groups'.
    var locks = [try Self.lockRound(of: "", in: caretaker.folder, name: "today's review")]
    try caretaker.loadMemory().refresh()
    let indices = groupIndices.isEmpty ? caretaker.dayGroupIndices : groupIndices
    var titles = Set(try policy.groupsOfSavedReview())
    titles.formUnion(indices.map { caretaker.groups[$0].title })
    for title in titles.sorted() {
      locks.append(try Self.lockRound(of: title, in: caretaker.folder))
    }
    try withExtendedLifetime(locks) {
      try caretaker.loadMemory().refresh()
      guard let round = try policy.startReview(groups: indices, options: options) else { return }
      try loop(round)
    }
    try caretaker.progress.saveCheckpointIfDue()
  }

  /// Plays a cram round (`memoquiz cram`): the one left open, or a new one
  /// of the questions `selection` picks in the groups `groupIndices` (all
  /// when empty). Its answers are practice: they change no memory.
  /// - Throws: ``PersistenceError/roundInUse(group:)`` when another process
  ///   plays a cram round.
  public mutating func cram(groupIndices: [Int], selection: CramSelection, options: Options) throws {
    try caretaker.folder.createLocal()
    // A name no group's title can have: a cram round's own lock.
    let lock = try Self.lockRound(of: "\u{1E}cram", in: caretaker.folder, name: "a cram round")
    try withExtendedLifetime(lock) {
      try caretaker.loadMemory().refresh()
      guard let round = try policy.startCram(groups: groupIndices, selection: selection, options: options) else {
        return
      }
      try loop(round)
    }
    try caretaker.progress.saveCheckpointIfDue()
  }

  /// Takes a round's lock, which goes when the process is done with it.
  private static func lockRound(of title: String, in folder: DataFolder, name: String? = nil) throws -> FileLock {
    guard let lock = try FileLock.attempt(folder.roundLockFile(for: title), removingFile: true) else {
      throw PersistenceError.roundInUse(group: name ?? TextSanitizer.sanitized(title))
    }
    return lock
  }

  private var policy: RoundPolicy { RoundPolicy(caretaker: caretaker, terminal: terminal, outlook: outlook, now: now) }

  // MARK: - The loop

  private func loop(_ round: Round) throws {
    var loop = try RoundLoop(
      round: round, caretaker: caretaker, terminal: terminal, outlook: outlook, sound: sound, now: now)
    loop.editor = editor
    try loop.run()
  }
}
