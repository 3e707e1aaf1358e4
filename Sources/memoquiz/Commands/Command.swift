import MemoQuizKit

/// One `memoquiz` subcommand.
///
/// Each command declares its name, help and accepted arguments; the
/// dispatcher parses the command line against them before `run` is called.
protocol Command: Sendable {
  /// The word typed after `memoquiz`, such as "play".
  static var name: String { get }
  /// One line for the command list.
  static var abstract: String { get }
  /// The usage line, such as `memoquiz reset (GROUP | --all) [--yes]`.
  static var usage: String { get }
  /// Longer help: details and examples.
  static var discussion: String { get }
  static var specification: ParsedArguments.Specification { get }

  init(arguments: ParsedArguments) throws(UsageError)
  func run(in context: CommandContext) throws
}

extension Command {
  /// The whole `COMMAND --help` text.
  static var helpText: String {
    "\(abstract)\n\nUsage: \(usage)\n\n\(discussion)\n"
  }
}

/// What a command works with: the real terminal and the data folder.
struct CommandContext {
  let terminal: StandardTerminal
  let folder: DataFolder

  /// Loads the groups and scores, printing any warning (such as a damaged
  /// scores file that was moved aside).
  func loadCaretaker() throws -> QuestionGroupCaretaker {
    let caretaker = try QuestionGroupCaretaker(folder: folder)
    for warning in caretaker.warnings { terminal.warn(warning) }
    return caretaker
  }
}
