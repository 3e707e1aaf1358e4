@preconcurrency import Glibc

/// A database read from bytes: written to a file in a private temporary
/// folder, opened read-only and immutable (so SQLite writes no journal
/// beside it), and removed when the value goes.
///
/// A class: it owns the connection and the temporary files, released once
/// in `deinit`.
final class SQLiteDatabase {
  private let sqlite: SQLite
  private let handle: OpaquePointer?
  private let folder: String
  private let path: String

  /// Opens a database from its bytes.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for bytes that are not an
  ///   SQLite database; ``AnkiPackageError/system(_:)`` when the temporary
  ///   file cannot be written.
  init(bytes: [UInt8]) throws(AnkiPackageError) {
    sqlite = try SQLite.load()
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/memoquiz-anki-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
      throw .system("cannot make a temporary folder in \(base): \(SystemError.current.description)")
    }
    folder = String(cString: made)
    path = folder + "/collection.sqlite"
    do {
      let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
      defer { file.close() }
      try file.writeAll(bytes)
    } catch {
      unlink(path)
      rmdir(folder)
      throw .system("cannot write \(path): \(error.description)")
    }
    var connection: OpaquePointer?
    let code = sqlite.open(Self.uri(path), &connection, SQLite.openReadOnlyURI, nil)
    handle = connection
    guard code == 0 else {
      let message = sqlite.errorMessage(connection).map { String(cString: $0) } ?? "error \(code)"
      throw .invalid("its collection cannot be opened (\(message))")
    }
    // Anki's tables sort names with its own collation; any order will do
    // for reading them.
    _ = sqlite.createCollation(connection, "unicase", SQLite.utf8, nil) { _, leftCount, left, rightCount, right in
      let common = Int(min(leftCount, rightCount))
      guard common > 0, let left, let right else { return leftCount - rightCount }
      let order = memcmp(left, right, common)
      return order != 0 ? order : leftCount - rightCount
    }
    distrustSchema()
  }

  /// Tells SQLite not to trust the schema: a crafted collection whose
  /// views or triggers call functions gets an error, not the call.
  private func distrustSchema() {
    try? forEachRow("PRAGMA trusted_schema = OFF") { _ in }
  }

  deinit {
    _ = sqlite.close(handle)
    unlink(path)
    rmdir(folder)
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
    while true {
      let code = sqlite.step(statement)
      if code == SQLite.done { return }
      guard code == SQLite.row else { throw .invalid("its collection is damaged (\(message))") }
      try body(row)
    }
  }

  /// Whether the database has a table of this name.
  func hasTable(_ name: String) throws(AnkiPackageError) -> Bool {
    var found = false
    try forEachRow("SELECT name FROM sqlite_master WHERE type = 'table'") { row in
      if row.text(0) == name { found = true }
    }
    return found
  }

  private var message: String {
    sqlite.errorMessage(handle).map { String(cString: $0) } ?? "unknown error"
  }
}
