@preconcurrency import Glibc
import Synchronization

/// Turns Ctrl-C, SIGTERM and SIGHUP into an orderly end of the session.
///
/// The handler only records the signal. It is installed without
/// `SA_RESTART`, so a `read` blocked on the keyboard returns `EINTR` and the
/// round loop ends cleanly: every graded answer is already on disk by then.
public enum SignalMonitor {
  private static let received = Atomic<Int32>(0)

  /// The signals that end a session.
  static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Installs the handlers, and ignores SIGPIPE (a closed output becomes a
  /// write error) and SIGXFSZ (a file-size limit becomes a write error).
  public static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      SignalMonitor.received.store(signal, ordering: .relaxed)
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
}
