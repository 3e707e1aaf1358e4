@preconcurrency import Glibc

/// Finding one byte in many: the history's line feeds and tabs, looked for
/// in files of any size. The corresponding C function is `memchr`, which
/// looks at many bytes at a time: a line of millions of tabs, say, is
/// counted before any string is made of it, in the time the file takes to
/// read (`BoundedInputTests`).
enum ByteSearch {
  /// The index of the first `byte` in `bytes` at or after `start`, or `nil`.
  static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
    guard start >= bytes.startIndex, start < bytes.endIndex else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let offset = start - bytes.startIndex
      guard let found = memchr(base + offset, Int32(byte), buffer.count - offset) else { return nil }
      return start + (UnsafeRawPointer(found) - UnsafeRawPointer(base + offset))
    }
  }

  /// How many times `byte` occurs in `bytes`, counted up to one past `limit`.
  static func count(of byte: UInt8, in bytes: ArraySlice<UInt8>, upTo limit: Int) -> Int {
    var count = 0
    var start = bytes.startIndex
    while count <= limit, let found = firstIndex(of: byte, in: bytes, from: start) {
      count += 1
      start = found + 1
    }
    return count
  }
}
