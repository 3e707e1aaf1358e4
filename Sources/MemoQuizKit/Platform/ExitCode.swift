/// The exit codes the contract fixes (from BSD's `sysexits.h`).
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

/// An error that says which exit code ends the command it stops, so the
/// tool reports every error the same way without knowing its type.
public protocol ExitCodeCarrying: Error {
  /// The code the tool exits with when this error ends a command.
  var exitCode: ExitCode { get }
}
