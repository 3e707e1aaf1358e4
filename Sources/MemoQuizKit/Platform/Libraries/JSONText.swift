/// JSON text written byte by byte, for files made of many small strings:
/// the one writer of JSON string literals (questions files, Anki's
/// collection columns).
enum JSONText {
  /// Appends a JSON string literal: quotes, backslashes and control
  /// characters escaped, everything else as its UTF-8 bytes.
  static func appendString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x00..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        out.append(contentsOf: Array("\\u00".utf8))
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0xF)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
