import FoundationEssentials

/// Keeps the learner's progress: appends every step to this machine's
/// history file and keeps the ``Progress`` that the history of every machine
/// adds up to, with a checkpoint so that start-up reads only what came after it.
///
/// Every change runs inside ``perform(_:)``: it takes the data folder's lock
/// once, reads what other processes and machines appended since, builds the
/// new records from the fresh state, and appends them durably. Saving an
/// answer appends one line and never rewrites a file that grows with the
/// history or the number of questions.
public final class ProgressCaretaker {
  /// Write a new checkpoint once the history has grown this much past it,
  /// or an eighth of the checkpoint's own size if that is more.
  static let checkpointInterval = 32 * 1024

  let folder: DataFolder
  let history: HistoryCaretaker
  /// The state after every record read so far; without the memory of each
  /// card while ``outlook`` stands in for it.
  private var state = Progress()
  /// Set when the state came from the outlook (`local/outlook`): it holds
  /// the due times of each group's cards instead of their memory, until
  /// something needs the memory.
  private(set) var outlook: ProgressOutlook?
  /// How far each machine's file was read.
  private(set) var coverage: [MachineID: HistoryCaretaker.Coverage] = [:]
  /// The version of the questions in use (``questionsKey(of:)``) and their
  /// groups, to write the outlook of; `nil` when it cannot be told cheaply.
  var questionsInUse: (key: UInt64, groups: [QuestionGroup])?
  /// How far the outlook on disk reaches, and for which questions.
  private var outlookWritten: (coverage: [MachineID: HistoryCaretaker.Coverage], key: UInt64)?
  /// How far the checkpoint on disk reaches, in bytes of all files.
  private var checkpointBytes = 0
  /// The size of the checkpoint on disk.
  private var checkpointSize = 0
  private var cachedMachine: Machine?
  /// Called with each warning the moment it happens, such as a damaged file
  /// moved aside.
  public var onWarning: (String) -> Void
  /// Whether this caretaker holds the folder's lock now.
  private var holdsLock = false
  /// The entries of `history/` left out that were warned of.
  private var warnedLeftOut: Set<String> = []

  /// The state after every record read so far, with the memory of every
  /// card: read from the checkpoint on first need when the outlook stood in.
  var progress: Progress {
    if outlook != nil { loadMemory() }
    return state
  }

  /// The state without the memory of each card, which the outlook gives:
  /// scores, rounds, settings, answer times and the newest activity.
  var progressWithoutMemory: Progress { state }

  /// What reading the checkpoint found; it is read on a thread of its own.
  enum CheckpointRead: Sendable {
    case missing
    case loaded(ProgressCheckpoint, size: Int)
    case damaged
  }

  /// Reads and parses the checkpoint, touching nothing else: safe to run
  /// on another thread.
  static func readCheckpoint(in folder: DataFolder) -> CheckpointRead {
    guard let bytes = try? DurableFile.read(folder.checkpointFile) else { return .missing }
    do {
      return .loaded(try ProgressCheckpoint(bytes: bytes), size: bytes.count)
    } catch is ProgressCheckpoint.Older {
      return .missing
    } catch {
      return .damaged
    }
  }

  /// What a command that needs no card's memory reads: the outlook when it
  /// reaches as far as every history file, else the checkpoint. Touches
  /// nothing: safe to run on another thread.
  static func readOutlookOrCheckpoint(in folder: DataFolder) -> (
    outlook: ProgressCheckpoint?, checkpoint: CheckpointRead?
  ) {
    if let bytes = try? DurableFile.read(folder.outlookFile),
      let outlook = try? ProgressCheckpoint(bytes: bytes, outlook: true),
      let reading = try? HistoryCaretaker(folder: folder).readNew(since: outlook.coverage),
      reading.records.isEmpty, reading.damaged.isEmpty, reading.coverage == outlook.coverage
    {
      return (outlook, nil)
    }
    return (nil, readCheckpoint(in: folder))
  }

  /// Loads the progress: the checkpoint, then the history after it.
  /// - Throws: ``PersistenceError`` when a file cannot be read or is from a
  ///   newer memoquiz.
  public convenience init(folder: DataFolder, onWarning: @escaping (String) -> Void = { _ in }) throws {
    try self.init(folder: folder, checkpoint: Self.readCheckpoint(in: folder), onWarning: onWarning)
  }

  init(folder: DataFolder, checkpoint: CheckpointRead, onWarning: @escaping (String) -> Void) throws {
    self.folder = folder
    history = HistoryCaretaker(folder: folder)
    self.onWarning = onWarning
    outlookWritten = ProgressOutlook.start(in: folder)
    if DurableFile.exists(folder.legacyHistoryFile) {
      try locked { try HistoryCarryOver(folder: folder, machine: try machine()).run() }
    } else {
      use(checkpoint)
    }
    try refresh()
  }

