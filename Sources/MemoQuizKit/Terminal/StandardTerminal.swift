@preconcurrency import Glibc

/// The process's real standard input, output and error.
///
/// Input is read in large blocks and split into lines here, not through
/// `readLine()`, so that the round can see which answers are already waiting
/// in a pipe and commit them together. Output is buffered until the next read
/// or ``flush()``.
public final class StandardTerminal: Terminal {
  public let isInteractive: Bool
  /// Whether standard output is a terminal, whose width can change while
  /// memoquiz runs.
  private let outputIsTerminal: Bool
  public let style: TextStyle
  /// The style for standard error, which may be a terminal when output is not.
  public let errorStyle: TextStyle
  private var input: [UInt8] = []
  private var inputStart = 0
  private var inputEnded = false
  private var output: [UInt8] = []
  private var outputBroken = false
  /// The column standard output's last line ends in: where an answer typed
  /// after a prompt starts.
  private var outputColumn = 0
  /// Set while the rest of an overlong line is read and dropped.
  private var droppingLine = false
  /// Why standard output could not be written, when it was not a reader
  /// going away (a full disk, an I/O error).
  public private(set) var outputFailure: SystemError?

  /// The longest input line read: longer ones are dropped with a notice.
  public static let lineLimit = 65_536

  /// Wires the terminal to the process's standard streams and environment.
  public init() {
    let environment: (String) -> String? = { SystemInfo.environment($0) }
    let outputIsTerminal = FileDescriptor.standardOutput.isTerminal
    isInteractive = FileDescriptor.standardInput.isTerminal && outputIsTerminal
    self.outputIsTerminal = outputIsTerminal
    style = TextStyle.detect(isTerminal: outputIsTerminal, environment: environment)
    errorStyle = TextStyle.detect(isTerminal: FileDescriptor.standardError.isTerminal, environment: environment)
  }

  /// The terminal's width now; for a pipe or a file, asked once, since it
  /// cannot change (a long pipe of answers asks it at every verdict).
  public var width: Int { outputIsTerminal ? (Self.width(of: 1) ?? 80) : (outputWidth ?? 80) }

  /// The width of the terminal on `descriptor`, else `COLUMNS`.
  private static func width(of descriptor: CInt) -> Int? {
    if let columns = FileDescriptor(rawValue: descriptor).terminalColumns { return columns }
    if let columns = SystemInfo.environment("COLUMNS").flatMap({ Int($0) }), columns > 0 { return columns }
    return nil
  }

  /// The widths text is wrapped to: a terminal's, or `COLUMNS`; output to
  /// a pipe or a file with no `COLUMNS` is not wrapped.
  private lazy var outputWidth = Self.width(of: 1)
  private lazy var errorWidth = Self.width(of: 2)

  /// Writes text for people: lines wider than the terminal are wrapped at
  /// spaces, onto indented lines.
  public func write(_ text: String) {
    guard let outputWidth else { return writeVerbatim(text) }
    writeVerbatim(TextWrapping.wrappedLines(text, width: outputWidth))
  }

  /// Writes text exactly as it is, as JSON and exported files need.
  public func writeVerbatim(_ text: String) {
    output.append(contentsOf: text.utf8)
    let lineStart = text.utf8.lastIndex { $0 == 0x0A || $0 == 0x0D }.map { text.utf8.index(after: $0) }
    let lastLine = lineStart.map { String(text[$0...]) } ?? text
    outputColumn = (lineStart == nil ? outputColumn : 0) + DisplayWidth.of(lastLine)
    if output.count > 65_536 { flush() }
  }

  public func writeError(_ text: String) {
    flush()
    let wrapped = errorWidth.map { TextWrapping.wrappedLines(text, width: $0) } ?? text
    try? FileDescriptor.standardError.writeAll(Array((wrapped + "\n").utf8))
  }

  /// Writes to standard error exactly as it is.
  public func writeErrorVerbatim(_ text: String) {
    flush()
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
  }

  public func flush() {
    guard !output.isEmpty else { return }
    defer { output.removeAll(keepingCapacity: true) }
    guard !outputBroken else { return }
    do {
      try FileDescriptor.standardOutput.writeAll(output)
    } catch {
      // Nothing more can be shown. A reader going away (a closed pipe, a
      // hung-up terminal) ends the session quietly; anything else is
      // reported when the command ends.
      outputBroken = true
      if error.errno != EPIPE && error.errno != EIO { outputFailure = error }
    }
  }

