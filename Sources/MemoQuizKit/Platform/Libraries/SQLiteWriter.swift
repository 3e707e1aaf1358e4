@preconcurrency import Glibc

/// A new database written in a private temporary folder, whose bytes are
/// taken once it is complete; the folder goes with the value.
///
/// A class: it owns the connection and the temporary files, released once
/// in `deinit`.
final class SQLiteWriter {
  /// A value to bind to a statement's parameter.
  enum Value {
    case integer(Int64)
    case double(Double)
    case text(String)
  }

  private let sqlite: SQLite
  private var handle: OpaquePointer?
  /// The folder that holds the database, removed after the connection closes.
  private let folder: TemporaryFolder
  private let path: String
  private var statements: [String: OpaquePointer] = [:]

  /// Creates an empty database.
  /// - Throws: ``AnkiPackageError/system(_:)`` when it cannot be made.
  init() throws(AnkiPackageError) {
    sqlite = try SQLite.load()
    do {
      folder = try TemporaryFolder(in: TemporaryFolder.systemBase)
    } catch {
      throw .system("cannot make a temporary folder in \(TemporaryFolder.systemBase): \(error.description)")
    }
    path = folder.path + "/collection.anki2"
    var connection: OpaquePointer?
    let code = sqlite.open(path, &connection, SQLite.openCreate, nil)
    handle = connection
    guard code == 0 else {
      throw .system("cannot make a database in \(folder.path) (\(message))")
    }
  }

  deinit {
    finish()
  }

  /// Closes the statements and the connection.
  private func finish() {
    for statement in statements.values { _ = sqlite.finalize(statement) }
    statements.removeAll()
    if handle != nil { _ = sqlite.close(handle) }
    handle = nil
  }

  private var message: String {
    sqlite.errorMessage(handle).map { String(cString: $0) } ?? "unknown error"
  }

  /// Runs statements that take no values.
  func execute(_ sql: String) throws(AnkiPackageError) {
    guard sqlite.exec(handle, sql, nil, nil, nil) == 0 else {
      throw .system("cannot write the collection (\(message))")
    }
  }

  /// Runs one statement with `values` bound to its parameters in order;
  /// the statement is prepared once and kept for the next call.
  func run(_ sql: String, _ values: [Value]) throws(AnkiPackageError) {
    let statement: OpaquePointer
    if let prepared = statements[sql] {
      statement = prepared
    } else {
      var made: OpaquePointer?
      guard sqlite.prepare(handle, sql, -1, &made, nil) == 0, let made else {
        throw .system("cannot write the collection (\(message))")
      }
      statements[sql] = made
      statement = made
    }
    _ = sqlite.reset(statement)
    for (offset, value) in values.enumerated() {
      let index = CInt(offset + 1)
      switch value {
      case .integer(let number): _ = sqlite.bindInteger(statement, index, number)
      case .double(let number): _ = sqlite.bindDouble(statement, index, number)
      case .text(let text):
        _ = text.withCString { sqlite.bindText(statement, index, $0, CInt(text.utf8.count), SQLite.transient) }
      }
    }
    guard sqlite.step(statement) == SQLite.done else { throw .system("cannot write the collection (\(message))") }
  }

  /// Closes the database and returns its file's bytes.
  func bytes() throws(AnkiPackageError) -> [UInt8] {
    finish()
    do {
      let file = try FileDescriptor.open(path, O_RDONLY)
      defer { file.close() }
      return try file.readAll()
    } catch {
      throw .system("cannot read \(path): \(error.description)")
    }
  }
}
