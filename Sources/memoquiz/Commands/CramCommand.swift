import MemoQuizKit

/// `memoquiz cram`: its arguments, options and help are declared in `CommandTable`.
struct CramCommand: Command {
  let groups: [String]
  let selection: CramSelection
  let seed: UInt64?

  init(arguments: ParsedArguments) throws(UsageError) {
    groups = arguments.positionals
    selection = CramSelection(
      leeches: arguments.has("--leeches"), missedToday: arguments.has("--missed-today"),
      flagged: arguments.has("--flagged"))
    seed = try arguments.number("--seed", in: 0...Int.max, command: arguments.command.name).map { UInt64($0) }
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let indices = try CommandContext.groupIndices(named: groups, in: caretaker)
    var session = context.roundSession(caretaker)
    try session.cram(groupIndices: indices, selection: selection, options: RoundSession.Options(seed: seed))
  }
}
