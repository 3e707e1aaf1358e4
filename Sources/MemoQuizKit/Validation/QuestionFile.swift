/// Reads a questions file: checks every rule of the format and builds the
/// question groups, reporting each problem at its line and column.
///
/// One pass over a position-keeping parse serves both the fast load that
/// `play` needs and the precise report that `validate` prints.
public struct QuestionFile: Sendable {
  /// The groups, when the file has no errors.
  public let groups: [QuestionGroup]?
  /// The errors and warnings, in file order: all of them, or the first
  /// thousand or so of a file with more.
  public let diagnostics: [Diagnostic]
  /// How many errors and warnings there are in all.
  public let errorCount: Int
  public let warningCount: Int

  /// The errors among the diagnostics.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
  /// The warnings among the diagnostics.
  public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

  /// Reads and checks a questions file's bytes.
  public init(bytes: [UInt8]) {
    let root: JSONNode
    do {
      root = try JSONScanner.parse(bytes)
    } catch {
      let location = LineTable(bytes).location(of: error.offset)
      groups = nil
      diagnostics = [Diagnostic(severity: .error, location: location, message: error.message)]
      (errorCount, warningCount) = (1, 0)
      return
    }
    var checker = QuestionFileChecker(source: bytes)
    let groups = checker.groups(from: root)
    let lines = LineTable(bytes)
    let problems = checker.problems.sorted { $0.offset < $1.offset }
    let locations = lines.locations(of: problems.map(\.offset))
    diagnostics = zip(problems, locations).map { problem, location in
      Diagnostic(
        severity: problem.severity, location: location,
        message: problem.relatedOffset.map {
          problem.message.replacing("{line}", with: String(lines.lineNumber(of: $0)))
        } ?? problem.message)
    }
    (errorCount, warningCount) = (checker.errorCount, checker.warningCount)
    self.groups = errorCount > 0 ? nil : groups
  }
}
