import MemoQuizKit

/// `memoquiz today`: its arguments, options and help are declared in `CommandTable`.
struct TodayCommand: Command {
  let json: Bool

  init(arguments: ParsedArguments) {
    json = arguments.has("--json")
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker(needsMemory: false)
    let now = context.now()
    let plan = try caretaker.dayPlan(at: now)
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try plan.json())
    } else {
      terminal.write(plan.text(style: terminal.style, wording: CommandError.wording))
    }
  }
}
