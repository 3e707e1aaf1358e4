/// Lower-case hexadecimal digits, as memoquiz writes them in its own files
/// (a machine's identity, the bits of a memory state): the one reader of
/// them.
enum Hexadecimal {
  /// The value of 1 to 16 lower-case hexadecimal digits, or `nil` for
  /// anything else (no digit, more than 16, an upper-case or other byte).
  static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
    var value: UInt64 = 0
    for byte in bytes {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
      default: return nil
      }
      value = value << 4 | UInt64(digit)
    }
    return value
  }
}
