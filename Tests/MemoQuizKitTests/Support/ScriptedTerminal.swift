@testable import MemoQuizKit

/// A terminal that types a script of lines and records what is shown.
///
/// `onFlush` runs each time output is sent, so a test can look at the disk
/// at the exact moment a verdict becomes visible.
final class ScriptedTerminal: Terminal {
  let isInteractive: Bool
  let style = TextStyle.plain
  let width = 80
  private var lines: [String]
  /// Lines that count as already waiting: the first `waiting` of the script.
  private var waiting: Int
  private var queued = ""
  private(set) var shown = ""
  var onFlush: (String) -> Void = { _ in }

  init(lines: [String], allWaiting: Bool = true, isInteractive: Bool = false) {
    self.lines = lines
    self.waiting = allWaiting ? lines.count : 0
    self.isInteractive = isInteractive
  }

  func write(_ text: String) { queued += text }
  func writeError(_ text: String) {}

  func flush() {
    guard !queued.isEmpty else { return }
    shown += queued
    queued = ""
    onFlush(shown)
  }

  func readLine() -> TerminalInput {
    flush()
    guard !lines.isEmpty else { return .endOfInput }
    waiting = max(0, waiting - 1)
    return .line(lines.removeFirst())
  }

  var hasWaitingLine: Bool { waiting > 0 && !lines.isEmpty }
}
