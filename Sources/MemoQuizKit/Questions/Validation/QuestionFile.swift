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
  ///
  /// A syntax error does not end the check: the parse recovers at the next
  /// value, and what could be read is checked too, so one run reports every
  /// problem that can be found.
  /// - Parameter media: the media folder the questions' sounds
  ///   (`[sound:FILE]`) are looked for in, each missing one a warning;
  ///   `nil` looks for none.
  public init(bytes: [UInt8], media: MediaFolder? = nil) {
    let parsed = JSONScanner.parseRecovering(bytes)
    var checker = QuestionFileChecker(source: bytes)
    checker.media = media
    checker.unreadableOffsets = parsed.damagedOffsets
    let groups = checker.groups(from: parsed.root)
    var problems = parsed.errors.map {
      QuestionFileChecker.Problem(severity: .error, offset: $0.offset, message: $0.message, relatedOffset: nil)
    }
    if problems.isEmpty {
      problems = checker.problems
    } else {
      problems += checker.problems
      problems = Array(problems.prefix(QuestionFileChecker.listLimit))
    }
    problems.sort { $0.offset < $1.offset }
    // A file without problems, the usual case, needs no table of its lines:
    // building one walks every byte again.
    let lines = LineTable(problems.isEmpty ? [] : bytes)
    let locations = lines.locations(of: problems.map(\.offset))
    diagnostics = zip(problems, locations).map { problem, location in
      Diagnostic(
        severity: problem.severity, location: location,
        message: problem.relatedOffset.map {
          problem.message.replacing("{line}", with: String(lines.lineNumber(of: $0)))
        } ?? problem.message)
    }
    (errorCount, warningCount) = (parsed.errorCount + checker.errorCount, checker.warningCount)
    self.groups = errorCount > 0 ? nil : groups
    // A node for every value of the file: freed meanwhile on the other core.
    BackgroundRelease.release(consume parsed)
  }
}
