/// Anki's text form of furigana: a word followed by its reading in
/// brackets, `山[やま]`, a space before a word where one starts
/// (`私[わたし]は 日本[にほん]`), as Anki's `{{furigana:}}` reads it.
enum Furigana {
  /// The text without its readings: `山[やま]` is `山`, `私[わたし]は 日本[にほん]`
  /// is `私は日本`.
  /// - Returns: `nil` when the text holds no reading.
  static func withoutReadings(_ text: String) -> String? {
    guard text.contains("["), text.contains("]") else { return nil }
    var result = ""
    var reading = false
    var found = false
    var pendingSpace = false
    for character in text {
      if reading {
        if character == "]" { reading = false }
        continue
      }
      switch character {
      case "[":
        reading = true
        found = true
      case " ":
        // A space that starts a word with a reading is not part of the text.
        pendingSpace = true
      default:
        if pendingSpace {
          // Kept between words of a language that spaces them.
          if !(result.last.map(isJapanese) ?? true) || !isJapanese(character) { result.append(" ") }
          pendingSpace = false
        }
        result.append(character)
      }
    }
    guard found, !reading else { return nil }
    let bare = result.trimmingWhitespace
    return bare.isEmpty || bare == text ? nil : bare
  }

  /// Whether a character is kana or a CJK ideograph, written without spaces.
  private static func isJapanese(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first?.value else { return false }
    return (0x3040...0x30FF).contains(scalar) || (0x3400...0x9FFF).contains(scalar)
      || (0xF900...0xFAFF).contains(scalar) || (0xFF66...0xFF9F).contains(scalar) || scalar == 0x3005
  }
}
