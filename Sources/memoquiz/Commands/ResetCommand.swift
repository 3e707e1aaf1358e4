import MemoQuizKit

/// `memoquiz reset (GROUP | --all) [--yes]`
struct ResetCommand: Command {
  static let name = "reset"
  static let abstract = "Set the scores and memory of a group, or of all groups, back to zero."
  static let usage = "memoquiz reset (GROUP | --all) [--yes]"
  static let discussion = """
    The reset is a step of the history: `memoquiz undo` takes it back, with
    every answer given since added back in. The group's unfinished round is
    dropped too. On a terminal, reset asks
    before it acts; elsewhere it needs --yes.

    Options:
      --all   reset every group
      --yes   do not ask

    Examples:
      memoquiz reset hiragana
      memoquiz reset --all --yes
    """
  static let specification = ParsedArguments.Specification(flags: ["--all", "--yes"], maximumPositionals: 1)

  let group: String?
  let all: Bool
  let confirmed: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    group = arguments.positionals.first
    all = arguments.has("--all")
    confirmed = arguments.has("--yes")
    if all && group != nil { throw UsageError("give either GROUP or --all, not both", command: Self.name) }
    if !all && group == nil { throw UsageError("reset needs a GROUP or --all", command: Self.name) }
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let terminal = context.terminal
    let groups = try group.map { [caretaker.groups[try caretaker.groupIndex(named: $0)]] } ?? caretaker.groups
    let name = all ? "all groups" : TextSanitizer.sanitized(groups[0].title)
    if !confirmed {
      guard terminal.isInteractive else {
        throw UsageError("reset changes scores; not on a terminal, it needs --yes to go ahead", command: Self.name)
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
