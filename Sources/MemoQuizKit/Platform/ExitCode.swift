/// The exit codes the contract fixes (from BSD's `sysexits.h`); the
/// command line gives each ``ErrorKind`` its code.
public enum ExitCode: Int32, Sendable {
  case success = 0
  case failure = 1
  /// The command line was wrong.
  case usage = 64
  /// A questions file does not validate.
  case dataError = 65
  /// A named file does not exist.
  case noInput = 66
}
