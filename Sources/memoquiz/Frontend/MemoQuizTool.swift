import FoundationEssentials
@preconcurrency import Glibc
import MemoQuizKit

/// The `memoquiz` tool: finds the command, parses its arguments, runs it,
/// and turns every error into a message and an exit code.
enum MemoQuizTool {
  static var version: String { ProgramDeclaration.version }

  /// Runs the tool.
  /// - Parameter arguments: the command line without the program name.
  /// - Returns: the exit code.
  static func main(_ arguments: [String]) -> ExitCode {
    FileDescriptor.openClosedStandardDescriptors()
    SignalMonitor.install()
    let terminal = StandardTerminal()
    var code: ExitCode
    do {
      let context = CommandContext(
        terminal: terminal, folder: try DataFolder.fromProcessEnvironment(), now: try clock())
      FileLock.onLongWait = { terminal.warn($0) }
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
  private static func clock() throws(UsageError) -> @Sendable () -> Date {
    guard let value = getenv("MEMOQUIZ_NOW").map({ String(cString: $0) }), !value.isEmpty else {
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

  /// Prints an error as `memoquiz: error: ...` and picks its exit code.
  private static func report(_ error: any Error, terminal: StandardTerminal) -> ExitCode {
    func fail(_ message: String, _ code: ExitCode) -> ExitCode {
      terminal.writeError("memoquiz: error: \(TextSanitizer.sanitized(message))")
      return code
    }
    switch error {
    case let request as ExitRequest:
      return request.code
    case let usage as UsageError:
      terminal.writeError("memoquiz: error: \(TextSanitizer.sanitized(usage.message))")
      terminal.writeError("\(usage.helpPointer)")
      return .usage
    case let questions as QuestionFileError:
      switch questions {
      case .invalid(let file, let diagnostics, let errorCount):
        let warnings = diagnostics.count { $0.severity == .warning }
        DiagnosticPrinter(terminal: terminal).print(diagnostics, file: file, total: errorCount + warnings)
        return fail(questions.description, .dataError)
      case .missingFile:
        return fail(questions.description, .noInput)
      case .noSuchGroup, .sharedLastPart:
        return fail(questions.description, .usage)
      }
    case let importing as ImportError:
      switch importing {
      case .problems(let file, let problems):
        for problem in problems.prefix(DiagnosticPrinter.limit) {
          terminal.writeError(TextSanitizer.sanitized(problem.formatted(file: file)))
        }
        if problems.count > DiagnosticPrinter.limit {
          terminal.writeError("... and \(problems.count - DiagnosticPrinter.limit) more problems in \(file)")
        }
      case .invalid(let file, let diagnostics):
        DiagnosticPrinter(terminal: terminal).print(diagnostics, file: file)
      default:
        break
      }
      return fail(importing.description, importing.isInvalidData ? .dataError : .failure)
    case let history as HistoryError:
      return fail(history.description, .failure)
    case let described as any LocalizedError:
      return fail(described.errorDescription ?? "\(error)", .failure)
    default:
      return fail("\(error)", .failure)
    }
  }
}
