@preconcurrency import Glibc

/// A collection database a package held, read from a file in a private
/// temporary folder, opened read-only and immutable (so SQLite writes no
/// journal beside it), and removed with its folder when the value goes.
///
/// What arrives in a package is bad input until checked, so every query
/// runs within bounds: SQLite's limits on a value's length and a
/// statement's shape, and a progress handler that stops a statement past
/// its time or once Ctrl-C, SIGTERM or SIGHUP has arrived.
///
/// A class: it owns the connection and the temporary files, released once
/// in `deinit`.
final class SQLiteDatabase {
  private let sqlite: SQLite
  private let handle: OpaquePointer?
  /// The folder that holds the file, removed after the connection closes.
  private let folder: TemporaryFolder
  /// When a statement is stopped, as the monotonic clock counts
  /// milliseconds; read by the progress handler.
  private let deadline: UnsafeMutablePointer<Int64>
  /// How long reading the database may take.
  var timeBudget: Int64
  /// The most rows one table may give: what the package's size can hold.
  var maximumRows = Int.max

  /// The longest value a query may produce: far beyond any note's fields.
  static let maximumValueLength: CInt = 8 << 20
  /// How many virtual machine steps run between two looks at the time and
  /// the signals.
  private static let progressInterval: CInt = 100

  /// Opens the database at `path`, a file in `folder`.
  /// - Parameter size: the file's size, which the time a query may take
  ///   grows with.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for a file that is not an
  ///   SQLite database.
  init(path: String, size: Int, folder: TemporaryFolder) throws(AnkiPackageError) {
    sqlite = try SQLite.load()
    self.folder = folder
    // Ten seconds, and a second more for every 2 MiB.
    timeBudget = 10_000 + Int64(size >> 21) * 1_000
    deadline = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    deadline.initialize(to: .max)
    var connection: OpaquePointer?
    let code = sqlite.open(Self.uri(path), &connection, SQLite.openReadOnlyURI, nil)
    handle = connection
    guard code == 0 else {
      let message = sqlite.errorMessage(connection).map { String(cString: $0) } ?? "error \(code)"
      throw .invalid("its collection cannot be opened (\(message))")
    }
    for (limit, value) in [
      (SQLite.limitLength, Self.maximumValueLength), (SQLite.limitColumn, 256), (SQLite.limitExpressionDepth, 100),
      (SQLite.limitCompoundSelect, 8), (SQLite.limitAttached, 0), (SQLite.limitTriggerDepth, 1),
    ] {
      _ = sqlite.limit(connection, limit, value)
    }
    sqlite.progressHandler(
      connection, Self.progressInterval,
      { context in
        guard let deadline = context?.assumingMemoryBound(to: Int64.self) else { return 0 }
        return SignalMonitor.receivedSignal != nil || MonotonicClock.milliseconds() > deadline.pointee ? 1 : 0
      }, UnsafeMutableRawPointer(deadline))
    // Anki's tables sort names with its own collation; any order will do
    // for reading them.
    _ = sqlite.createCollation(connection, "unicase", SQLite.utf8, nil) { _, leftCount, left, rightCount, right in
      let common = Int(min(leftCount, rightCount))
      guard common > 0, let left, let right else { return leftCount - rightCount }
      let order = memcmp(left, right, common)
      return order != 0 ? order : leftCount - rightCount
    }
    distrustSchema()
    // The budget starts with the first query of the collection itself.
    deadline.pointee = .max
  }

  /// Tells SQLite not to trust the schema: a crafted collection whose
  /// views or triggers call functions gets an error, not the call.
  private func distrustSchema() {
    try? forEachRow("PRAGMA trusted_schema = OFF") { _ in }
  }

  deinit {
    _ = sqlite.close(handle)
    deadline.deallocate()
  }

  /// A `file:` URI for a path, so that `immutable=1` can be given; the
  /// characters a URI gives meaning to are escaped.
  private static func uri(_ path: String) -> String {
    var escaped = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0x80...:
        escaped += "%" + String(byte, radix: 16, uppercase: true)
      default:
        escaped.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return "file:\(escaped)?immutable=1"
  }

  /// Runs a query and calls `body` with each row.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` when the database lacks what
  ///   the query reads or is damaged, and whatever `body` throws.
  func forEachRow(
    _ sql: String, _ body: (SQLiteRow) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) {
    var statement: OpaquePointer?
    guard sqlite.prepare(handle, sql, -1, &statement, nil) == 0 else {
      _ = sqlite.finalize(statement)
      throw .invalid("its collection is damaged or lacks what Anki keeps there (\(message))")
    }
    defer { _ = sqlite.finalize(statement) }
    let row = SQLiteRow(sqlite: sqlite, statement: statement)
    // The whole read shares one budget: it starts at the first query.
    if deadline.pointee == .max { deadline.pointee = MonotonicClock.milliseconds() + timeBudget }
    while true {
      let code = sqlite.step(statement)
      if code == SQLite.done { return }
      guard code == SQLite.row else {
        if code == SQLite.interrupt {
          try AnkiPackageError.throwIfInterrupted()
          throw .tooLarge("reading its collection takes more than \(timeBudget / 1000) seconds")
        }
        throw .invalid("its collection is damaged (\(message))")
      }
      try body(row)
    }
  }

  /// Whether the database has a table of this name: a table of its own,
  /// not a view or a virtual table, which could compute rows without end.
  func hasTable(_ name: String) throws(AnkiPackageError) -> Bool {
    var found = false
    try forEachRow("SELECT name, sql FROM sqlite_master WHERE type = 'table'") { row in
      if row.text(0) == name, !row.text(1).uppercased().hasPrefix("CREATE VIRTUAL") { found = true }
    }
    return found
  }

  private var message: String {
    sqlite.errorMessage(handle).map { String(cString: $0) } ?? "unknown error"
  }
}
