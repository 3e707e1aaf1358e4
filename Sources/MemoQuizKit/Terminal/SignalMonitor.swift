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
    if let ends = SignalHandlers.makeWakePipe() {
      wakeReader.store(ends.reader, ordering: .relaxed)
      wakeWriter.store(ends.writer, ordering: .relaxed)
    }
    SignalHandlers.install(
      { signal in
        SignalMonitor.received.store(signal, ordering: .relaxed)
        SignalHandlers.wake(SignalMonitor.wakeWriter.load(ordering: .relaxed))
      }, for: endingSignals)
    SignalHandlers.ignore([SIGPIPE, SIGXFSZ])
  }

  /// The signal that asked the session to end, or `nil`.
  public static var receivedSignal: Int32? {
    let value = received.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }

  /// Runs `body` with Ctrl-C ignored, as git does while an editor runs: a
  /// Ctrl-C typed in the editor belongs to the editor, not to memoquiz.
  public static func ignoringInterrupts<Result>(_ body: () throws -> Result) rethrows -> Result {
    try SignalHandlers.ignoring(SIGINT, body)
  }

  /// Waits until `descriptor` can be read or an ending signal arrives.
  /// The corresponding C function is `poll`.
  /// - Returns: `false` when a signal arrived.
  static func waitForInput(on descriptor: FileDescriptor) -> Bool {
    let watched = [descriptor.rawValue, wakeReader.load(ordering: .relaxed)]
    while receivedSignal == nil {
      switch SignalHandlers.wait(forInputOn: watched, milliseconds: -1) {
      case .ready: return receivedSignal == nil
      case .failed: return true  // Let `read` report the problem.
      case .interrupted, .timedOut: continue
      }
    }
    return false
  }

  /// Waits at most `milliseconds` for `descriptor` to be readable or an
  /// ending signal to arrive. The corresponding C function is `poll`.
  /// - Returns: `false` when nothing arrived in that time.
  static func inputArrives(on descriptor: FileDescriptor, within milliseconds: Int32) -> Bool {
    // An interrupted wait lets the caller look again.
    SignalHandlers.wait(
      forInputOn: [descriptor.rawValue, wakeReader.load(ordering: .relaxed)], milliseconds: milliseconds)
      != .timedOut
  }
}
