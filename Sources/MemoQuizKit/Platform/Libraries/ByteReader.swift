/// Little-endian integers and byte runs read from an array, every read
/// checked against its end: a damaged file is an error, never a trap.
struct ByteReader {
  let bytes: [UInt8]
  /// Where the next read starts; may be set past the end, which the next
  /// read reports.
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// `count` bytes from ``offset``.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` when they run past the end.
  mutating func bytes(_ count: Int) throws(AnkiPackageError) -> ArraySlice<UInt8> {
    guard count >= 0, offset >= 0, offset <= bytes.count, count <= bytes.count - offset else {
      throw .invalid("it is cut short")
    }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func u16() throws(AnkiPackageError) -> UInt16 {
    let run = try bytes(2)
    return UInt16(run[run.startIndex]) | UInt16(run[run.startIndex + 1]) << 8
  }

  mutating func u32() throws(AnkiPackageError) -> UInt32 {
    let run = try bytes(4)
    return run.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// A 64-bit size or offset; one beyond `Int.max` is an error.
  mutating func u64() throws(AnkiPackageError) -> Int {
    let run = try bytes(8)
    let value = run.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard value <= UInt64(Int.max) else { throw .invalid("a size in it is out of range") }
    return Int(value)
  }

  /// The 32-bit value at `offset`, or `nil` past the end.
  static func u32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
    guard offset >= 0, offset <= bytes.count - 4 else { return nil }
    return bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }
}

extension Array where Element == UInt8 {
  /// Calls `body` with the bytes, keeping the error's type (the standard
  /// library's `withUnsafeBytes` rethrows any error).
  func withBytes<Result>(
    _ body: (UnsafeRawBufferPointer) throws(AnkiPackageError) -> Result
  ) throws(AnkiPackageError) -> Result {
    let result = withUnsafeBytes { raw in Swift.Result { () throws(AnkiPackageError) in try body(raw) } }
    return try result.get()
  }
}
