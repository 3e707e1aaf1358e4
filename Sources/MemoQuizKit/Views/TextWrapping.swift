/// Breaks prose into lines at spaces so that no line is wider than the
/// terminal, counting display columns (a kana takes two).
///
/// Some runs of words are never broken, so that what a reader copies still
/// works: an inline command in backticks (`` `memoquiz play Hiragana` ``), a
/// quoted phrase (`'Basic Phrases'`), an option with its placeholder value
/// (`--seed N`), and words aligned by several spaces. Such a run is broken
/// at its spaces only when it is wider than a line by itself.
public enum TextWrapping {
  /// Each line of `text` wrapped, its continuation lines indented two
  /// columns more than the line itself.
  public static func wrappedLines(_ text: String, width: Int) -> String {
    // Most text fits: check cheaply before splitting anything.
    guard text.utf8.count > width else { return text }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.contains(where: { $0.utf8.count > width && DisplayWidth.of(String($0)) > width }) else {
      return text
    }
    return lines.map { line in
      let line = String(line)
      let indent = String(repeating: " ", count: line.prefix { $0 == " " }.count + 2)
      return wrapped(line, width: width, indent: indent)
    }.joined(separator: "\n")
  }

  /// One line of text wrapped; its own leading spaces stay on its first line.
  /// - Parameters:
  ///   - indent: put before every line after the first.
  public static func wrapped(_ text: String, width: Int, indent: String = "  ") -> String {
    guard DisplayWidth.of(text) > width else { return text }
    let leading = String(text.prefix { $0 == " " })
    return lines(String(text.dropFirst(leading.count)), width: width, firstIndent: leading, indent: indent)
      .joined(separator: "\n")
  }

  /// A paragraph broken into lines of at most `width` columns.
  /// - Parameters:
  ///   - firstIndent: put before the first line.
  ///   - indent: put before every other line.
  /// - Returns: the lines, without their line breaks.
  public static func lines(_ text: String, width: Int, firstIndent: String = "", indent: String = "") -> [String] {
    var lines: [String] = []
    var line = firstIndent
    var lineWidth = DisplayWidth.of(firstIndent)
    var isEmpty = true
    func place(_ piece: String) {
      let pieceWidth = DisplayWidth.of(piece)
      if !isEmpty && lineWidth + 1 + pieceWidth > width {
        lines.append(line)
        line = indent + piece
        lineWidth = DisplayWidth.of(indent) + pieceWidth
      } else {
        line += (isEmpty ? "" : " ") + piece
        lineWidth += (isEmpty ? 0 : 1) + pieceWidth
      }
      isEmpty = false
    }
    let room = width - max(DisplayWidth.of(firstIndent), DisplayWidth.of(indent))
    for unit in units(of: text) {
      if unit.count > 1 && DisplayWidth.of(unit.joined(separator: " ")) > room {
        // Wider than any line: break it at its own spaces after all.
        unit.forEach(place)
      } else {
        place(unit.joined(separator: " "))
      }
    }
    lines.append(line)
    return lines
  }

  /// The runs of words that a line break may separate, each given as its
  /// words (an empty word stands for one more space).
  static func units(of text: String) -> [[String]] {
    let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    var units: [[String]] = []
    var index = 0
    while index < words.count {
      var end = index + 1
      if let closing = closingIndex(of: words, from: index) {
        end = closing + 1
      } else if isOption(words[index]), end < words.count, isPlaceholder(words[end]) {
        end += 1
      }
      // Several spaces align what follows with what precedes: keep them together.
      if end < words.count && words[end].isEmpty {
        while end < words.count && words[end].isEmpty { end += 1 }
        end = min(end + 1, words.count)
      }
      units.append(Array(words[index..<min(end, words.count)]))
      index = end
    }
    return units.filter { $0 != [""] }
  }

  /// Where a backtick span or a quoted phrase that opens at `start` closes,
  /// when it opens there and closes within a few words.
  private static func closingIndex(of words: [String], from start: Int) -> Int? {
    let word = words[start].drop { $0 == "(" || $0 == "[" }
    guard let mark = word.first, mark == "`" || mark == "'" || mark == "\"" else { return nil }
    let closesItself = { (text: Substring) -> Bool in
      if mark == "`" { return text.count { $0 == "`" } % 2 == 0 }
      let trimmed = text.reversed().drop { ".,;:!?)]".contains($0) }
      return trimmed.first == mark
    }
    if word.count > 1 && closesItself(word) { return nil }
    for end in (start + 1)..<min(words.count, start + 12) {
      if mark == "`" {
        if words[end].contains("`") { return end }
      } else if closesItself(words[end][...]) {
        return end
      }
    }
    return nil
  }

  /// `--seed` or `-n`, as options are written.
  private static func isOption(_ word: String) -> Bool {
    word.count > 1 && word.hasPrefix("-") && word.dropFirst().allSatisfy { $0.isLetter || $0 == "-" }
  }

  /// `N`, `FILE` or `NAME`, as option values are named (a `,` or `;` may follow).
  private static func isPlaceholder(_ word: String) -> Bool {
    let name = word.reversed().drop { ",;.)]".contains($0) }
    return !name.isEmpty && name.allSatisfy { ($0.isUppercase && $0.isASCII) || $0 == "_" }
  }
}
