import MemoQuizKit

/// `memoquiz groups`
struct GroupsCommand: Command {
  static let name = "groups"
  static let abstract = "List the question groups with question counts, how many are due, and scores."
  static let usage = "memoquiz groups"
  static let discussion = """
    The numbers shown can stand for a group's title in other commands.

    Example:
      memoquiz groups
    """
  static let specification = ParsedArguments.Specification()

  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let terminal = context.terminal
    terminal.write(
      GroupTable(caretaker: caretaker, style: terminal.style, width: terminal.width, now: context.now()).render(
        showRounds: true))
    if caretaker.source == .bundled {
      terminal.write(terminal.style.dim("Bundled questions; `memoquiz edit` makes them yours to change.") + "\n")
    }
  }
}
