/// Checks UTF-8 without the standard library's generic path, which costs a
/// metadata lookup per call: reading questions, a history or a checkpoint
/// checks millions of strings.
enum UTF8Check {
  /// The text of `bytes`, or `nil` when they are not valid UTF-8 (overlong
  /// forms, surrogates and values past U+10FFFF included).
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, lower) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, upper) = (3, 0x9F)
      case 0xF0: (length, lower) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, upper) = (4, 0x8F)
      default: return nil
      }
      guard index + length <= count, (lower...upper).contains(bytes[index + 1]) else { return nil }
      for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
      index += length
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
