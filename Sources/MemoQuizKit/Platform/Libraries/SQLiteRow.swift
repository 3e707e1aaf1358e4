/// The current row of a query: its columns by position.
struct SQLiteRow {
  let sqlite: SQLite
  let statement: OpaquePointer?

  /// The column as an integer (0 for NULL).
  func integer(_ column: CInt) -> Int64 { sqlite.columnInteger(statement, column) }

  /// The column as UTF-8 text; invalid bytes are replaced.
  func text(_ column: CInt) -> String {
    guard let pointer = sqlite.columnText(statement, column) else { return "" }
    let count = Int(sqlite.columnBytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// The column as bytes.
  func blob(_ column: CInt) -> [UInt8] {
    guard let pointer = sqlite.columnBlob(statement, column) else { return [] }
    let count = Int(sqlite.columnBytes(statement, column))
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }
}
