import FoundationEssentials
@preconcurrency import Glibc
import MemoQuizKit

/// The `memoquiz` tool: finds the command, parses its arguments, runs it,
/// and turns every error into a message and an exit code.
enum MemoQuizTool {
  static var version: String { ProgramDeclaration.version }

  /// Runs the tool as the process: its standard streams, its signals and
  /// its environment.
  /// - Parameter arguments: the command line without the program name.
  /// - Returns: the exit code.
  static func main(_ arguments: [String]) -> ExitCode {
    FileDescriptor.openClosedStandardDescriptors()
    SignalMonitor.install()
    let terminal = StandardTerminal()
    FileLock.onLongWait = { terminal.warn($0) }
    return run(arguments, terminal: terminal, environment: ProcessInfo.processInfo.environment)
  }

  /// Runs the tool against a terminal and an environment; nothing else of
  /// the process is read, so tests run it in process side by side.
  /// - Parameters:
  ///   - arguments: the command line without the program name.
  ///   - environment: the variables the tool reads (`MEMOQUIZ_HOME`,
  ///     `MEMOQUIZ_NOW`, `EDITOR`, `TZ`, ...).
  /// - Returns: the exit code.
  static func run(_ arguments: [String], terminal: any ToolTerminal, environment: [String: String]) -> ExitCode {
    // Days are counted in the zone `TZ` names, else the system's.
    TimeZoneRules.$current.withValue(TimeZoneRules.named(environment["TZ"])) {
      runInZone(arguments, terminal: terminal, environment: environment)
    }
  }

  private static func runInZone(_ arguments: [String], terminal: any ToolTerminal, environment: [String: String])
    -> ExitCode
  {
    var code: ExitCode
    do {
      let now = try clock(environment)
      var folder = try DataFolder { environment[$0] }
      // What memoquiz records on its own is timed by this run's clock.
      folder.clock = now
      let context = CommandContext(terminal: terminal, folder: folder, now: now, environment: environment)
      try run(arguments, in: context)
      context.saveCheckpoints()
      code = .success
    } catch {
      code = report(error, terminal: terminal)
    }
    terminal.flush()
    if let failure = terminal.outputFailure, code == .success {
      terminal.writeError("memoquiz: error: cannot write to standard output: \(failure.description)")
      code = .failure
    }
    return code
  }

  /// The clock: `MEMOQUIZ_NOW` when set, else the system's.
  /// - Throws: ``UsageError`` when `MEMOQUIZ_NOW` cannot be read.
  private static func clock(_ environment: [String: String]) throws(UsageError) -> @Sendable () -> Date {
    guard let value = environment["MEMOQUIZ_NOW"], !value.isEmpty else {
      return { Date() }
    }
    switch ISO8601Time.parseRecordable(value) {
    case .time(let fixed):
      return { fixed }
    case .outOfRange:
      throw UsageError(
        "MEMOQUIZ_NOW is '\(value)', outside the times memoquiz can record: \(ISO8601Time.recordableRangeText)")
    case .unreadable:
      throw UsageError(
        "MEMOQUIZ_NOW is '\(value)', not an ISO 8601 date and time with an offset, such as 2026-12-01T09:00:00Z")
    }
  }

  private static func run(_ arguments: [String], in context: CommandContext) throws {
    let terminal = context.terminal
    guard let first = arguments.first else {
      guard terminal.isInteractive else {
        throw UsageError("no command given, and not on a terminal for the menu; try `memoquiz play GROUP`")
      }
      try run(["play"], in: context)
      return
    }
    switch first {
    case "--help", "-h":
      terminal.write(HelpFormatter(width: terminal.width).programHelp())
      return
    case "--version", "-V":
      terminal.write("memoquiz \(version)\n")
      return
    default:
      break
    }
    guard let command = CommandTable.command(named: first) else {
      if first.hasPrefix("-") {
        let suggestion = ParsedArguments.suggestion(for: first, among: ProgramDeclaration.options)
        throw UsageError("unknown option '\(first)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
      }
      throw unknownCommand(first)
    }
    let parsed = try ParsedArguments(Array(arguments.dropFirst()), command: command)
    if parsed.has("--help") {
      terminal.write(HelpFormatter(width: terminal.width).help(for: command))
      return
    }
    try command.run(parsed, context)
  }

  /// An unknown command, with the nearest known one when there is a near one.
  static func unknownCommand(_ name: String) -> UsageError {
    let names = CommandTable.commands.map(\.name)
    guard let suggestion = QuestionGroupCaretaker.suggestion(for: name, among: names) else {
      return UsageError("unknown command '\(name)'")
    }
    return UsageError("unknown command '\(name)'; did you mean '\(suggestion)'?")
  }

  /// Prints an error as `memoquiz: error: ...`, after the problems it
  /// lists, and returns the exit code the error carries.
  private static func report(_ error: any Error, terminal: any ToolTerminal) -> ExitCode {
    if let request = error as? ExitRequest { return request.code }
    if let usage = error as? UsageError {
      terminal.writeError("memoquiz: error: \(TextSanitizer.sanitized(usage.message))")
      terminal.writeError(usage.helpPointer)
      return .usage
    }
    let report = CommandError(error)
    if let problems = report.problems { printProblems(problems, terminal: terminal) }
    terminal.writeError("memoquiz: error: \(TextSanitizer.sanitized(report.text))")
    return report.exitCode
  }

  /// Lists the problems in a file that an error stands for, as compilers do.
  private static func printProblems(_ problems: FileProblems, terminal: any ToolTerminal) {
    switch problems {
    case .diagnostics(let file, let diagnostics, let total):
      DiagnosticPrinter(terminal: terminal).print(diagnostics, file: file, total: total)
    case .lines(let file, let problems):
      for problem in problems.prefix(DiagnosticPrinter.limit) {
        terminal.writeError(TextSanitizer.sanitized(problem.formatted(file: file)))
      }
      if problems.count > DiagnosticPrinter.limit {
        terminal.writeError("... and \(problems.count - DiagnosticPrinter.limit) more problems in \(file)")
      }
    }
  }
}
