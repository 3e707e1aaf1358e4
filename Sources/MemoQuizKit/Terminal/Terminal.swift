/// One line of input, or why there is none.
public enum TerminalInput: Equatable, Sendable {
  case line(String)
  /// A line longer than ``StandardTerminal/lineLimit``: it was read to its
  /// end and dropped.
  case tooLong
  /// Standard input is closed (Ctrl-D, or the end of a pipe).
  case endOfInput
  /// Ctrl-C, SIGTERM or SIGHUP arrived.
  case interrupted
}

/// The seam between memoquiz and the person using it: where text goes and
/// where answers come from. Tests drive the real binary through pipes and a
/// pseudo-terminal; this protocol lets the library run against any of them.
public protocol Terminal: AnyObject {
  /// Whether a person is at the keyboard: standard input and output are both
  /// terminals. Menus, confirmations and instructions appear only then.
  var isInteractive: Bool { get }
  /// How text is coloured; plain when colour is off.
  var style: TextStyle { get }
  /// The width of the screen in columns.
  var width: Int { get }
  /// Queues text for standard output; ``flush()`` or a read sends it.
  func write(_ text: String)
  /// Writes a line to standard error at once.
  func writeError(_ text: String)
  /// Sends everything queued by ``write(_:)``.
  func flush()
  /// Sends queued output, then reads one line without its line break.
  func readLine() -> TerminalInput
  /// Sends queued output, then reads a choice of one key: on a terminal a
  /// single key press is enough, without Enter, and `:` starts a whole line
  /// (`:undo`); elsewhere a line is read.
  func readKey() -> TerminalInput
  /// Whether a whole line has already arrived and can be read without waiting.
  var hasWaitingLine: Bool { get }
  /// Whether input is known, without waiting, to hold nothing at all (a
  /// script or a cron job with no input): nothing should be asked then.
  var hasNoInput: Bool { get }
  /// Whether standard output can no longer be written: a write failed, or
  /// the reader at the other end of a pipe is gone. A round records no
  /// answer whose verdict could not be shown.
  var outputIsClosed: Bool { get }
  /// Reads an answer line; on a terminal, romaji typed is turned into kana
  /// as it is typed when `kana` says so (see ``KanaConverter``).
  func readLine(kana: KanaConverter.Target) -> TerminalInput
}

extension Terminal {
  /// A terminal that cannot show kana as it is typed reads the line as it
  /// comes; the round converts it before judging.
  public func readLine(kana: KanaConverter.Target) -> TerminalInput { readLine() }
}

extension Terminal {
  /// Input is not known to be empty unless the terminal can tell.
  public var hasNoInput: Bool { false }

  /// Output is not known to be closed unless the terminal can tell.
  public var outputIsClosed: Bool { false }

  /// A terminal that cannot read single keys reads a line.
  public func readKey() -> TerminalInput { readLine() }

  /// Writes a warning as `memoquiz: warning: ...` to standard error.
  public func warn(_ message: String) {
    writeError("memoquiz: warning: \(TextSanitizer.sanitized(message))")
  }

  /// Asks a yes/no question; Enter alone gives `defaultAnswer`.
  /// - Returns: the answer, or `nil` at end of input or on an interrupt.
  public func confirm(_ question: String, defaultAnswer: Bool) -> Bool? {
    while true {
      write("\(question) \(defaultAnswer ? "[Y/n]" : "[y/N]") ")
      let input = readLine()
      if input == .tooLong { continue }
      guard case .line(let line) = input else { return nil }
      switch line.trimmingWhitespace.lowercased() {
      case "": return defaultAnswer
      case "y", "yes": return true
      case "n", "no": return false
      case "q", ":quit": return nil
      default: write("Please answer y or n (q leaves).\n")
      }
    }
  }
}
