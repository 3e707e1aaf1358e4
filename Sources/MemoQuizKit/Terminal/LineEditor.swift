@preconcurrency import Glibc

/// Reads one line from a terminal in raw mode, with the editing keys people
/// expect: left and right, Home and End, Backspace and Delete, Ctrl-U,
/// Alt-b and Alt-f by word, and up and down through the lines typed earlier
/// in the session. The line is edited by grapheme cluster (a Swift
/// `Character`): an accented letter, a kana, a flag or an emoji joined with
/// zero-width joiners moves and deletes as one, as the terminal shows it.
///
/// A line wider than the terminal goes on over several rows, as readline
/// and linenoise's multi-line mode show it: the editor knows the row and
/// column of every character from display widths, and each redraw goes
/// back to the row the line starts on, clears to the end of the screen and
/// writes the line again.
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
  /// The column the line starts in: the prompt's width.
  private var startColumn = 0

  /// How long a lone Escape waits for the rest of a sequence, in
  /// milliseconds, as vi and zsh wait (`KEYTIMEOUT`).
  static let escapeTimeout: Int32 = 100

  /// - Parameter limit: the most bytes a line may hold; more are ignored.
  init(limit: Int) {
    self.limit = limit
  }

  /// Reads a line.
  /// - Parameters:
  ///   - startColumn: the column the cursor is in after the prompt.
  ///   - kana: whether romaji typed turns into kana as it is typed (see
  ///     ``KanaConverter``): what is shown is what the line holds, so the
  ///     cursor keys and Backspace work on the kana.
  ///   - singleKey: a first key that is text, other than `:`, is the whole
  ///     line at once, without Enter (a grade); `:` starts a line to edit.
  ///   - showPrompt: writes the prompt; called once the terminal is in raw
  ///     mode, so that no key typed after the prompt appears is read the
  ///     old way.
  func read(
    startColumn: Int = 0, kana: KanaConverter.Target = .none, singleKey: Bool = false, showPrompt: () -> Void
  ) -> Outcome {
    FileDescriptor.standardInput.inRawMode {
      readInRawMode(startColumn: startColumn, kana: kana, singleKey: singleKey, showPrompt: showPrompt)
    } ?? .endOfInput
  }

  /// ``read(startColumn:kana:singleKey:showPrompt:)`` with the terminal in raw mode.
  private func readInRawMode(
    startColumn: Int, kana: KanaConverter.Target, singleKey: Bool, showPrompt: () -> Void
  ) -> Outcome {
    showPrompt()
    self.startColumn = max(0, startColumn)

    var line = EditedLine()
    var shown = Shown()
    var browsing = history.count
    var draft = ""
    while true {
      guard let key = nextKey() else {
        finish(line, &shown)
        return SignalMonitor.receivedSignal != nil ? .interrupted : .endOfInput
      }
      if singleKey, line.characters.isEmpty, case .character(let character) = key, character != ":" {
        line.insert(character)
        finish(line, &shown)
        return .line(line.text)
      }
      switch key {
      case .enter:
        if kana != .none {
          // A last `n` is ん once the line is done.
          let text = KanaConverter.answer(line.text, for: kana)
          if text != line.text { line = EditedLine(text) }
        }
        finish(line, &shown)
        let text = line.text
        if !text.trimmingWhitespace.isEmpty && history.last != text { history.append(text) }
        return .line(text)
      case .endOfFile:
        if line.characters.isEmpty {
          finish(line, &shown)
          return .endOfInput
        }
        line.deleteForward()
      case .character(let character):
        guard line.byteCount + character.utf8.count <= limit else { continue }
        line.insert(character)
        if kana != .none { Self.convertBeforeCursor(&line, to: kana) }
      case .backspace: line.deleteBackward()
      case .delete: line.deleteForward()
      case .left: line.cursor = max(0, line.cursor - 1)
      case .right: line.cursor = min(line.characters.count, line.cursor + 1)
      case .home: line.cursor = 0
      case .end: line.cursor = line.characters.count
      case .wordLeft: line.moveToWordStart()
      case .wordRight: line.moveToWordEnd()
      case .killToStart: line.deleteToStart()
      case .up, .down:
        if browsing == history.count { draft = line.text }
        browsing = key == .up ? max(0, browsing - 1) : min(history.count, browsing + 1)
        line = EditedLine(browsing == history.count ? draft : history[browsing])
      case .ignored:
        continue
      }
      // Keys that arrived together (a paste, a fast typist) are shown once.
      if TerminalKey.decode(pending) == nil { redraw(line, &shown) }
    }
  }

  /// Turns the romaji before the cursor into kana, leaving what more keys
  /// could still change (a last `n`, `ky`) as it is typed.
  static func convertBeforeCursor(_ line: inout EditedLine, to kana: KanaConverter.Target) {
    let before = String(line.characters[..<line.cursor])
    let converted = KanaConverter.answer(before, for: kana, final: false)
    guard converted != before else { return }
    let after = String(line.characters[line.cursor...])
    line = EditedLine(converted + after)
    line.cursor = converted.count
  }

  // MARK: - Keys

  /// The next key pressed, or `nil` at the end of input or on a signal.
  private func nextKey() -> TerminalKey? {
    while true {
      if let (key, used) = TerminalKey.decode(pending) {
        pending.removeFirst(used)
        return key
      }
      // Escape alone: nothing follows it soon, so it is not the start of a
      // sequence, and the next key keeps its meaning.
      if pending == [0x1B], !SignalMonitor.inputArrives(on: .standardInput, within: Self.escapeTimeout) {
        pending.removeAll()
        return .ignored
      }
      guard SignalMonitor.waitForInput(on: .standardInput) else { return nil }
      var buffer = [UInt8](repeating: 0, count: 256)
      let read = buffer.withUnsafeMutableBytes { raw in
        Result { () throws(SystemError) in try FileDescriptor.standardInput.readOnce(into: raw) }
      }
      switch read {
      case .success(let count?) where count > 0: pending.append(contentsOf: buffer[0..<count])
      // Interrupted: the loop checks for a signal and reads again.
      case .success(nil): break
      default: return nil
      }
    }
  }

  // MARK: - Showing the line

  /// What the terminal shows of the line.
  private struct Shown {
    var characters: [Character] = []
    var cursor = 0
    var width = 0
    /// The row of the terminal's cursor, counted from the line's first row.
    var cursorRow = 0
  }

  /// Shows the edited line: up to its first row, the rest of the screen
  /// cleared from the line's first column, the whole line written again,
  /// then to the cursor. Answers are short, so writing them whole costs
  /// nothing, and a line that shrank leaves nothing behind.
  /// - Parameter cursorAtEnd: put the terminal's cursor after the line, as
  ///   before a new line is started below it.
  @discardableResult
  private func redraw(_ line: EditedLine, _ shown: inout Shown, cursorAtEnd: Bool = false) -> LineLayout {
    let width = Self.terminalWidth()
    let layout = LineLayout(line.characters, startColumn: startColumn % width, width: width)
    let cursorIndex = cursorAtEnd ? line.characters.count : line.cursor
    guard shown.characters != line.characters || shown.cursor != cursorIndex || shown.width != width else {
      return layout
    }
    let cursor = layout.positions[cursorIndex]
    var text = shown.cursorRow > 0 ? "\u{1B}[\(shown.cursorRow)A\r" : "\r"
    if layout.startColumn > 0 { text += "\u{1B}[\(layout.startColumn)C" }
    text += "\u{1B}[J" + layout.text
    // At the right margin the terminal's cursor waits in the last column;
    // a new line puts it where the layout says the line ends.
    if layout.fillsLastRow { text += "\r\n" }
    let end = layout.positions[line.characters.count]
    if end.row > cursor.row { text += "\u{1B}[\(end.row - cursor.row)A" }
    text += "\r" + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "")
    output(text)
    shown = Shown(characters: line.characters, cursor: cursorIndex, width: width, cursorRow: cursor.row)
    return layout
  }

  /// Shows the whole line and moves below it, as Enter, Ctrl-D and Ctrl-C
  /// leave it.
  private func finish(_ line: EditedLine, _ shown: inout Shown) {
    let layout = redraw(line, &shown, cursorAtEnd: true)
    // A line that fills its last row already moved to a new one.
    output(layout.fillsLastRow && !line.characters.isEmpty ? "\r" : "\r\n")
  }

  /// The terminal's width in columns. The corresponding C function is
  /// `ioctl` with `TIOCGWINSZ`.
  private static func terminalWidth() -> Int {
    FileDescriptor.standardOutput.terminalColumns ?? 80
  }

  private func output(_ text: String) {
    try? FileDescriptor.standardOutput.writeAll(Array(text.utf8))
  }
}
