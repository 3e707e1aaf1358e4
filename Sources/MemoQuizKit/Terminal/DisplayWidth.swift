/// How many terminal columns text takes: wide (CJK) characters and emoji
/// take two, combining marks none. Width is counted by grapheme cluster, as
/// current terminals show text: a flag, an emoji with a skin tone or joined
/// with zero-width joiners takes the two columns of one emoji.
public enum DisplayWidth {
  /// The columns `text` takes on a terminal; colour escape sequences take
  /// none.
  public static func of(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for character in text {
      if inEscape {
        // An escape sequence ends with its final letter.
        if let value = character.unicodeScalars.first?.value, (0x40...0x7E).contains(value), character != "[" {
          inEscape = false
        }
        continue
      }
      if character == "\u{1B}" {
        inEscape = true
        continue
      }
      width += of(character)
    }
    return width
  }

  /// The columns one grapheme cluster takes: its first character's, two
  /// for a flag (a pair of regional indicators) and for a symbol shown as
  /// an emoji (followed by U+FE0F); joiners, modifiers and marks add none.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    guard scalars.count > 1 else { return columns(of: first) }
    if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
    if scalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
    return scalars.lazy.map(columns(of:)).first { $0 > 0 } ?? 0
  }

  static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    return isWide(value) ? 2 : 1
  }

  /// East Asian Wide and Fullwidth ranges, and emoji.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }

  /// `text` padded with spaces to `width` columns, or cut with "…" to fit.
  public static func fit(_ text: String, width: Int, alignRight: Bool = false) -> String {
    let current = of(text)
    if current <= width {
      let padding = String(repeating: " ", count: width - current)
      return alignRight ? padding + text : text + padding
    }
    var result = ""
    var used = 0
    for character in text {
      let columns = of(character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…" + String(repeating: " ", count: max(0, width - 1 - used))
  }
}