  /// Whether standard output is closed: a write to it failed, or it is a
  /// pipe whose reader is gone (`poll` reports an error on the write end).
  /// The corresponding C function is `poll`.
  public var outputIsClosed: Bool {
    if outputBroken { return true }
    return FileDescriptor.standardOutput.readinessNow(reading: false)?.failed ?? false
  }

  public var hasWaitingLine: Bool {
    !droppingLine && input[inputStart...].contains(UInt8(ascii: "\n"))
  }

  /// Whether standard input, not a terminal, holds nothing: `/dev/null`, a
  /// file read to its end, a pipe closed empty, or no input at all. Never
  /// waits and reads nothing. The corresponding C functions are `fstat` and
  /// `poll`.
  public var hasNoInput: Bool {
    guard !isInteractive, !droppingLine, inputStart >= input.count else { return false }
    if inputEnded { return true }
    let status: FileStatus
    do {
      status = try FileStatus(.standardInput)
    } catch {
      return error.errno == EBADF
    }
    switch status.type {
    case .characterDevice:
      return (try? FileStatus(path: "/dev/null"))?.representedDevice == status.representedDevice
    case .regular:
      return FileDescriptor.standardInput.position.map { $0 >= status.size } ?? false
    case .fifo, .socket:
      guard let ready = FileDescriptor.standardInput.readinessNow(reading: true) else { return false }
      return !ready.readable && ready.hungUp
    default:
      return false
    }
  }

  private func reportTooLong() {
    writeError("memoquiz: that line is longer than \(Self.lineLimit / 1024) KB; it was ignored")
  }

  /// On a terminal, lines are read by a line editor of our own.
  private lazy var editor = LineEditor(limit: Self.lineLimit)
  /// `TERM=dumb` cannot move the cursor: lines are read as typed.
  private let isDumb = SystemInfo.environment("TERM") == "dumb"

  public func readKey() -> TerminalInput { readLine(kana: .none, singleKey: true) }

  public func readLine() -> TerminalInput { readLine(kana: .none, singleKey: false) }

  public func readLine(kana: KanaConverter.Target) -> TerminalInput { readLine(kana: kana, singleKey: false) }

  /// Reads a line, turning romaji into kana as it is typed when `kana` says
  /// so; on a terminal with `singleKey`, a first key other than `:` is the
  /// whole line.
  private func readLine(kana: KanaConverter.Target, singleKey: Bool) -> TerminalInput {
    if isInteractive && !isDumb {
      // The editor ends the line it reads: what comes next starts a new one.
      defer { outputColumn = 0 }
      switch editor.read(
        startColumn: outputColumn % max(1, width), kana: kana, singleKey: singleKey, showPrompt: flush)
      {
      case .line(let line): return .line(line)
      case .endOfInput: return .endOfInput
      case .interrupted: return .interrupted
      }
    }
    flush()
    while true {
      if SignalMonitor.receivedSignal != nil { return .interrupted }
      if droppingLine {
        if let newline = input[inputStart...].firstIndex(of: UInt8(ascii: "\n")) {
          inputStart = newline + 1
          droppingLine = false
          return .tooLong
        }
        inputStart = input.count
        if inputEnded { droppingLine = false; return .tooLong }
      } else if let newline = input[inputStart...].firstIndex(of: UInt8(ascii: "\n")) {
        guard newline - inputStart <= Self.lineLimit else {
          inputStart = newline + 1
          reportTooLong()
          return .tooLong
        }
        var end = newline
        if end > inputStart && input[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: input[inputStart..<end], as: UTF8.self)
        inputStart = newline + 1
        return .line(line)
      } else if input.count - inputStart > Self.lineLimit {
        // No end in sight: drop what came and the rest of the line.
        inputStart = input.count
        droppingLine = true
        reportTooLong()
        continue
      }
      if inputEnded {
        guard inputStart < input.count else { return .endOfInput }
        let line = String(decoding: input[inputStart...], as: UTF8.self)
        inputStart = input.count
        return .line(line)
      }
      if inputStart > 0 {
        input.removeSubrange(0..<inputStart)
        inputStart = 0
      }
      guard SignalMonitor.waitForInput(on: .standardInput) else { return .interrupted }
      var block = [UInt8](repeating: 0, count: 65_536)
      let read = block.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemError) in try FileDescriptor.standardInput.readOnce(into: buffer) }
      }
      switch read {
      case .success(let count?) where count > 0: input.append(contentsOf: block[0..<count])
      // Interrupted: the loop checks for a signal and reads again.
      case .success(nil): break
      default: inputEnded = true
      }
    }
  }
}
