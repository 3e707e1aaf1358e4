@preconcurrency import Glibc
import Synchronization

/// Turns Ctrl-C, SIGTERM and SIGHUP into an orderly end of the session.
///
/// The handler records the signal and writes a byte to a pipe (the
/// self-pipe trick). A reader waits on standard input and that pipe
/// together, so a signal that arrives just before the wait still wakes it:
/// checking a flag and then blocking in `read` would leave a window where
/// the signal is missed. Every graded answer is already on disk by then.
public enum SignalMonitor {
  private static let received = Atomic<Int32>(0)
  /// The pipe's write end, or -1 before ``install()``.
  private static let wakeWriter = Atomic<Int32>(-1)
  /// The pipe's read end, or -1 before ``install()``.
  private static let wakeReader = Atomic<Int32>(-1)

  /// The signals that end a session.
  static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Installs the handlers, and ignores SIGPIPE (a closed output becomes a
  /// write error) and SIGXFSZ (a file-size limit becomes a write error).
  public static func install() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      }
      wakeReader.store(ends[0], ordering: .relaxed)
      wakeWriter.store(ends[1], ordering: .relaxed)
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      SignalMonitor.received.store(signal, ordering: .relaxed)
      var byte: UInt8 = 1
      // `write` is async-signal-safe; a full pipe already holds a wake-up.
      _ = write(SignalMonitor.wakeWriter.load(ordering: .relaxed), &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signal in endingSignals {
      sigaction(signal, &action, nil)
      sigaddset(&unblocked, signal)
    }
    // A parent may have started us with these signals blocked; a blocked
    // Ctrl-C could never end the session.
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
  }

  /// The signal that asked the session to end, or `nil`.
  public static var receivedSignal: Int32? {
    let value = received.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }

  /// Runs `body` with Ctrl-C ignored, as git does while an editor runs: a
  /// Ctrl-C typed in the editor belongs to the editor, not to memoquiz.
  public static func ignoringInterrupts<Result>(_ body: () throws -> Result) rethrows -> Result {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var previous = sigaction()
    sigaction(SIGINT, &ignore, &previous)
    defer { sigaction(SIGINT, &previous, nil) }
    return try body()
  }

  /// Waits until `descriptor` can be read or an ending signal arrives.
  /// The corresponding C function is `poll`.
  /// - Returns: `false` when a signal arrived.
  static func waitForInput(on descriptor: FileDescriptor) -> Bool {
    var watched = [
      pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReader.load(ordering: .relaxed), events: Int16(POLLIN), revents: 0),
    ]
    while receivedSignal == nil {
      let ready = poll(&watched, nfds_t(watched[1].fd >= 0 ? 2 : 1), -1)
      if ready > 0 { return receivedSignal == nil }
      if ready < 0 && errno != EINTR { return true }  // Let `read` report the problem.
    }
    return false
  }

  /// Waits at most `milliseconds` for `descriptor` to be readable or an
  /// ending signal to arrive. The corresponding C function is `poll`.
  /// - Returns: `false` when nothing arrived in that time.
  static func inputArrives(on descriptor: FileDescriptor, within milliseconds: Int32) -> Bool {
    var watched = [
      pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReader.load(ordering: .relaxed), events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&watched, nfds_t(watched[1].fd >= 0 ? 2 : 1), milliseconds)
    // An interrupted wait lets the caller look again.
    return ready != 0
  }
}
