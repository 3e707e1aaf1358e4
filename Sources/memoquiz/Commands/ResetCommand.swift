import MemoQuizKit

/// `memoquiz reset`: its arguments, options and help are declared in `CommandTable`.
struct ResetCommand: Command {
  let group: String?
  let all: Bool
  let confirmed: Bool

  init(arguments: ParsedArguments) {
    group = arguments.positionals.first
    all = arguments.has("--all")
    confirmed = arguments.has("--yes")
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let terminal = context.terminal
    let groups = try group.map { [caretaker.groups[try caretaker.groupIndex(named: $0)]] } ?? caretaker.groups
    let name = all ? "all groups" : TextSanitizer.sanitized(groups[0].title)
    if !confirmed {
      guard terminal.isInteractive else {
        throw UsageError("reset changes scores; not on a terminal, it needs --yes to go ahead", command: "reset")
      }
      let answered = groups.reduce(0) { $0 + caretaker.score(of: $1).answeredCount }
      guard terminal.confirm("Reset the scores of \(name) (\(answered) answers)?", defaultAnswer: false) == true else {
        terminal.write("Nothing was changed.\n")
        return
      }
    }
    try caretaker.progress.reset(titles: groups.map(\.title), at: context.now())
    terminal.write("Reset the scores of \(name). `memoquiz undo` brings them back.\n")
  }
}
