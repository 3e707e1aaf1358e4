@preconcurrency import Glibc
import Synchronization

/// The folder that holds the user's questions, scores, rounds and snapshots.
///
/// It is `$MEMOQUIZ_HOME` if set, else `$XDG_DATA_HOME/memoquiz`, else
/// `$HOME/.local/share/memoquiz`, and it is created on first need.
public struct DataFolder: Sendable {
  /// The folder's path.
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// Resolves the folder from an environment, as the contract orders.
  /// - Parameter environment: looks up a variable; empty values count as unset.
  public init(environment: (String) -> String?) {
    func value(_ name: String) -> String? {
      guard let value = environment(name), !value.isEmpty else { return nil }
      return value
    }
    if let home = value("MEMOQUIZ_HOME") {
      path = home
    } else if let xdg = value("XDG_DATA_HOME") {
      path = xdg + "/memoquiz"
    } else {
      let home = value("HOME") ?? "."
      path = home + "/.local/share/memoquiz"
    }
  }

  /// The folder named by the process environment.
  public static func fromProcessEnvironment() -> DataFolder {
    DataFolder { name in getenv(name).map { String(cString: $0) } }
  }

  /// The user's question groups.
  public var questionsFile: String { path + "/questions.json" }
  /// The scores and unfinished rounds.
  public var scoresFile: String { path + "/scores.json" }
  /// The lock taken for every read-modify-write.
  var lockFile: String { path + "/.lock" }
  /// The folder of saved snapshots.
  var snapshotsFolder: String { path + "/snapshots" }

  /// Creates the folder and its parents when missing.
  /// - Throws: ``PersistenceError/cannotWrite(path:_:)`` when that fails.
  func create() throws(PersistenceError) {
    try Self.createFolder(path)
  }

  static func createFolder(_ path: String) throws(PersistenceError) {
    var status = stat()
    if stat(path, &status) == 0 { return }
    let parent = DurableFile.split(path).folder
    if parent != path && parent != "/" && parent != "." { try createFolder(parent) }
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
      throw .cannotWrite(path: path, .current)
    }
  }

  /// Takes the folder's exclusive lock for the duration of `body`.
  ///
  /// The lock is reentrant within a thread: a nested call runs `body` under
  /// the lock already held (a second `flock` on a new descriptor would wait
  /// for ourselves forever). Other threads and processes wait their turn.
  func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    let thread = pthread_self()
    if Self.lockOwners.withLock({ $0[lockFile] == thread }) { return try body() }
    try create()
    let lock = try FileLock(path: lockFile)
    Self.lockOwners.withLock { $0[lockFile] = thread }
    defer { Self.lockOwners.withLock { $0[lockFile] = nil } }
    return try withExtendedLifetime(lock) { try body() }
  }

  /// The thread that holds each lock file this process has locked.
  private static let lockOwners = Mutex<[String: pthread_t]>([:])
}
