@preconcurrency import Glibc

/// The process's handling of signals: handlers installed, signals ignored,
/// and the pipe a handler writes to so that a waiting reader wakes (the
/// self-pipe trick, which ``SignalMonitor`` uses).
///
/// The corresponding C functions are `sigaction`, `signal`,
/// `pthread_sigmask`, `pipe`, `fcntl`, `write` and `poll`.
enum SignalHandlers {
  /// A pipe whose ends are closed in programs memoquiz starts and never
  /// block, or `nil` when none can be made.
  static func makeWakePipe() -> (reader: CInt, writer: CInt)? {
    var ends: [CInt] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    return (ends[0], ends[1])
  }

  /// Calls `handler` for each of `signals` from now on, and unblocks them:
  /// a parent may have started the process with them blocked.
  static func install(_ handler: @convention(c) (CInt) -> Void, for signals: [CInt]) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signal in signals {
      sigaction(signal, &action, nil)
      sigaddset(&unblocked, signal)
    }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// Ignores each of `signals` from now on.
  static func ignore(_ signals: [CInt]) {
    for number in signals { signal(number, SIG_IGN) }
  }

  /// Runs `body` with `number` ignored, then handles it as before.
  static func ignoring<Result>(_ number: CInt, _ body: () throws -> Result) rethrows -> Result {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var previous = sigaction()
    sigaction(number, &ignore, &previous)
    defer { sigaction(number, &previous, nil) }
    return try body()
  }

  /// Writes one byte to a wake pipe's write end: safe in a signal handler.
  static func wake(_ writer: CInt) {
    var byte: UInt8 = 1
    // A full pipe already holds a wake-up.
    _ = write(writer, &byte, 1)
  }

  /// How a wait for input ended.
  enum Wait {
    /// One of the descriptors has something to read (or was closed).
    case ready
    /// The time ran out.
    case timedOut
    /// A signal arrived.
    case interrupted
    /// The wait itself failed.
    case failed
  }

  /// Waits up to `milliseconds` (-1: for ever) until one of `descriptors`
  /// (negative ones left out) can be read.
  static func wait(forInputOn descriptors: [CInt], milliseconds: CInt) -> Wait {
    var watched = descriptors.filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = poll(&watched, nfds_t(watched.count), milliseconds)
    if ready > 0 { return .ready }
    if ready == 0 { return .timedOut }
    return errno == EINTR ? .interrupted : .failed
  }
}
