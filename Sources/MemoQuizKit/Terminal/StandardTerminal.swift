@preconcurrency import Glibc

/// The process's real standard input, output and error.
///
/// Input is read in large blocks and split into lines here, not through
/// `readLine()`, so that the round can see which answers are already waiting
/// in a pipe and commit them together. Output is buffered until the next read
/// or ``flush()``.
public final class StandardTerminal: Terminal {
  public let isInteractive: Bool
  public let style: TextStyle
  /// The style for standard error, which may be a terminal when output is not.
  public let errorStyle: TextStyle
  private var input: [UInt8] = []
  private var inputStart = 0
  private var inputEnded = false
  private var output: [UInt8] = []
  private var outputBroken = false

  /// Wires the terminal to the process's standard streams and environment.
  public init() {
    let environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
    let outputIsTerminal = FileDescriptor.standardOutput.isTerminal
    isInteractive = FileDescriptor.standardInput.isTerminal && outputIsTerminal
    style = TextStyle.detect(isTerminal: outputIsTerminal, environment: environment)
    errorStyle = TextStyle.detect(isTerminal: FileDescriptor.standardError.isTerminal, environment: environment)
  }

  public var width: Int {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 { return columns }
    return 80
  }

  public func write(_ text: String) {
    output.append(contentsOf: text.utf8)
    if output.count > 65_536 { flush() }
  }

  public func writeError(_ text: String) {
    flush()
    try? FileDescriptor.standardError.writeAll(Array((text + "\n").utf8))
  }

  public func flush() {
    guard !output.isEmpty else { return }
    defer { output.removeAll(keepingCapacity: true) }
    guard !outputBroken else { return }
    do {
      try FileDescriptor.standardOutput.writeAll(output)
    } catch {
      // The reader went away (a closed pipe, a hung-up terminal): nothing
      // more can be shown, but the session still ends cleanly.
      outputBroken = true
    }
  }

  public var hasWaitingLine: Bool {
    input[inputStart...].contains(UInt8(ascii: "\n"))
  }

  public func readLine() -> TerminalInput {
    flush()
    while true {
      if SignalMonitor.receivedSignal != nil { return .interrupted }
      if let newline = input[inputStart...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > inputStart && input[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: input[inputStart..<end], as: UTF8.self)
        inputStart = newline + 1
        return .line(line)
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
      let count = block.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
      if count > 0 {
        input.append(contentsOf: block[0..<count])
      } else if count == 0 || errno != EINTR {
        inputEnded = true
      }
      // On EINTR the loop checks for a signal and reads again.
    }
  }
}
