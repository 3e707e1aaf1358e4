/// Breaks prose into lines at spaces so that no line is wider than the
/// terminal, counting display columns (a kana takes two).
public enum TextWrapping {
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
