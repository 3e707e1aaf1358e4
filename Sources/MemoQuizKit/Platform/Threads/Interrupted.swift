@preconcurrency import Glibc

/// Ctrl-C, SIGTERM or SIGHUP ended a long command (an import, an export, a
/// fit, a sync) before it changed anything.
///
/// Long commands look for the signal between two pieces of their work and
/// throw this error, so that every temporary file is removed on the way
/// out and no step is half made.
public struct Interrupted: KindedError, Sendable {
  /// The signal that arrived.
  public let signal: Int32

  public var kind: ErrorKind { .failure }

  public var description: String {
    let name =
      switch signal {
      case SIGINT: "Ctrl-C"
      case SIGTERM: "SIGTERM"
      case SIGHUP: "SIGHUP"
      default: "signal \(signal)"
      }
    return "stopped by \(name); nothing was changed"
  }

  /// Throws once Ctrl-C, SIGTERM or SIGHUP has arrived.
  public static func check() throws(Interrupted) {
    if let signal = SignalMonitor.receivedSignal { throw Interrupted(signal: signal) }
  }
}
