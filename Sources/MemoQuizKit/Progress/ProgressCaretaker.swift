import FoundationEssentials

/// Keeps the learner's progress: appends every step to the history and
/// keeps the ``Progress`` it adds up to, with a checkpoint so that start-up
/// reads only what came after it.
///
/// Every change runs inside ``perform(_:)``: it takes the data folder's lock
/// once, reads what other processes appended since, builds the new records
/// from the fresh state, and appends them durably. Saving an answer appends
/// one line and never rewrites a file that grows with the history or the
/// number of questions.
public final class ProgressCaretaker {
  /// Write a new checkpoint once the history has grown this much past it,
  /// or an eighth of the checkpoint's own size if that is more: reading the
  /// tail then costs little beside reading the checkpoint, and writing
  /// checkpoints costs a bounded share of appending.
  static let checkpointInterval = 32 * 1024

  let folder: DataFolder
  private let history: HistoryCaretaker
  /// The state after every record up to ``end``.
  private(set) var progress = Progress()
  private var token: String?
  private var end = 0
  /// Where the checkpoint on disk stands in the history.
  private var checkpointEnd = 0
  /// The size of the checkpoint on disk.
  private var checkpointSize = 0
  /// Called with each warning the moment it happens, such as a damaged file
  /// moved aside.
  public var onWarning: (String) -> Void
  /// Whether this caretaker holds the folder's lock now.
  private var holdsLock = false

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

  /// Loads the progress: the checkpoint, then the history after it.
  /// - Parameter checkpoint: the checkpoint, when the caller read it already.
  /// - Throws: ``PersistenceError`` when a file cannot be read or is from a
  ///   newer memoquiz.
  public convenience init(folder: DataFolder, onWarning: @escaping (String) -> Void = { _ in }) throws {
    try self.init(folder: folder, checkpoint: Self.readCheckpoint(in: folder), onWarning: onWarning)
  }

  init(folder: DataFolder, checkpoint: CheckpointRead, onWarning: @escaping (String) -> Void) throws {
    self.folder = folder
    history = HistoryCaretaker(path: folder.historyFile)
    self.onWarning = onWarning
    use(checkpoint)
    try refresh()
  }

  private func use(_ checkpoint: CheckpointRead) {
    switch checkpoint {
    case .missing:
      return
    case .loaded(let checkpoint, let size):
      progress = checkpoint.progress
      token = checkpoint.historyToken
      end = checkpoint.historyEnd
      checkpointEnd = end
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

  /// Reads what was appended since the last read and applies it.
  func refresh() throws {
    let contents = try history.read(after: end, token: token)
    if contents.damagedLines > 0 {
      try recover()
      return
    }
    if contents.isComplete {
      rebuild(from: contents)
      return
    }
    for record in contents.records where !progress.apply(record) {
      // Not exact on top of the state: replay the whole history.
      try rebuild()
      return
    }
    end = contents.end
  }

  private func rebuild() throws {
    let contents = try history.read(after: 0, token: nil)
    if contents.damagedLines > 0 {
      try recover()
    } else {
      rebuild(from: contents)
    }
  }

  private func rebuild(from contents: HistoryCaretaker.Contents) {
    progress = Progress.replaying(contents.records)
    token = contents.token
    end = contents.end
    checkpointEnd = 0
  }

  /// Moves a damaged history aside and keeps every record still readable.
  private func recover() throws {
    try locked {
      let contents = try history.read(after: 0, token: nil)
      guard contents.damagedLines > 0 else {
        rebuild(from: contents)
        return
      }
      let aside = try history.recover(keeping: contents.records, now: Timestamp(Date()))
      let lines = contents.damagedLines
      onWarning(
        "\(folder.historyFile) had \(lines) damaged \(lines == 1 ? "record" : "records"); it was kept as \(aside), "
          + "and the \(contents.records.count) readable records were kept")
      rebuild(from: try history.read(after: 0, token: nil))
    }
  }

  /// Changes the progress: under the folder's lock, brings the state up to
  /// date, asks `change` for the records to append, and appends them
  /// durably before returning.
  /// - Returns: what `change` returned.
  @discardableResult
  func perform<Result>(_ change: (Progress) throws -> (records: [HistoryRecord], result: Result)) throws -> Result {
    try locked {
      try refresh()
      let (records, result) = try change(progress)
      guard !records.isEmpty else { return result }
      let appended = try history.append(records, after: end, token: token)
      token = appended.token
      end = appended.end
      for record in records where !progress.apply(record) {
        try rebuild()
        break
      }
      return result
    }
  }

  /// Writes a new checkpoint when the history has grown enough past the old
  /// one (or was replayed). Commands call this when their work is done and
  /// shown, off the answer path and off start-up.
  public func saveCheckpointIfDue() throws {
    guard end - checkpointEnd >= max(Self.checkpointInterval, checkpointSize / 8), let token else { return }
    let bytes = ProgressCheckpoint(progress: progress, historyToken: token, historyEnd: end).encoded()
    try locked { try DurableFile.replace(folder.checkpointFile, with: bytes) }
    checkpointEnd = end
    checkpointSize = bytes.count
  }

  /// Runs `body` holding the folder's lock, taking it unless this caretaker
  /// holds it already (the lock is not reentrant: a damaged history found
  /// in the middle of a change is recovered under the same lock).
  private func locked<Result>(_ body: () throws -> Result) throws -> Result {
    if holdsLock { return try body() }
    return try folder.withLock {
      holdsLock = true
      defer { holdsLock = false }
      return try body()
    }
  }

  /// Every record of the history, oldest first, as `history` and `undo` need.
  func allRecords() throws -> [HistoryRecord] {
    try history.read(after: 0, token: nil).records
  }
}
