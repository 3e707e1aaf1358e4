import FoundationEssentials
@preconcurrency import Glibc

/// The folder that holds the user's questions, scores, rounds and snapshots.
///
/// It is `$MEMOQUIZ_HOME` if set, else `$XDG_DATA_HOME/memoquiz`, else
/// `$HOME/.local/share/memoquiz`, and it is created on first need.
public struct DataFolder: Sendable {
  /// The folder's path.
  public let path: String
  /// The clock of the command that works on the folder: the steps and
  /// snapshots memoquiz makes on its own (a hand edit recorded, a version
  /// kept after a conflict) take their time from it, as the steps a command
  /// makes do. Runs side by side in one process each keep their own.
  public var clock: @Sendable () -> Date = ProcessClock.now

  public init(path: String) {
    self.path = path
  }

  /// Resolves the folder from an environment, as the contract orders and
  /// the XDG rules ask: a relative `XDG_DATA_HOME` is ignored, and without
  /// `HOME` the password database's home is used.
  /// - Parameters:
  ///   - environment: looks up a variable; empty values count as unset.
  ///   - accountHome: the home folder the password database gives.
  /// - Throws: ``PersistenceError/noDataFolder`` when no home is known.
  public init(
    environment: (String) -> String?, accountHome: () -> String? = DataFolder.accountHome
  ) throws(PersistenceError) {
    func value(_ name: String) -> String? {
      guard let value = environment(name), !value.isEmpty else { return nil }
      return value
    }
    if let home = value("MEMOQUIZ_HOME") {
      path = home
    } else if let xdg = value("XDG_DATA_HOME"), xdg.hasPrefix("/") {
      path = xdg + "/memoquiz"
    } else if let home = value("HOME") ?? accountHome().flatMap({ $0.isEmpty ? nil : $0 }) {
      path = home + "/.local/share/memoquiz"
    } else {
      throw .noDataFolder
    }
  }

  /// The folder named by the process environment.
  public static func fromProcessEnvironment() throws(PersistenceError) -> DataFolder {
    try DataFolder { SystemInfo.environment($0) }
  }

  /// The current user's home folder in the password database.
  public static func accountHome() -> String? {
    SystemInfo.accountHome()
  }

  /// The user's question groups.
  public var questionsFile: String { path + "/questions.json" }
  /// The scores and unfinished rounds of the first release, carried over
  /// into the history on first run.
  public var scoresFile: String { path + "/scores.json" }
  /// Every step of every machine, one file per machine: the source of all
  /// progress, and the part of the folder that is synced.
  public var historyFolder: String { path + "/history" }
  /// What belongs to this machine alone and is never synced: its identity,
  /// the lock, the checkpoint, the snapshots.
  public var localFolder: String { path + "/local" }
  /// Where a command keeps files it needs only while it runs (a package's
  /// collection, unpacked): on the same disk as the data, never synced.
  public var temporaryFolder: String { localFolder + "/tmp" }
  /// This machine's identity.
  var machineFile: String { localFolder + "/machine" }
  /// The progress as of a point in the history, so start-up reads only the rest.
  public var checkpointFile: String { localFolder + "/checkpoint" }
  /// What `groups`, `today` and the start screen read: the progress without
  /// each card's memory (``ProgressOutlook``).
  public var outlookFile: String { localFolder + "/outlook" }
  /// The secret the outlook is summed with (``OutlookKey``).
  var outlookKeyFile: String { localFolder + "/outlook-key" }
  /// The lock taken for every read-modify-write.
  var lockFile: String { localFolder + "/lock" }
  /// The folder of saved snapshots.
  var snapshotsFolder: String { localFolder + "/snapshots" }
  /// Which version of the questions file memoquiz last wrote or saw.
  var questionsStateFile: String { localFolder + "/questions-state" }
  /// The notices already given once, such as questions changed on two machines.
  var noticesFile: String { localFolder + "/notices" }
  /// The questions the newest merge of changes from several machines gave,
  /// by the changes merged: worked out again only when they change.
  var questionsMergeFile: String { localFolder + "/questions-merge" }
  /// Tells git which files are this machine's alone (in a folder that the
  /// third release's `sync --init` made a git repository).
  var gitIgnoreFile: String { path + "/.gitignore" }
  /// The git clone `sync` exchanges history files through: memoquiz's own,
  /// thrown away and made again whenever git's state is damaged.
  var syncCloneFolder: String { localFolder + "/sync" }
  /// The remote `sync --init` was given.
  var syncRemoteFile: String { localFolder + "/sync-remote" }

  /// The single history file of the second release, carried over on first use.
  var legacyHistoryFile: String { path + "/history.log" }
  /// The second release's checkpoint, lock and snapshots.
  var legacyCheckpointFile: String { path + "/progress.checkpoint" }
  var legacyLockFile: String { path + "/.lock" }
  var legacySnapshotsFolder: String { path + "/snapshots" }

  /// Creates the folder and its parents when missing.
  /// - Throws: ``PersistenceError/cannotWrite(path:_:)`` when that fails.
  public func create() throws(PersistenceError) {
    try Self.createFolder(path)
  }

  /// Creates the folder `local/` of this machine's own files.
  func createLocal() throws(PersistenceError) {
    try Self.createFolder(localFolder)
  }

  /// Creates the folder `history/`.
  func createHistory() throws(PersistenceError) {
    try Self.createFolder(historyFolder)
  }

  /// Creates a folder and its parents, durably: each new folder's name is
  /// synced into its parent, so a power cut cannot drop a folder and what
  /// was acknowledged in it.
  static func createFolder(_ path: String) throws(PersistenceError) {
    if FileStatus.type(of: path) != nil { return }
    let parent = DurableFile.split(path).folder
    if parent != path && parent != "/" && parent != "." { try createFolder(parent) }
    do throws(SystemError) {
      try FileSystem.makeFolder(path)
    } catch {
      if error.isExisting { return }
      throw .cannotWrite(path: path, error)
    }
    try DurableFile.syncFolder(parent)
  }

  /// Takes the folder's exclusive lock for the duration of `body`.
  ///
  /// Take it once per operation: the lock is not reentrant, and a nested
  /// call would wait for itself.
  func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    try createLocal()
    let lock = try FileLock(path: lockFile)
    return try withExtendedLifetime(lock) { try body() }
  }

  /// The lock file that keeps a group's round to one process.
  func roundLockFile(for title: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in title.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01B3
    }
    return localFolder + "/round-" + String(hash, radix: 16) + ".lock"
  }
}
