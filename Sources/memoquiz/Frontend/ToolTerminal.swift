import MemoQuizKit

/// What the commands need of a terminal beyond the library's ``Terminal``:
/// verbatim output for JSON and exported files, the style of standard error,
/// and why standard output could not be written. The process's
/// ``StandardTerminal`` is one; tests run the tool against another.
protocol ToolTerminal: Terminal {
  /// The style for standard error, which may be a terminal when output is not.
  var errorStyle: TextStyle { get }
  /// Why standard output could not be written, when it could not.
  var outputFailure: SystemError? { get }
  /// Writes text exactly as it is, as JSON and exported files need.
  func writeVerbatim(_ text: String)
  /// Writes to standard error exactly as it is, as another program's
  /// messages (git's) need.
  func writeErrorVerbatim(_ text: String)
}

extension StandardTerminal: ToolTerminal {}
