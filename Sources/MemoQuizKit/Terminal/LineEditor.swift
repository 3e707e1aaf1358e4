@preconcurrency import Glibc

/// Reads one line from a terminal in raw mode, with the editing keys people
/// expect: left and right, Home and End, Backspace and Delete, Ctrl-U, and
/// up and down through the lines typed earlier in the session. A wide
/// character moves and deletes as one.
///
/// The terminal is in raw mode only while a line is being read: echo and
/// line buffering off, signals on, so that Ctrl-C still interrupts. The
/// saved settings are put back before `read` returns, whatever ends it.
final class LineEditor {
  /// What ended a line.
  enum Outcome {
    case line(String)
    case endOfInput
    case interrupted
  }

  /// The lines typed earlier, oldest first.
  private var history: [String] = []
  /// Bytes read but not yet used: the start of a key sequence.
  private var pending: [UInt8] = []
  private let limit: Int

  /// - Parameter limit: the most bytes a line may hold; more are ignored.
  init(limit: Int) {
    self.limit = limit
  }

  /// The state of the line being edited.
  private struct Line {
    var characters: [Character] = []
    var cursor = 0
    /// The characters as shown, and where the terminal's cursor is in them.
    var shown: [Character] = []
    var shownCursor = 0

    var text: String { String(characters) }
  }

  /// Reads a line.
  /// - Parameter showPrompt: writes the prompt; called once the terminal
  ///   is in raw mode, so that no key typed after the prompt appears is
  ///   read the old way.
  func read(showPrompt: () -> Void) -> Outcome {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return .endOfInput }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSADRAIN, &raw)
    defer { tcsetattr(0, TCSADRAIN, &saved) }
    showPrompt()

    var line = Line()
    var browsing = history.count
    var draft = ""
    while true {
      guard let key = nextKey() else {
        output("\r\n")
        return SignalMonitor.receivedSignal != nil ? .interrupted : .endOfInput
      }
      switch key {
      case .enter:
        redraw(&line)
        output("\r\n")
        let text = line.text
        if !text.trimmingWhitespace.isEmpty && history.last != text { history.append(text) }
        return .line(text)
      case .endOfFile:
        if line.characters.isEmpty {
          output("\r\n")
          return .endOfInput
        }
        if line.cursor < line.characters.count { line.characters.remove(at: line.cursor) }
      case .character(let character):
        guard line.text.utf8.count + character.utf8.count <= limit else { continue }
        line.characters.insert(character, at: line.cursor)
        line.cursor += 1
      case .backspace:
        guard line.cursor > 0 else { continue }
        line.cursor -= 1
        line.characters.remove(at: line.cursor)
      case .delete:
        guard line.cursor < line.characters.count else { continue }
        line.characters.remove(at: line.cursor)
      case .left: line.cursor = max(0, line.cursor - 1)
      case .right: line.cursor = min(line.characters.count, line.cursor + 1)
      case .home: line.cursor = 0
      case .end: line.cursor = line.characters.count
      case .killToStart:
        line.characters.removeSubrange(0..<line.cursor)
        line.cursor = 0
      case .up, .down:
        if browsing == history.count { draft = line.text }
        browsing = key == .up ? max(0, browsing - 1) : min(history.count, browsing + 1)
        line.characters = Array(browsing == history.count ? draft : history[browsing])
        line.cursor = line.characters.count
      case .ignored:
        continue
      }
      // Keys that arrived together (a paste, a fast typist) are shown once.
      if Self.key(in: pending) == nil { redraw(&line) }
    }
  }

  // MARK: - Keys

  enum Key: Equatable {
    case character(Character)
    case enter, endOfFile, backspace, delete, left, right, home, end, up, down, killToStart, ignored
  }

  /// The next key pressed, or `nil` at the end of input or on a signal.
  private func nextKey() -> Key? {
    while true {
      if let (key, used) = Self.key(in: pending) {
        pending.removeFirst(used)
        return key
      }
      guard SignalMonitor.waitForInput(on: .standardInput) else { return nil }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
      if count > 0 {
        pending.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        return nil
      }
    }
  }

  /// The key that `bytes` start with and how many bytes it takes, or `nil`
  /// when more bytes are needed.
  static func key(in bytes: [UInt8]) -> (Key, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x04: return (.endOfFile, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01: return (.home, 1)
    case 0x05: return (.end, 1)
    case 0x02: return (.left, 1)
    case 0x06: return (.right, 1)
    case 0x15: return (.killToStart, 1)
    case 0x10: return (.up, 1)
    case 0x0E: return (.down, 1)
    case 0x1B: return escapeSequence(bytes)
    case 0x00..<0x20: return (.ignored, 1)
    default: break
    }
    // A UTF-8 character, and any combining marks after it that arrived.
    let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    guard bytes.count >= length else { return nil }
    guard let text = String(validating: bytes[0..<length], as: UTF8.self), let character = text.first else {
      return (.ignored, 1)
    }
    return (.character(character), length)
  }

  /// Arrows, Home, End and Delete, as terminals send them (`ESC [ x`,
  /// `ESC O x`, `ESC [ n ~`).
  private static func escapeSequence(_ bytes: [UInt8]) -> (Key, Int)? {
    guard bytes.count >= 2 else { return nil }
    guard bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else { return (.ignored, 1) }
    var end = 2
    while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return nil }
    let parameters = String(decoding: bytes[2..<end], as: UTF8.self)
    let key: Key =
      switch (bytes[end], parameters) {
      case (UInt8(ascii: "A"), _): .up
      case (UInt8(ascii: "B"), _): .down
      case (UInt8(ascii: "C"), _): .right
      case (UInt8(ascii: "D"), _): .left
      case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
      case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
      case (UInt8(ascii: "~"), "3"): .delete
      default: .ignored
      }
    return (key, end + 1)
  }

  // MARK: - Showing the line

  /// Shows the edited line: back to its start, the whole line written
  /// again and the rest of the terminal's line cleared, then back to the
  /// cursor. Answers are short, so writing them whole costs nothing.
  private func redraw(_ line: inout Line) {
    guard line.shown != line.characters || line.shownCursor != line.cursor else { return }
    var text = ""
    let back = width(line.shown, 0..<line.shownCursor)
    if back > 0 { text += "\u{1B}[\(back)D" }
    text += TextSanitizer.sanitized(line.text) + "\u{1B}[K"
    let after = width(line.characters, line.cursor..<line.characters.count)
    if after > 0 { text += "\u{1B}[\(after)D" }
    output(text)
    line.shown = line.characters
    line.shownCursor = line.cursor
  }

  private func width(_ characters: [Character], _ range: Range<Int>) -> Int {
    guard !range.isEmpty else { return 0 }
    return DisplayWidth.of(TextSanitizer.sanitized(String(characters[range])))
  }

  private func output(_ text: String) {
    try? FileDescriptor.standardOutput.writeAll(Array(text.utf8))
  }
}
