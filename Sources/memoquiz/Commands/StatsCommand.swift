import MemoQuizKit

/// `memoquiz stats`: its arguments, options and help are declared in `CommandTable`.
struct StatsCommand: Command {
  let group: String?
  let weeks: Int
  let json: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    group = arguments.positionals.first
    json = arguments.has("--json")
    weeks = try arguments.number("--weeks", in: 1...520, command: arguments.command.name) ?? 26
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let indices = try group.map { [try caretaker.groupIndex(named: $0)] } ?? Array(caretaker.groups.indices)
    let statistics = try Statistics(caretaker: caretaker, indices: indices, now: context.now())
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try statistics.json())
      return
    }
    let title = indices.count == 1 ? caretaker.groups[indices[0]].title : "All groups"
    terminal.write(
      statistics.text(
        title: TextSanitizer.sanitized(title), style: terminal.style, width: terminal.width, weeks: weeks))
  }
}