  /// Loads the progress from an outlook that reaches as far as every
  /// history file (``readOutlookOrCheckpoint(in:)`` checked it), for the
  /// questions with `key`; the memory of each card is read when first needed.
  /// - Returns: `nil` when the outlook is for other questions.
  init?(folder: DataFolder, outlook: ProgressCheckpoint, key: UInt64?, onWarning: @escaping (String) -> Void) {
    guard let summary = outlook.outlook, summary.key == key, !DurableFile.exists(folder.legacyHistoryFile) else {
      return nil
    }
    self.folder = folder
    history = HistoryCaretaker(folder: folder)
    self.onWarning = onWarning
    state = outlook.progress
    coverage = outlook.coverage
    self.outlook = summary
    outlookWritten = (outlook.coverage, summary.key)
  }

  /// Reads the memory of every card: the checkpoint, then the history after
  /// it, in place of the outlook. A file that cannot be read now leaves the
  /// state as it is; the next change, which reads the files under the lock,
  /// reports it.
  private func loadMemory() {
    guard outlook != nil else { return }
    outlook = nil
    state = Progress()
    coverage = [:]
    checkpointBytes = 0
    use(Self.readCheckpoint(in: folder))
    do {
      try refresh()
    } catch {
      onWarning("the history could not be read (\(error))")
    }
  }

  /// This folder's machine, made on first need.
  func machine() throws(PersistenceError) -> Machine {
    if let cachedMachine { return cachedMachine }
    let machine = try Machine.of(folder)
    cachedMachine = machine
    return machine
  }

  /// This folder's machine identity if it has one yet, without making one.
  var existingMachine: MachineID? {
    if let cachedMachine { return cachedMachine.id }
    guard DurableFile.exists(folder.machineFile), let machine = try? machine() else { return nil }
    return machine.id
  }

  private func use(_ checkpoint: CheckpointRead) {
    switch checkpoint {
    case .missing:
      return
    case .loaded(let checkpoint, let size):
      state = checkpoint.progress
      coverage = checkpoint.coverage
      checkpointBytes = coverage.values.reduce(0) { $0 + $1.end }
      checkpointSize = size
    case .damaged:
      // Derived data: the history rebuilds it. Kept aside all the same.
      let aside = DurableFile.asideName(for: folder.checkpointFile, label: "damaged", now: Timestamp(Date()))
      if (try? locked({ try DurableFile.move(folder.checkpointFile, to: aside) })) != nil {
        onWarning(
          "\(folder.checkpointFile) could not be read; it was kept as \(aside), and progress is rebuilt from the history"
        )
      }
    }
  }

  /// Reads what every machine appended since the last read and applies it.
  func refresh() throws {
    if outlook != nil { loadMemory() }
    guard let reading = try history.readNew(since: coverage) else {
      try rebuild()
      return
    }
    warnLeftOut(reading.leftOut)
    if try handleDamage(reading.damaged) {
      try rebuild()
      return
    }
    for record in reading.records where !state.apply(record) {
      // Not exact on top of the state: replay the whole history.
      try rebuild()
      return
    }
    coverage = reading.coverage
  }

  /// Replays the whole history.
  private func rebuild() throws {
    var reading = try history.readAll()
    warnLeftOut(reading.leftOut)
    if try handleDamage(reading.damaged) { reading = try history.readAll() }
    state = Progress.replaying(reading.records)
    coverage = reading.coverage
    checkpointBytes = 0
  }

  /// Warns, once per command, of each entry of `history/` named like a
  /// machine's file that is not read.
  private func warnLeftOut(_ names: [String]) {
    for name in names where warnedLeftOut.insert(name).inserted {
      onWarning(
        "\(folder.historyFolder)/\(name) is not a machine's history file (a regular file named by a machine id "
          + "in lower case); it is left out")
    }
  }

  /// Recovers this machine's damaged file, and warns of another machine's.
  /// - Returns: whether a file was rewritten, so that it must be read again.
  private func handleDamage(_ damaged: [MachineID: Int]) throws -> Bool {
    var rewritten = false
    for (machine, lines) in damaged {
      let path = history.file(of: machine).path
      let records = lines == 1 ? "record" : "records"
      if machine == existingMachine {
        try recover()
        rewritten = true
      } else {
        onWarning(
          "\(path) has \(lines) damaged \(records) (written by another machine); they are left out, and every other record is kept"
        )
      }
    }
    return rewritten
  }

  /// Moves this machine's damaged file aside and keeps every record still readable.
  private func recover() throws {
    try locked {
      let me = try machine()
      let file = history.file(of: me.id)
      let contents = try file.read()
      guard contents.damagedLines > 0 else { return }
      try folder.createLocal()
      let aside = try file.recover(
        keeping: contents.records, name: me.name, asideFolder: folder.localFolder, now: Timestamp(Date()))
      let lines = contents.damagedLines
      let kept = contents.records.count
      let readable =
        kept == 0
        ? "nothing in it could be read, so the history starts again"
        : "the \(kept) readable \(kept == 1 ? "record was" : "records were") kept"
      onWarning(
        "\(file.path) had \(lines) damaged \(lines == 1 ? "record" : "records"); it was kept as \(aside), "
          + "and \(readable)")
    }
  }

