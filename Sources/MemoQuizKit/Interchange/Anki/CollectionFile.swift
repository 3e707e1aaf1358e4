@preconcurrency import Glibc

/// A package's collection database as it comes out of the package, written
/// to a file a chunk at a time and bounded as it grows.
///
/// What the result may weigh is never taken from the package's framing (a
/// zip entry's size, zstd frames that inflate to nothing): it starts at a
/// ceiling tied to the package file's size (``AnkiPackage/ceiling(packageSize:)``)
/// and, once SQLite's header is out, is the size the header gives: its page
/// count times its page size. The header is checked on the first bytes, so
/// anything that is not a database is refused at once.
struct CollectionFile {
  /// The file's path.
  let path: String
  private let file: FileDescriptor
  /// How many bytes were written.
  private(set) var size = 0
  /// The most bytes the collection may have.
  private(set) var limit: Int
  /// The first bytes, until SQLite's header is whole.
  private var header: [UInt8] = []

  /// SQLite's header: its first 100 bytes, starting with this text.
  static let magic = Array("SQLite format 3\0".utf8)
  static let headerSize = 100

  /// Creates the file.
  /// - Throws: ``AnkiPackageError/system(_:)`` when it cannot be created.
  init(path: String, limit: Int) throws(AnkiPackageError) {
    do {
      file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
    } catch {
      throw .system("cannot write \(path): \(error.description)")
    }
    self.path = path
    self.limit = limit
  }

  /// Appends decompressed bytes.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` when the first bytes are not
  ///   SQLite's header; ``AnkiPackageError/tooLarge(_:)`` past the limit;
  ///   ``AnkiPackageError/interrupted`` after Ctrl-C, SIGTERM or SIGHUP.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(AnkiPackageError) {
    try AnkiPackageError.throwIfInterrupted()
    if header.count < Self.headerSize {
      header.append(contentsOf: bytes.prefix(Self.headerSize - header.count))
      if header.count >= Self.magic.count && !header.starts(with: Self.magic) {
        throw .invalid("its collection is not an SQLite database")
      }
      if header.count == Self.headerSize {
        guard let declared = Self.declaredSize(header) else {
          throw .invalid("its collection is not an SQLite database (its header is damaged)")
        }
        if let declared { limit = min(limit, declared) }
      }
    }
    guard bytes.count <= limit - size else {
      throw .tooLarge("its collection decompresses to more than \(Self.megabytes(limit)) MiB")
    }
    do {
      try file.writeAll(bytes)
    } catch {
      throw .system("cannot write \(path): \(error.description)")
    }
    size += bytes.count
  }

  /// Closes the file, checking that a whole header was written.
  mutating func finish() throws(AnkiPackageError) {
    file.close()
    guard header.count == Self.headerSize else { throw .invalid("its collection is not an SQLite database") }
  }

  /// Closes the file after a failure.
  func abandon() { file.close() }

  /// The size SQLite's header gives the database: `nil` inside when the
  /// header does not say (a database written before SQLite 3.7.0), `nil`
  /// outside when the header is not one SQLite writes.
  static func declaredSize(_ header: [UInt8]) -> Int?? {
    func number(at offset: Int, bytes: Int) -> Int {
      header[offset..<offset + bytes].reduce(0) { $0 << 8 | Int($1) }
    }
    let rawPageSize = number(at: 16, bytes: 2)
    let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
    guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else { return nil }
    let pages = number(at: 28, bytes: 4)
    // The count is valid only while the change counter matches the
    // version it was written with.
    guard pages > 0, number(at: 24, bytes: 4) == number(at: 92, bytes: 4) else { return .some(nil) }
    return pages * pageSize
  }

  private static func megabytes(_ bytes: Int) -> Int { max(1, (bytes + 1_048_575) / 1_048_576) }
}
