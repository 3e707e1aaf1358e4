/// Colours and emphasis for terminal output, as ANSI escape sequences.
///
/// Colour is on only when standard output is a terminal, `NO_COLOR` is unset
/// and `TERM` is not `dumb`; otherwise every method returns its text as is.
public struct TextStyle: Sendable {
  /// Whether escape sequences are written.
  public let isEnabled: Bool
  /// Whether the locale can show Unicode block characters.
  public let isUnicode: Bool

  public init(isEnabled: Bool, isUnicode: Bool) {
    self.isEnabled = isEnabled
    self.isUnicode = isUnicode
  }

  /// The style for a stream, following `NO_COLOR`, `TERM` and the locale.
  /// - Parameter environment: looks up a variable.
  public static func detect(isTerminal: Bool, environment: (String) -> String?) -> TextStyle {
    let noColor = environment("NO_COLOR").map { !$0.isEmpty } ?? false
    let dumb = environment("TERM") == "dumb"
    let locale =
      environment("LC_ALL").flatMap { $0.isEmpty ? nil : $0 }
      ?? environment("LC_CTYPE").flatMap { $0.isEmpty ? nil : $0 }
      ?? environment("LANG") ?? ""
    let unicode = locale.lowercased().contains("utf-8") || locale.lowercased().contains("utf8")
    return TextStyle(isEnabled: isTerminal && !noColor && !dumb, isUnicode: unicode)
  }

  public static let plain = TextStyle(isEnabled: false, isUnicode: true)

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  public func bold(_ text: String) -> String { wrap(text, "1") }
  public func dim(_ text: String) -> String { wrap(text, "2") }
  public func green(_ text: String) -> String { wrap(text, "32") }
  public func red(_ text: String) -> String { wrap(text, "31") }
  public func yellow(_ text: String) -> String { wrap(text, "33") }
  public func cyan(_ text: String) -> String { wrap(text, "36") }
  /// A colour of the 256-colour palette, as terminals since xterm show them.
  public func color256(_ text: String, _ code: Int) -> String { wrap(text, "38;5;\(code)") }
}
