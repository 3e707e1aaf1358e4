/// Breaks prose into lines at spaces so that no line is wider than the
/// terminal, counting display columns (a kana takes two).
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

  /// - Parameters:
  ///   - indent: put before every line after the first.
  public static func wrapped(_ text: String, width: Int, indent: String = "  ") -> String {
    guard DisplayWidth.of(text) > width else { return text }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = DisplayWidth.of(String(word))
      if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
        lines.append(line)
        line = indent + word
        lineWidth = DisplayWidth.of(indent) + wordWidth
      } else {
        line += (lineWidth > 0 ? " " : "") + word
        lineWidth += (lineWidth > 0 ? 1 : 0) + wordWidth
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
