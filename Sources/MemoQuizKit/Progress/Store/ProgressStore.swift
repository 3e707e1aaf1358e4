import FoundationEssentials

/// The folder's history as read so far: what every machine appended, read
/// after the checkpoint (or the outlook), and the ``Progress`` it adds up to.
///
/// The store reads what other processes and machines appended since the
/// last read (``refresh(_:)``), replays the whole history when that is not
/// exact (``rebuild()``), recovers this machine's damaged file and warns of
/// other machines' damaged files and of files left out, and appends records
/// durably under the folder's lock, numbered with this machine's next step
/// ids. It knows nothing of what a step means to the user: that is
/// ``ProgressCaretaker``'s.
final class ProgressStore {
  let folder: DataFolder
  let history: HistoryCaretaker
  /// The state after every record read or appended so far; without the
  /// memory of each card while ``outlook`` stands in for it.
  var state: Progress {
    settle()
    return folded
  }
  /// The state, once ``folding`` has ended.
  private var folded = Progress()
  /// A pipe's long group of answers, written and synced, being applied to
  /// the state on a second thread (``append(_:numberedFrom:)``) until the
  /// state is next needed.
  private var folding: BackgroundWork<Folding>?
  /// Set when the state came from the outlook (`local/outlook`): it holds
  /// the due times of each group's cards instead of their memory, until
  /// something needs the memory.
  private(set) var outlook: ProgressOutlook?
  /// The store's word that its state holds the memory of every card:
  /// only ``loadMemory()`` and a store loaded without the outlook give it.
  struct MemoryRead {
    fileprivate init() {}
  }

  /// What the state holds of each card: the outlook's due times, or the
  /// memory.
  enum Holding {
    case outlook(ProgressOutlook)
    case memory(MemoryRead)
  }

  /// What the state holds of each card now.
  var holding: Holding { outlook.map { .outlook($0) } ?? .memory(MemoryRead()) }

  /// How far each machine's file was read.
  private(set) var coverage: [MachineID: HistoryCaretaker.Coverage] = [:]
  /// The checkpoint and the outlook, and how far those on disk reach.
  var caches = ProgressCaches()
  private var cachedMachine: Machine?
  /// Called with each warning the moment it happens, such as a damaged file
  /// moved aside.
  var onWarning: (String) -> Void
  /// How warnings name what the user can do next.
  var wording: NextStepWording
  /// Whether this store holds the folder's lock now.
  private var holdsLock = false
  /// The entries of `history/` left out that were warned of.
  private var warnedLeftOut: Set<String> = []
  /// Other machines' files warned of as damaged, with the count said: a
  /// replay reads the same damage again, and says nothing new.
  private var warnedDamaged: [MachineID: Int] = [:]

  /// Loads the progress: the checkpoint, then the history after it.
  /// - Throws: ``PersistenceError`` when a file cannot be read or is from a
  ///   newer memoquiz.
  init(
    folder: DataFolder, checkpoint: ProgressCaches.CheckpointRead, wording: NextStepWording,
    onWarning: @escaping (String) -> Void
  ) throws {
    self.folder = folder
    history = HistoryCaretaker(folder: folder)
    self.onWarning = onWarning
    self.wording = wording
    caches.outlookWritten = ProgressOutlook.start(in: folder)
    if DurableFile.exists(folder.legacyHistoryFile) {
      try locked { try HistoryCarryOver(folder: folder, machine: try machine()).run() }
    } else {
      use(checkpoint)
    }
    try refresh(MemoryRead())
  }

  /// Loads the progress from an outlook that reaches as far as every
  /// history file (``ProgressCaches/readOutlookOrCheckpoint(in:)`` checked
  /// it), for the questions with `key`; the memory of each card is read
  /// when first needed.
  /// - Parameter leftOut: the entries of `history/` left out, as the
  ///   reading that checked the outlook found them: warned of here, as
  ///   every reading of the history warns of them.
  /// - Returns: `nil` when the outlook is for other questions.
  init?(
    folder: DataFolder, outlook: ProgressCheckpoint, key: UInt64?, leftOut: [String] = [],
    wording: NextStepWording, onWarning: @escaping (String) -> Void
  ) {
    guard let summary = outlook.outlook, summary.key == key, !DurableFile.exists(folder.legacyHistoryFile) else {
      return nil
    }
    self.folder = folder
    history = HistoryCaretaker(folder: folder)
    self.onWarning = onWarning
    self.wording = wording
    folded = outlook.progress
    coverage = outlook.coverage
    self.outlook = summary
    caches.outlookWritten = (outlook.coverage, summary.key)
    warnLeftOut(leftOut)
  }

