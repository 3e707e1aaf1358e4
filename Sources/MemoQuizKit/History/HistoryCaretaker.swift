@preconcurrency import Glibc

/// Keeps the history: the durable, append-only list of every step's memento.
///
/// The file starts with a line naming its format and a token that changes
/// whenever the file is rewritten, then holds one ``RecordLine`` per record.
/// Appending writes whole lines and `fdatasync`s them before returning, so an
/// acknowledged record survives a crash. A crash during an append can leave
/// only a torn last line: it was never acknowledged, so readers ignore it and
/// the next append cuts it off. A damaged line in the middle is another
/// matter: ``recover(keeping:now:)`` moves the file aside and writes the
/// readable records to a new one.
///
/// Callers hold the data folder's lock to append or recover; reading needs
/// no lock.
struct HistoryCaretaker: Sendable {
  /// The format this build reads and writes.
  static let version = 1
  private static let magic = "memoquiz history"

  let path: String

  /// What a read found.
  struct Contents {
    /// The file's token, or `nil` when there is no file yet.
    var token: String?
    /// Whether the records start at the beginning of the history.
    var isComplete: Bool
    var records: [HistoryRecord]
    /// The offset just after the last whole record.
    var end: Int
    /// How many whole lines could not be read.
    var damagedLines: Int
  }

  /// Reads the records after `offset`, or all of them when the file's token
  /// is not `token` (the file was rewritten since the offset was taken).
  /// - Throws: ``PersistenceError`` when the file cannot be read or was
  ///   written by a newer memoquiz.
  func read(after offset: Int, token: String?) throws(PersistenceError) -> Contents {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDONLY)
    } catch {
      if error.errno == ENOENT { return Contents(token: nil, isComplete: true, records: [], end: 0, damagedLines: 0) }
      throw .cannotRead(path: path, error)
    }
    defer { descriptor.close() }
    let head: (version: Int?, token: String, end: Int)?
    let bytes: [UInt8]
    let start: Int
    do {
      head = try readHeader(descriptor)
      start = (head?.token == token && token != nil && offset >= (head?.end ?? 0)) ? offset : (head?.end ?? 0)
      bytes = try descriptor.readAll(from: start)
    } catch {
      throw .cannotRead(path: path, error)
    }
    guard let head else {
      // No readable header: every line is damage.
      return Contents(
        token: "", isComplete: true, records: [], end: 0, damagedLines: max(1, bytes.count(where: { $0 == 10 })))
    }
    if let version = head.version, version > Self.version {
      throw .newerVersion(path: path, found: version, supported: Self.version)
    }
    var contents = Self.parse(bytes, base: start)
    contents.token = head.token
    contents.isComplete = start == head.end
    return contents
  }

  /// The header line: the format version, the token and where records start.
  private func readHeader(_ descriptor: FileDescriptor) throws(SystemError) -> (version: Int?, token: String, end: Int)?
  {
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = try buffer.withUnsafeMutableBytes { raw in
      Result { () throws(SystemError) in try descriptor.read(into: raw, at: 0) }
    }.get()
    guard let newline = buffer[..<count].firstIndex(of: 10),
      let line = String(validating: buffer[..<newline], as: UTF8.self), line.hasPrefix(Self.magic + " ")
    else { return nil }
    let parts = line.dropFirst(Self.magic.count + 1).split(separator: " ")
    guard parts.count == 2 else { return nil }
    return (Int(parts[0]), String(parts[1]), newline + 1)
  }

  /// Splits bytes into records; a last line without its line feed is torn
  /// and left out.
  private static func parse(_ bytes: [UInt8], base: Int) -> Contents {
    var records: [HistoryRecord] = []
    var damaged = 0
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 10) {
      if let fields = RecordLine.fields(bytes[start..<newline]), let record = try? HistoryRecord(fields: fields) {
        records.append(record)
      } else {
        damaged += 1
      }
      start = newline + 1
    }
    return Contents(token: nil, isComplete: false, records: records, end: base + start, damagedLines: damaged)
  }

  /// Appends records durably after `end`, the offset a read under the same
  /// lock returned; anything beyond it is a torn line and is cut off first.
  /// Creates the file when there is none.
  /// - Returns: the file's token and the new end.
  func append(_ records: [HistoryRecord], after end: Int, token: String?) throws(PersistenceError) -> (
    token: String, end: Int
  ) {
    var token = token
    var end = end
    if token == nil {
      let created = Self.newToken()
      let header = Array("\(Self.magic) \(Self.version) \(created)\n".utf8)
      try DurableFile.replace(path, with: header)
      token = created
      end = header.count
    }
    var bytes: [UInt8] = []
    for record in records { RecordLine.append(record.fields, to: &bytes) }
    do throws(SystemError) {
      let descriptor = try FileDescriptor.open(path, O_WRONLY | O_APPEND)
      defer { descriptor.close() }
      if try descriptor.size() != end { try descriptor.truncate(to: end) }
      try descriptor.writeAll(bytes)
      try descriptor.dataSync()
    } catch {
      throw .cannotWrite(path: path, error)
    }
    return (token ?? "", end + bytes.count)
  }

  /// Moves a damaged history aside and writes the records that could be read
  /// to a new file, durably.
  /// - Returns: where the damaged file went.
  func recover(keeping records: [HistoryRecord], now: Timestamp) throws(PersistenceError) -> String {
    let aside = DurableFile.asideName(for: path, label: "damaged", now: now)
    let token = Self.newToken()
    var bytes = Array("\(Self.magic) \(Self.version) \(token)\n".utf8)
    for record in records { RecordLine.append(record.fields, to: &bytes) }
    try DurableFile.link(path, to: aside)
    try DurableFile.replace(path, with: bytes)
    return aside
  }

  private static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return String(generator.next() as UInt64, radix: 36)
  }
}