  /// The identities the records of one change take: this machine's next numbers.
  struct NewIDs {
    let machine: MachineID
    let first: Int
    /// The time of the newest record known, of any machine.
    let newest: Timestamp?

    subscript(offset: Int) -> StepID { StepID(machine: machine, sequence: first + offset) }

    /// The time for a record that must come after everything known, such as
    /// an undo, a redo or a change of the questions: `now`, or just after
    /// the newest record when another machine's clock is ahead, so that the
    /// merged history orders it after what it saw.
    func after(_ now: Timestamp) -> Timestamp {
      guard let newest, newest >= now, newest.rawValue < Timestamp.readableRange.upperBound else { return now }
      return Timestamp(rawValue: newest.rawValue + 1)
    }
  }

  /// Changes the progress: under the folder's lock, brings the state up to
  /// date, asks `change` for the records to append (numbered with the
  /// identities it is given), and appends them durably before returning.
  /// - Returns: what `change` returned.
  @discardableResult
  func perform<Result>(_ change: (Progress, NewIDs) throws -> (records: [HistoryRecord], result: Result)) throws
    -> Result
  {
    try locked {
      try refresh()
      let me = try machine()
      let known = coverage[me.id]
      let file = history.file(of: me.id)
      // The next number follows the file's own last record as well as what
      // was read: a damaged checkpoint can never make a number repeat.
      let last = max(known?.lastSequence ?? 0, known.flatMap { file.lastSequence(before: $0.end) } ?? 0)
      let ids = NewIDs(machine: me.id, first: last + 1, newest: progress.newest?.time)
      var (records, result) = try change(progress, ids)
      guard !records.isEmpty else { return result }
      // Each answer's learner day is fixed now, by this machine's local time
      // and the `day-starts-at` in effect.
      let hour = Settings(state.settings).dayStartsAt
      for (index, record) in records.enumerated() {
        guard case .answer(var answer) = record, answer.day == nil else { continue }
        answer.day = LearnersDay.number(containing: answer.time, startingAt: hour)
        records[index] = .answer(answer)
      }
      let newLast = ids.first + records.count - 1
      // Never write a number the reader would refuse.
      guard newLast <= StepID.maximumSequence else { throw HistoryError.full(path: file.path) }
      try folder.createHistory()
      let end = try file.append(records, after: known?.end ?? 0, name: me.name)
      coverage[me.id] = HistoryCaretaker.Coverage(
        end: end, lastSequence: newLast, tail: history.tailHash(of: file.path, before: end))
      for record in records where !state.apply(record) {
        try rebuild()
        break
      }
      return result
    }
  }

  /// Writes a new checkpoint when the history has grown enough past the old
  /// one (or was replayed). Commands call this when their work is done and
  /// shown, off the answer path and off start-up.
  ///
  /// The checkpoint is derived data: it is replaced atomically but not
  /// synced, since a checkpoint lost or damaged by a power cut is rebuilt
  /// from the history.
  ///
  /// The outlook is written whenever it no longer reaches as far as the
  /// history or was made for other questions: it is small, and it is what
  /// the next `groups`, `today` or start screen reads.
  public func saveCheckpointIfDue() throws {
    guard outlook == nil else { return }
    let bytes = coverage.values.reduce(0) { $0 + $1.end }
    if bytes - checkpointBytes >= max(Self.checkpointInterval, checkpointSize / 8) {
      let encoded = ProgressCheckpoint(progress: state, coverage: coverage).encoded()
      try locked {
        try folder.createLocal()
        try DurableFile.replace(folder.checkpointFile, with: encoded, durably: false)
      }
      checkpointBytes = bytes
      checkpointSize = encoded.count
    }
    // With no history there is nothing to spare reading, and nothing is written.
    guard bytes > 0, let questionsInUse,
      outlookWritten.map({ $0.coverage != coverage || $0.key != questionsInUse.key }) ?? true
    else { return }
    let summary = ProgressOutlook(key: questionsInUse.key, groups: questionsInUse.groups, progress: state)
    let encoded = ProgressCheckpoint(progress: state, coverage: coverage, outlook: summary).encoded()
    try locked {
      try folder.createLocal()
      try DurableFile.replace(folder.outlookFile, with: encoded, durably: false)
    }
    outlookWritten = (coverage, questionsInUse.key)
  }

  /// Runs `body` holding the folder's lock, taking it unless this caretaker
  /// holds it already (the lock is not reentrant: a damaged history found
  /// in the middle of a change is recovered under the same lock).
  func locked<Result>(_ body: () throws -> Result) throws -> Result {
    if holdsLock { return try body() }
    return try folder.withLock {
      holdsLock = true
      defer { holdsLock = false }
      return try body()
    }
  }

  /// Every record of the history, in merged order, as `history` and `undo` need.
  func allRecords() throws -> [HistoryRecord] {
    try history.readAll().records
  }
}
