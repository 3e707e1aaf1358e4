import FoundationEssentials

/// The two caches of the progress, both derived from the history and both
/// under `local/`: the checkpoint (``ProgressCheckpoint``, the whole state,
/// so that start-up reads only the history after it) and the outlook (the
/// due days of each group's cards, for the commands that need no card's
/// memory). Reading them, and writing them again when they fall behind.
struct ProgressCaches {
  /// Write a new checkpoint once the history has grown this much past it,
  /// or an eighth of the checkpoint's own size if that is more.
  static let checkpointInterval = 32 * 1024

  /// The version of the questions in use (``questionsKey(of:)``) and their
  /// groups, to write the outlook of; `nil` when it cannot be told cheaply.
  var questionsInUse: (key: UInt64, groups: [QuestionGroup])?
  /// How far the outlook on disk reaches, and for which questions.
  var outlookWritten: (coverage: [MachineID: HistoryCaretaker.Coverage], key: UInt64)?
  /// How far the checkpoint on disk reaches, in bytes of all files.
  var checkpointBytes = 0
  /// The size of the checkpoint on disk.
  var checkpointSize = 0

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
  /// reaches as far as every history file, else the checkpoint, with the
  /// entries of `history/` left out when the outlook is used (the store
  /// warns of them, as a reading of the history does). Touches nothing:
  /// safe to run on another thread.
  static func readOutlookOrCheckpoint(in folder: DataFolder) -> (
    outlook: ProgressCheckpoint?, checkpoint: CheckpointRead?, leftOut: [String]
  ) {
    // The history's files are looked at on a thread of their own while the
    // outlook is read: one call per file, thousands of them in a shared folder.
    let history = HistoryCaretaker(folder: folder)
    let files = BackgroundWork { Result { () throws(PersistenceError) in try history.files() } }
    if let key = OutlookKey.read(in: folder), let bytes = try? DurableFile.read(folder.outlookFile),
      let outlook = try? ProgressCheckpoint(bytes: bytes, outlook: true, key: key),
      let reading = try? history.readNew(since: outlook.coverage, files: files.result().get()),
      reading.records.isEmpty, reading.damaged.isEmpty,
      HistoryCaretaker.Coverage.sameBytes(reading.coverage, outlook.coverage)
    {
      return (outlook, nil, reading.leftOut)
    }
    _ = files.result()
    return (nil, readCheckpoint(in: folder), [])
  }

  /// The caches that are due, being encoded: the checkpoint on a second
  /// thread, so that the caller can do its own work meanwhile.
  struct Encoding {
    fileprivate var bytes: Int
    fileprivate var checkpoint: BackgroundWork<[UInt8]>?
    fileprivate var outlook: OutlookSource?

    /// What the outlook is made of, when it is due.
    fileprivate struct OutlookSource {
      var state: Progress
      var coverage: [MachineID: HistoryCaretaker.Coverage]
      var key: UInt64
      var groups: [QuestionGroup]
    }

    /// Waits for the encoding to end, when nothing is to be written.
    func abandon() { _ = checkpoint?.result() }
  }

  /// Starts encoding the caches that are due for `state`, which
  /// ``save(_:in:locked:)`` writes: a new checkpoint when the history has
  /// grown enough past the old one (or was replayed), and the outlook
  /// whenever it no longer reaches as far as the history or was made for
  /// other questions: it is small, and it is what the next `groups`,
  /// `today` or start screen reads.
  ///
  /// Both are derived data: replaced atomically but not synced, since a
  /// cache lost or damaged by a power cut is rebuilt from the history.
  /// - Parameter state: the state after every record of `coverage`, with
  ///   every card's memory.
  func encoding(_ state: Progress, coverage: [MachineID: HistoryCaretaker.Coverage]) -> Encoding {
    let bytes = coverage.values.reduce(0) { $0 + $1.end }
    var encoding = Encoding(bytes: bytes)
    if bytes - checkpointBytes >= max(Self.checkpointInterval, checkpointSize / 8) {
      encoding.checkpoint = BackgroundWork { ProgressCheckpoint(progress: state, coverage: coverage).encoded() }
    }
    // With no history there is nothing to spare reading, and nothing is written.
    if bytes > 0, let questionsInUse,
      outlookWritten.map({ $0.coverage != coverage || $0.key != questionsInUse.key }) ?? true
    {
      encoding.outlook = Encoding.OutlookSource(
        state: state, coverage: coverage, key: questionsInUse.key, groups: questionsInUse.groups)
    }
    return encoding
  }

  /// Writes what `encoding` encodes: the checkpoint once its thread is
  /// done, then the outlook, encoded only when the checkpoint's bytes are
  /// gone, so that the two are never held at once.
  mutating func save(_ encoding: Encoding, in folder: DataFolder, locked: (() throws -> Void) throws -> Void) throws {
    if let encoded = encoding.checkpoint?.result() {
      try locked {
        try folder.createLocal()
        try DurableFile.replace(folder.checkpointFile, with: encoded, durably: false)
      }
      checkpointBytes = encoding.bytes
      checkpointSize = encoded.count
    }
    guard let source = encoding.outlook else { return }
    let summary = ProgressOutlook(key: source.key, groups: source.groups, progress: source.state)
    let outlook = ProgressCheckpoint(progress: source.state, coverage: source.coverage, outlook: summary)
    try locked {
      let key = try OutlookKey.readOrMake(in: folder)
      try DurableFile.replace(folder.outlookFile, with: outlook.encoded(key: key), durably: false)
    }
    outlookWritten = (source.coverage, source.key)
  }
}
