import FoundationEssentials
import MemoQuizKit

/// One `memoquiz` subcommand: the values it was given, and what it does.
///
/// Its name, arguments, options and help are declared in ``CommandTable``,
/// which parses the command line before `init(arguments:)` reads it.
protocol Command: Sendable {
  /// Reads the parsed values.
  /// - Throws: ``UsageError`` for values the declaration cannot rule out.
  init(arguments: ParsedArguments) throws(UsageError)
  func run(in context: CommandContext) throws
}

/// What a command works with: the terminal, the data folder, the clock and
/// the environment.
struct CommandContext {
  let terminal: any ToolTerminal
  let folder: DataFolder
  /// The current time: `MEMOQUIZ_NOW` when set.
  let now: @Sendable () -> Date
  /// The environment variables the command may read, such as `EDITOR`.
  let environment: [String: String]
  /// The progress loaded by the command, kept to write a checkpoint when
  /// the command is done.
  let loaded = LoadedProgress()

  /// Loads the groups and their progress; every warning (such as a damaged
  /// file moved aside) is printed the moment it happens.
  /// - Parameter needsMemory: `false` for a command that shows the groups
  ///   and the day but asks nothing: it reads the outlook.
  func loadCaretaker(needsMemory: Bool = true) throws -> QuestionGroupCaretaker {
    let caretaker = try QuestionGroupCaretaker(
      folder: folder, needsMemory: needsMemory, wording: CommandError.wording, onWarning: warn)
    loaded.caretakers.append(caretaker.progress)
    return caretaker
  }

  /// The progress alone, for commands that do not need the groups.
  func loadProgress() throws -> ProgressCaretaker {
    let progress = try ProgressCaretaker(folder: folder, wording: CommandError.wording, onWarning: warn)
    loaded.caretakers.append(progress)
    return progress
  }

  /// Shows a warning once per command: a command that reads the history
  /// twice (its progress, then its groups) says what it left out once.
  var warn: (String) -> Void {
    { [terminal, loaded] message in
      if loaded.warned.insert(message).inserted { terminal.warn(message) }
    }
  }

  /// Writes the checkpoints that are due, after the command's output is shown.
  func saveCheckpoints() {
    terminal.flush()
    for progress in loaded.caretakers {
      do {
        try progress.saveCheckpointIfDue()
      } catch {
        // The history holds everything; the checkpoint only saves time.
        terminal.warn("could not write a checkpoint (\(error)); nothing is lost")
      }
    }
  }
}

/// The progress caretakers a command loaded.
final class LoadedProgress {
  var caretakers: [ProgressCaretaker] = []
  /// The warnings shown so far.
  var warned: Set<String> = []
}
