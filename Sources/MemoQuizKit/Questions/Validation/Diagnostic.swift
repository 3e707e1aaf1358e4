/// One problem found in a questions file, at a line and column.
public struct Diagnostic: Hashable, Sendable {
  /// How serious a problem is.
  public enum Severity: String, Sendable {
    /// The file cannot be used until this is fixed.
    case error
    /// The file works, but something looks like a mistake.
    case warning
  }

  public let severity: Severity
  public let location: FilePosition
  public let message: String

  /// The problem in the form editors and compilers use:
  /// `FILE:LINE:COLUMN: error: MESSAGE`.
  public func formatted(file: String) -> String {
    "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
  }
}
