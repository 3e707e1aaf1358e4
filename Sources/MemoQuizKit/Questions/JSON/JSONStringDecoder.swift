/// Decodes the escapes of a JSON string body: `\n`, `\"`, `\u3042` and
/// surrogate pairs such as `\ud83d\ude00`, checking the result is UTF-8.
enum JSONStringDecoder {
  /// Decodes the body of a string that holds escapes.
  /// - Parameter start: the byte offset of the opening quote, for errors.
  static func decode(_ content: UnsafeBufferPointer<UInt8>, start: Int) throws(JSONSyntaxError) -> String {
    var scalars: [UInt8] = []
    scalars.reserveCapacity(content.count)
    var position = 0
    func fail(_ message: String, _ at: Int) -> JSONSyntaxError {
      JSONSyntaxError(offset: start + 1 + at, message: message)
    }
    while position < content.count {
      let byte = content[position]
      guard byte == UInt8(ascii: "\\") else {
        scalars.append(byte)
        position += 1
        continue
      }
      guard position + 1 < content.count else { throw fail("incomplete escape", position) }
      let escape = content[position + 1]
      position += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
      case UInt8(ascii: "b"): scalars.append(0x08)
      case UInt8(ascii: "f"): scalars.append(0x0C)
      case UInt8(ascii: "n"): scalars.append(0x0A)
      case UInt8(ascii: "r"): scalars.append(0x0D)
      case UInt8(ascii: "t"): scalars.append(0x09)
      case UInt8(ascii: "u"):
        guard var code = hexQuad(content, position) else {
          throw fail("invalid \\u escape; expected four hex digits", position - 2)
        }
        position += 4
        if (0xD800..<0xDC00).contains(code) {
          // A high surrogate must be followed by an escaped low surrogate.
          guard position + 6 <= content.count, content[position] == UInt8(ascii: "\\"),
            content[position + 1] == UInt8(ascii: "u"), let low = hexQuad(content, position + 2),
            (0xDC00..<0xE000).contains(low)
          else { throw fail("unpaired surrogate in \\u escape", position - 6) }
          position += 6
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
          throw fail("unpaired surrogate in \\u escape", position - 6)
        }
        guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape", position - 6) }
        scalars.append(contentsOf: UTF8.encode(scalar)!)
      default:
        throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))'", position - 2)
      }
    }
    guard let string = String(validating: scalars, as: UTF8.self) else {
      throw JSONSyntaxError(offset: start, message: "invalid UTF-8 in this string; save the file as UTF-8")
    }
    return string
  }

  private static func hexQuad(_ content: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
    guard at + 4 <= content.count else { return nil }
    var value: UInt32 = 0
    for byte in content[at..<at + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