  /// Reads the memory of every card, in place of the outlook: the
  /// checkpoint, then the history after it. Nothing to do when the state
  /// has it already.
  /// - Returns: the word that the state holds the memory, which
  ///   ``refresh(_:)`` asks for.
  /// - Throws: ``PersistenceError`` when the history cannot be read; the
  ///   state is left as it was (a damaged checkpoint is moved aside and the
  ///   history replayed instead, with a warning).
  func loadMemory() throws -> MemoryRead {
    guard outlook != nil else { return MemoryRead() }
    let before = (outlook, state, coverage, caches)
    outlook = nil
    folded = Progress()
    coverage = [:]
    caches.checkpointBytes = 0
    use(ProgressCaches.readCheckpoint(in: folder))
    do {
      try refresh(MemoryRead())
    } catch {
      (outlook, folded, coverage, caches) = before
      throw error
    }
    return MemoryRead()
  }

  /// This folder's machine, made on first need.
  func machine() throws(PersistenceError) -> Machine {
    if let cachedMachine { return cachedMachine }
    let machine = try Machine.of(folder, warn: onWarning)
    cachedMachine = machine
    return machine
  }

  /// Forgets the machine read, after it was replaced (``MachineSplit``).
  func forgetMachine() {
    cachedMachine = nil
    coverage = [:]
    folded = Progress()
    caches.checkpointBytes = 0
  }

  /// This folder's machine identity if it has one yet, without making one.
  var existingMachine: MachineID? {
    if let cachedMachine { return cachedMachine.id }
    guard DurableFile.exists(folder.machineFile), let machine = try? machine() else { return nil }
    return machine.id
  }

