import MemoQuizKit

/// `memoquiz scores`: its arguments, options and help are declared in `CommandTable`.
struct ScoresCommand: Command {
  let group: String?
  let json: Bool

  init(arguments: ParsedArguments) {
    group = arguments.positionals.first
    json = arguments.has("--json")
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let indices = try group.map { [try caretaker.groupIndex(named: $0)] } ?? Array(caretaker.groups.indices)
    let report = try ScoreReport(caretaker: caretaker, indices: indices, now: context.now())
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try report.json())
      return
    }
    terminal.write(report.table(style: terminal.style, width: terminal.width))
    if group != nil { terminal.write(report.weakest(style: terminal.style)) }
  }
}
