/// What can stop `memoquiz sync`.
public enum SyncError: Error, Sendable {
  case gitMissing
  /// The data folder was never set up by `sync --init`.
  case notSetUp(String)
  /// A remote whose transport runs a command (`ext::`, `fd::`).
  case refusedTransport(String)
  case gitFailed(String)
  /// git took longer than this many seconds: the remote does not answer.
  case noAnswer(Int)
  /// Ctrl-C, SIGTERM or SIGHUP arrived while git ran; git was ended.
  case interrupted
  /// The remote's refs name objects it no longer holds, and it is not on
  /// this machine's disks, where sync could mend it.
  case remoteDamaged(String)

  /// Whether the failure may come from a damaged clone rather than from the
  /// remote, so that a fresh clone is worth a try.
  var mayBeDamage: Bool {
    if case .gitFailed = self { return true }
    return false
  }
}

extension SyncError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .gitMissing:
      "cannot run git; install it (Debian and Ubuntu: apt install git) and try again"
    case .notSetUp(let folder):
      "\(folder) is not set up for sync"
    case .refusedTransport(let remote):
      "the remote \(remote) uses a transport that runs a command; give a path or a URL (ssh, https, git, file)"
    case .gitFailed(let command):
      "\(command) failed (git's message is above); your answers are safe here"
    case .noAnswer(let seconds):
      "the remote did not answer within \(seconds) seconds; your answers are safe here"
    case .interrupted:
      "stopped while git ran; your answers are safe here"
    case .remoteDamaged(let remote):
      "the remote \(remote) lost commits that its branch still names (git's message is above), so git can neither "
        + "fetch from it nor push to it, and it is not on this machine's disks, where sync could make it again; "
        + "your answers are safe here"
    }
  }
}

extension SyncError: KindedError {
  public var kind: ErrorKind { .failure }

  public var nextStep: NextStep? {
    switch self {
    case .notSetUp: .setUpSync
    case .gitFailed, .noAnswer, .interrupted: .syncAgain
    case .remoteDamaged: .mendRemote
    case .gitMissing, .refusedTransport: nil
    }
  }
}
