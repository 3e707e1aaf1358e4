import FoundationEssentials
@preconcurrency import Glibc
import MemoQuizKit

/// The `memoquiz` tool: finds the command, parses its arguments, runs it,
/// and turns every error into a message and an exit code.
enum MemoQuizTool {
  static let version = "2.0.0"

  /// Every command, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    PlayCommand.self, GroupsCommand.self, ScoresCommand.self, StatsCommand.self, ResetCommand.self,
    UndoCommand.self, RedoCommand.self, HistoryCommand.self, SnapshotsCommand.self, RestoreCommand.self,
    EditCommand.self, AddCommand.self, ImportCommand.self, ExportCommand.self, ValidateCommand.self,
    PathsCommand.self,
  ]

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
    guard let fixed = ISO8601Time.parse(value) else {
      throw UsageError(
        "MEMOQUIZ_NOW is '\(value)', not an ISO 8601 date and time with an offset, such as 2026-12-01T09:00:00Z")
    }
    return { fixed }
  }

  private static func run(_ arguments: [String], in context: CommandContext) throws {
    let terminal = context.terminal
    guard let first = arguments.first else {
      guard terminal.isInteractive else {
        throw UsageError("no command given, and not on a terminal for the menu; try `memoquiz play GROUP`")
      }
      try PlayCommand(arguments: ParsedArguments([], command: "play", specification: PlayCommand.specification))
        .run(in: context)
      return
    }
    switch first {
    case "--help", "-h":
      terminal.write(helpText)
      return
    case "--version", "-V":
      terminal.write("memoquiz \(version)\n")
      return
    case "help":
      guard let name = arguments.dropFirst().first else {
        terminal.write(helpText)
        return
      }
      guard let command = commands.first(where: { $0.name == name }) else {
        throw unknownCommand(name)
      }
      terminal.write(command.helpText)
      return
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'") }
      throw unknownCommand(first)
    }
    let parsed = try ParsedArguments(
      Array(arguments.dropFirst()), command: command.name, specification: command.specification)
    if parsed.has("--help") {
      terminal.write(command.helpText)
      return
    }
    try command.init(arguments: parsed).run(in: context)
  }

  private static func unknownCommand(_ name: String) -> UsageError {
    guard let suggestion = QuestionGroupCaretaker.suggestion(for: name, among: commands.map { $0.name }) else {
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
      case .noSuchGroup:
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

  static var helpText: String {
    let width = commands.map { $0.name.count }.max() ?? 8
    let list = commands.map { "  \($0.name)\(String(repeating: " ", count: width - $0.name.count))  \($0.abstract)" }
      .joined(separator: "\n")
    return """
      memoquiz \(version): a quiz trainer for the terminal.

      Usage: memoquiz [COMMAND] [OPTIONS]

      With no command, on a terminal, memoquiz shows a menu of question groups.

      Commands:
      \(list)

      Options:
        -h, --help     show help; `memoquiz COMMAND --help` shows a command's
        -V, --version  show the version

      Data lives in $MEMOQUIZ_HOME, else $XDG_DATA_HOME/memoquiz, else
      ~/.local/share/memoquiz (`memoquiz paths` prints it). Colour is off when
      NO_COLOR is set, TERM=dumb, or output is not a terminal.

      Exit status: 0 success, 64 wrong usage, 65 invalid questions file,
      66 a named file does not exist, 1 anything else.

      Examples:
        memoquiz                          pick a group from the menu and play
        memoquiz play hiragana            play a round of Hiragana
        memoquiz scores                   see how you are doing
        memoquiz edit                     change the questions
        memoquiz validate questions.json  check a questions file

      """
  }
}
