@testable import MemoQuizKit
@testable import memoquiz

/// A terminal whose standard streams are pipes, as when `memoquiz` runs in a
/// script: the whole input has arrived and ends, output is recorded.
///
/// It reads lines as ``StandardTerminal`` reads a pipe (a carriage return
/// before the line break dropped, an overlong line dropped with a notice, a
/// last line without a break still read) and wraps text only at `COLUMNS`.
final class PipedTerminal: ToolTerminal {
  let isInteractive = false
  let style: TextStyle
  let errorStyle: TextStyle
  let outputFailure: SystemError? = nil
  /// `COLUMNS`, when set: the width text is wrapped to.
  private let columns: Int?
  private let input: [UInt8]
  private var inputStart = 0
  private var queued = ""
  /// Everything written to standard output.
  private(set) var standardOutput = ""
  /// Everything written to standard error, each line with its line break.
  private(set) var standardError = ""
  /// The flush (counted from 1) at which the reader goes away, as `head`
  /// does: from it on, nothing more is written.
  var readerLeavesAtFlush: Int?
  private var flushes = 0
  private(set) var outputIsClosed = false

  init(input: String, environment: [String: String]) {
    self.input = Array(input.utf8)
    style = TextStyle.detect(isTerminal: false) { environment[$0] }
    errorStyle = style
    columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
  }

  var width: Int { columns ?? 80 }

  func write(_ text: String) {
    guard let columns else { return writeVerbatim(text) }
    writeVerbatim(TextWrapping.wrappedLines(text, width: columns))
  }

  func writeVerbatim(_ text: String) { queued += text }

  func writeError(_ text: String) {
    flush()
    standardError += (columns.map { TextWrapping.wrappedLines(text, width: $0) } ?? text) + "\n"
  }

  func writeErrorVerbatim(_ text: String) {
    flush()
    standardError += text
  }

  func flush() {
    defer { queued = "" }
    guard !queued.isEmpty else { return }
    flushes += 1
    if let leaves = readerLeavesAtFlush, flushes >= leaves { outputIsClosed = true }
    if !outputIsClosed { standardOutput += queued }
  }

  var hasWaitingLine: Bool { input[inputStart...].contains(UInt8(ascii: "\n")) }

  var hasNoInput: Bool { inputStart >= input.count }

  func readLine() -> TerminalInput {
    flush()
    guard inputStart < input.count else { return .endOfInput }
    let newline = input[inputStart...].firstIndex(of: UInt8(ascii: "\n"))
    let end = newline ?? input.count
    defer { inputStart = newline.map { $0 + 1 } ?? input.count }
    guard end - inputStart <= StandardTerminal.lineLimit else {
      writeError("memoquiz: that line is longer than \(StandardTerminal.lineLimit / 1024) KB; it was ignored")
      return .tooLong
    }
    var lineEnd = end
    if newline != nil, lineEnd > inputStart, input[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    return .line(String(decoding: input[inputStart..<lineEnd], as: UTF8.self))
  }
}