  private func use(_ checkpoint: ProgressCaches.CheckpointRead) {
    switch checkpoint {
    case .missing:
      return
    case .loaded(let checkpoint, let size):
      folded = checkpoint.progress
      coverage = checkpoint.coverage
      caches.checkpointBytes = coverage.values.reduce(0) { $0 + $1.end }
      caches.checkpointSize = size
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

  /// Reads what every machine appended since the last read and applies it
  /// to the memory of every card, which ``loadMemory()`` read: records
  /// cannot be applied to the outlook.
  func refresh(_ memory: MemoryRead) throws {
    settle()
    if MachineSplit.isPending(in: folder) {
      try locked { try MachineSplit.completeIfPending(in: folder) }
      forgetMachine()
    }
    try readNew()
    if try ownFileWentBack() { try rebuild() }
  }

  private func readNew() throws {
    guard let reading = try history.readNew(since: coverage) else {
      try rebuild()
      return
    }
    warnLeftOut(reading.leftOut)
    if try handleDamage(reading.damaged) {
      try rebuild()
      return
    }
    for record in reading.records where !folded.apply(record) {
      // Not exact on top of the state: replay the whole history.
      try rebuild()
      return
    }
    coverage = reading.coverage
  }

  /// Whether this machine's own file holds less than ``OwnLogMark`` says it
  /// reached (restored from a backup or a snapshot): then, before anything
  /// is appended, it is restored from the longer copy when one is known
  /// (the sync clone's); when none is, this folder becomes a new machine, so
  /// that no step id is used twice, and the file, now another machine's,
  /// takes in the longer copy when it arrives.
  /// - Returns: whether files changed, so that the history must be read again.
  private func ownFileWentBack() throws -> Bool {
    guard let me = existingMachine, let mark = OwnLogMark.read(in: folder), mark.machine == me else { return false }
    let file = history.file(of: me)
    if let covered = coverage[me], covered.end == mark.end, covered.tail == mark.tail { return false }
    guard !mark.isHeld(by: file, history: history) else { return false }
    return try locked {
      // Decided under the lock, on the file itself: another process may
      // have appended since this one read.
      guard OwnLogMark.read(in: folder) == mark, !mark.isHeld(by: file, history: history) else { return false }
      let found = OwnLogMark.wholeLines(of: file.path)
      let copy = folder.syncCloneFolder + "/history/" + me.hex + ".log"
      let restored = try HistoryIntake(folder: folder, me: me).takeInOwn(from: copy)
      if case .restored = restored, mark.isHeld(by: file, history: history) {
        onWarning(
          "\(file.path) went back: it held \(found) bytes where this machine had written \(mark.end) (restored "
            + "from a backup or a snapshot?); it was restored from the copy that sync keeps, and nothing was lost")
        return true
      }
      let old = me
      let machine = try Machine.replaced(in: folder)
      cachedMachine = machine
      onWarning(
        "\(file.path) went back: it holds \(OwnLogMark.wholeLines(of: file.path)) bytes where this machine had "
          + "written \(mark.end) (restored from a backup or a snapshot?), and no longer copy of it is known here; "
          + "so that no step id is used twice, this folder is now a new machine, \(machine.id.hex), and the steps "
          + "\(old.hex) wrote come back when a copy that holds them arrives (\(wording.text(.sync)))")
      return true
    }
  }

  /// Replays the whole history.
  private func rebuild() throws {
    var reading = try history.readAll()
    warnLeftOut(reading.leftOut)
    if try handleDamage(reading.damaged) { reading = try history.readAll() }
    folded = Progress.replaying(reading.records)
    coverage = reading.coverage
    caches.checkpointBytes = 0
  }

  /// Warns, once per command, of each entry of `history/` named like a
  /// machine's file that is not read: every reading of the history (a
  /// replay, a refresh, the check of the outlook) comes here.
  private func warnLeftOut(_ names: [String]) {
    for name in names where warnedLeftOut.insert(name).inserted {
      onWarning(
        HistoryEntry.leftOutWarning(folder.historyFolder + "/" + name, name: name, in: folder.historyFolder))
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
      } else if warnedDamaged.updateValue(lines, forKey: machine) != lines {
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
      // What was kept is what this machine wrote, from now on.
      try OwnLogMark.of(file, history: history).write(in: folder)
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

  /// The identities the next records of this machine take. Called under the
  /// folder's lock, after ``refresh(_:)``.
  func nextIDs() throws -> NewIDs {
    let me = try machine()
    let known = coverage[me.id]
    let file = history.file(of: me.id)
    // The next number follows the file's own last record as well as what
    // was read: a damaged checkpoint can never make a number repeat.
    let last = max(known?.lastSequence ?? 0, known.flatMap { file.lastSequence(before: $0.end) } ?? 0)
    return NewIDs(machine: me.id, first: last + 1, newest: state.newest?.time)
  }

  /// Appends `records`, numbered from `ids`, durably to this machine's file
  /// and applies them to the state. Called under the folder's lock, after
  /// ``nextIDs()``.
  func append(_ records: [HistoryRecord], numberedFrom ids: NewIDs) throws {
    let me = try machine()
    let known = coverage[me.id]
    let file = history.file(of: me.id)
    let newLast = ids.first + records.count - 1
    // Never write a number the reader would refuse.
    guard newLast <= StepID.maximumSequence else { throw HistoryError.full(path: file.path) }
    try folder.createHistory()
    settle()
    if records.count >= Self.recordsFoldedAside {
      // Applied on a second thread while they are written and synced here,
      // and while the next answers are graded; the state is taken out of
      // the store meanwhile, so that it is changed in place, not copied.
      let state = Folding(folded)
      folded = Progress()
      folding = BackgroundWork {
        state.isExact = records.allSatisfy { state.progress.apply($0) }
        return state
      }
    }
    let end: Int
    do {
      end = try file.append(records, after: known?.end ?? 0, name: me.name)
    } catch {
      // The records may not be on disk: the next refresh reads the whole
      // history again.
      settle()
      folded = Progress()
      coverage = [:]
      throw error
    }
    let tail = history.tailHash(of: file.path, before: end)
    coverage[me.id] = HistoryCaretaker.Coverage(end: end, lastSequence: newLast, tail: tail)
    // Remembered once the records are on disk: never further than the file.
    try OwnLogMark(machine: me.id, end: end, tail: tail).write(in: folder)
    if folding == nil, !records.allSatisfy({ folded.apply($0) }) { try rebuild() }
  }

  /// The fewest records appended at once that are applied on a second
  /// thread: fewer cost less than starting it.
  static let recordsFoldedAside = 64

  /// The state while records are applied to it on a second thread, which
  /// alone holds it until ``settle()`` takes it back.
  private final class Folding: @unchecked Sendable {
    var progress: Progress
    /// Whether every record applied exactly on top of the state before.
    var isExact = true

    init(_ progress: Progress) {
      self.progress = progress
    }
  }

  /// Takes the state back from the thread applying records to it, once it
  /// is done; when they did not apply exactly, the whole history is
  /// replayed, or at the next refresh if it cannot be read now.
  private func settle() {
    guard let folding else { return }
    self.folding = nil
    let state = folding.result()
    folded = state.progress
    state.progress = Progress()
    guard !state.isExact else { return }
    do {
      try rebuild()
    } catch {
      folded = Progress()
      coverage = [:]
    }
  }

  /// Writes the caches that are due (``ProgressCaches/encoding(_:coverage:)``);
  /// nothing while the outlook stands in for the memory.
  /// - Parameter work: what the caller does meanwhile: the caches of the
  ///   state before it are encoded on a second thread while it runs.
  func saveCachesIfDue(while work: () throws -> Void = {}) throws {
    guard outlook == nil else { return try work() }
    let encoding = caches.encoding(state, coverage: coverage)
    do {
      try work()
    } catch {
      encoding.abandon()
      throw error
    }
    try caches.save(encoding, in: folder) { body in try locked(body) }
  }

  /// Runs `body` holding the folder's lock, taking it unless this store
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
