/// Makes text from a questions file safe to print.
///
/// A questions file is data, not a program: it must not move the cursor,
/// retitle the terminal, clear the screen or hide text. Control characters
/// become visible caret notation (ESC shows as `^[`), and C1 controls,
/// bidirectional overrides and invisible characters (a zero-width space, a
/// soft hyphen) show as `<U+XXXX>`.
public enum TextSanitizer {
  /// The text with every control character and escape sequence neutralised.
  public static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard isUnsafe(scalar) else {
        result.append(scalar)
        continue
      }
      switch scalar.value {
      case 0x09, 0x0A, 0x0D:
        result.append(" ")
      case 0x00..<0x20:
        result.append("^")
        result.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
      case 0x7F:
        result.append(contentsOf: "^?".unicodeScalars)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result.append(contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)>".unicodeScalars)
      }
    }
    return String(result)
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0: true
    // Bidirectional embeddings, overrides and isolates can reorder or hide text.
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: isInvisible(scalar)
    }
  }

  /// Characters that take no room and show nothing, yet make two texts
  /// differ: zero-width spaces and joiners' lookalikes, the byte order mark,
  /// the soft hyphen and tag characters. (The zero-width joiner and
  /// non-joiner are left alone: emoji and some scripts need them.)
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x034F, 0x180E, 0x200B, 0x2060...0x2064, 0xFEFF, 0xE0000...0xE007F: true
    default: false
    }
  }

  /// The text without invisible characters, as answers and names are compared.
  public static func withoutInvisibles(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: text.unicodeScalars.lazy.filter { !isInvisible($0) })
    return String(result)
  }
}
