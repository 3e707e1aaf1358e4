/// The one hash of bytes the data folder keeps: a version of the questions,
/// the tail of a history file, a cache's sum. Fast (eight bytes at a time),
/// not cryptographic, and never 0, which stands for "no file".
enum ContentHash {
  /// The hash of `bytes`.
  /// - Parameter key: a secret mixed in first and last (the outlook's), so
  ///   that the hash cannot be worked out without it; 0 for none.
  static func of(_ bytes: UnsafeRawBufferPointer, key: UInt64 = 0) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count) ^ key
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ word) &* 0x100_0000_01B3
      hash ^= hash >> 29
      offset += 8
    }
    while offset < bytes.count {
      hash = (hash ^ UInt64(bytes[offset])) &* 0x100_0000_01B3
      offset += 1
    }
    if key != 0 {
      hash = (hash ^ key.byteSwapped) &* 0x100_0000_01B3
      hash ^= hash >> 29
      hash = (hash ^ key) &* 0x9E37_79B9_7F4A_7C15
    }
    return hash == 0 ? 1 : hash
  }

  /// The hash of `bytes`.
  static func of(_ bytes: some Collection<UInt8>, key: UInt64 = 0) -> UInt64 {
    if let hash = bytes.withContiguousStorageIfAvailable({ of(UnsafeRawBufferPointer($0), key: key) }) { return hash }
    return Array(bytes).withUnsafeBytes { of($0, key: key) }
  }
}
