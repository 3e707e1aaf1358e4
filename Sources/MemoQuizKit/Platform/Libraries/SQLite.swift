/// SQLite, the system's library, loaded at run time: the handful of
/// functions a read-only query needs, and those that write a new database
/// (`export --format apkg`).
struct SQLite: @unchecked Sendable {
  typealias Open =
    @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<OpaquePointer?>, CInt, UnsafePointer<CChar>?) -> CInt
  typealias Close = @convention(c) (OpaquePointer?) -> CInt
  typealias ErrorMessage = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
  typealias Prepare =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>, CInt, UnsafeMutablePointer<OpaquePointer?>,
      UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> CInt
  typealias Step = @convention(c) (OpaquePointer?) -> CInt
  typealias Finalize = @convention(c) (OpaquePointer?) -> CInt
  typealias ColumnCount = @convention(c) (OpaquePointer?) -> CInt
  typealias ColumnInteger = @convention(c) (OpaquePointer?, CInt) -> Int64
  typealias ColumnText = @convention(c) (OpaquePointer?, CInt) -> UnsafePointer<UInt8>?
  typealias ColumnBlob = @convention(c) (OpaquePointer?, CInt) -> UnsafeRawPointer?
  typealias ColumnBytes = @convention(c) (OpaquePointer?, CInt) -> CInt
  typealias CreateCollation =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>, CInt, UnsafeMutableRawPointer?,
      (@convention(c) (UnsafeMutableRawPointer?, CInt, UnsafeRawPointer?, CInt, UnsafeRawPointer?) -> CInt)?
    ) -> CInt

  typealias Exec =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>, OpaquePointer?, UnsafeMutableRawPointer?,
      UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt
  typealias BindInteger = @convention(c) (OpaquePointer?, CInt, Int64) -> CInt
  typealias BindDouble = @convention(c) (OpaquePointer?, CInt, Double) -> CInt
  typealias BindText =
    @convention(c) (OpaquePointer?, CInt, UnsafePointer<CChar>?, CInt, UnsafeRawPointer?) -> CInt
  typealias Reset = @convention(c) (OpaquePointer?) -> CInt
  typealias Limit = @convention(c) (OpaquePointer?, CInt, CInt) -> CInt
  typealias ProgressHandler =
    @convention(c) (
      OpaquePointer?, CInt, (@convention(c) (UnsafeMutableRawPointer?) -> CInt)?, UnsafeMutableRawPointer?
    )
    -> Void

  /// The file name of the library.
  static let libraryName = "libsqlite3.so.0"
  /// `SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE`.
  static let openCreate: CInt = 0x02 | 0x04
  /// `SQLITE_TRANSIENT`: SQLite copies a bound text before the call returns.
  static var transient: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: -1) }

  /// `SQLITE_OPEN_READONLY | SQLITE_OPEN_URI`.
  static let openReadOnlyURI: CInt = 0x01 | 0x40
  /// `SQLITE_ROW`, `SQLITE_DONE`, `SQLITE_UTF8`.
  static let row: CInt = 100
  static let done: CInt = 101
  /// `SQLITE_INTERRUPT`: the progress handler stopped a statement.
  static let interrupt: CInt = 9
  /// `SQLITE_LIMIT_LENGTH`, `SQLITE_LIMIT_COLUMN`, `SQLITE_LIMIT_EXPR_DEPTH`,
  /// `SQLITE_LIMIT_COMPOUND_SELECT`, `SQLITE_LIMIT_ATTACHED`,
  /// `SQLITE_LIMIT_TRIGGER_DEPTH`.
  static let limitLength: CInt = 0
  static let limitColumn: CInt = 2
  static let limitExpressionDepth: CInt = 3
  static let limitCompoundSelect: CInt = 4
  static let limitAttached: CInt = 7
  static let limitTriggerDepth: CInt = 10
  static let utf8: CInt = 1

  let open: Open
  let close: Close
  let errorMessage: ErrorMessage
  let prepare: Prepare
  let step: Step
  let finalize: Finalize
  let columnCount: ColumnCount
  let columnInteger: ColumnInteger
  let columnText: ColumnText
  let columnBlob: ColumnBlob
  let columnBytes: ColumnBytes
  let createCollation: CreateCollation
  let exec: Exec
  let bindInteger: BindInteger
  let bindDouble: BindDouble
  let bindText: BindText
  let reset: Reset
  let limit: Limit
  let progressHandler: ProgressHandler

  private init() throws(AnkiPackageError) {
    let library = try SystemLibrary(Self.libraryName)
    open = try library.function("sqlite3_open_v2", as: Open.self)
    close = try library.function("sqlite3_close_v2", as: Close.self)
    errorMessage = try library.function("sqlite3_errmsg", as: ErrorMessage.self)
    prepare = try library.function("sqlite3_prepare_v2", as: Prepare.self)
    step = try library.function("sqlite3_step", as: Step.self)
    finalize = try library.function("sqlite3_finalize", as: Finalize.self)
    columnCount = try library.function("sqlite3_column_count", as: ColumnCount.self)
    columnInteger = try library.function("sqlite3_column_int64", as: ColumnInteger.self)
    columnText = try library.function("sqlite3_column_text", as: ColumnText.self)
    columnBlob = try library.function("sqlite3_column_blob", as: ColumnBlob.self)
    columnBytes = try library.function("sqlite3_column_bytes", as: ColumnBytes.self)
    createCollation = try library.function("sqlite3_create_collation", as: CreateCollation.self)
    exec = try library.function("sqlite3_exec", as: Exec.self)
    bindInteger = try library.function("sqlite3_bind_int64", as: BindInteger.self)
    bindDouble = try library.function("sqlite3_bind_double", as: BindDouble.self)
    bindText = try library.function("sqlite3_bind_text", as: BindText.self)
    reset = try library.function("sqlite3_reset", as: Reset.self)
    limit = try library.function("sqlite3_limit", as: Limit.self)
    progressHandler = try library.function("sqlite3_progress_handler", as: ProgressHandler.self)
  }

  private static let loaded = Result { () throws(AnkiPackageError) in try SQLite() }

  /// The library, loaded on first use.
  /// - Throws: ``AnkiPackageError/missingLibrary(_:detail:)`` without it.
  static func load() throws(AnkiPackageError) -> SQLite { try loaded.get() }
}
