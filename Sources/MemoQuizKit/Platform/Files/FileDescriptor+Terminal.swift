@preconcurrency import Glibc

extension FileDescriptor {
  /// The width in columns of the terminal open on the descriptor, or `nil`
  /// when it is not a terminal (or says no width). The corresponding C
  /// function is `ioctl` with `TIOCGWINSZ`.
  var terminalColumns: Int? {
    var size = winsize()
    guard ioctl(rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Runs `body` with the terminal on the descriptor in raw mode (keys
  /// read one at a time, not echoed, no flow control, no CR to NL), and
  /// puts the mode back after. The corresponding C functions are
  /// `tcgetattr` and `tcsetattr`.
  /// - Returns: `nil` when the descriptor is not a terminal; `body` is not run.
  func inRawMode<Result>(_ body: () -> Result) -> Result? {
    var saved = termios()
    guard tcgetattr(rawValue, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    _ = retryingOnInterrupt { tcsetattr(rawValue, TCSADRAIN, &raw) }
    defer { _ = retryingOnInterrupt { tcsetattr(rawValue, TCSADRAIN, &saved) } }
    return body()
  }

  /// Reads once, up to `buffer.count` bytes, without retrying when a
  /// signal interrupts the read: the caller looks for the signal first.
  /// The corresponding C function is `read`.
  /// - Returns: the bytes read, 0 at the end of input, or `nil` when a
  ///   signal interrupted the read.
  /// - Throws: ``SystemError`` for any other failure.
  func readOnce(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
    let count = Glibc.read(rawValue, buffer.baseAddress, buffer.count)
    if count >= 0 { return count }
    let error = SystemError.current
    if error.errno == EINTR { return nil }
    throw error
  }

  /// What `poll` says of the descriptor now, without waiting.
  struct Readiness {
    /// Something can be read.
    var readable: Bool
    /// The other end hung up.
    var hungUp: Bool
    /// An error, or the descriptor is not open.
    var failed: Bool
  }

  /// What the descriptor is ready for now, or `nil` when nothing happened
  /// on it. The corresponding C function is `poll`, with no wait.
  /// - Parameter reading: whether to ask whether it can be read.
  func readinessNow(reading: Bool) -> Readiness? {
    var descriptor = pollfd(fd: rawValue, events: reading ? Int16(POLLIN) : 0, revents: 0)
    guard poll(&descriptor, 1, 0) == 1 else { return nil }
    let events = descriptor.revents
    return Readiness(
      readable: events & Int16(POLLIN) != 0, hungUp: events & Int16(POLLHUP) != 0,
      failed: events & Int16(POLLERR | POLLNVAL) != 0)
  }

  /// The file position. The corresponding C function is `lseek`.
  var position: Int? {
    let offset = lseek(rawValue, 0, SEEK_CUR)
    return offset < 0 ? nil : Int(offset)
  }
}
