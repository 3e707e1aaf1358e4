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
    var indices: [Int] = []
    for group in groups {
      // A parent deck's name names its subdecks.
      for index in try caretaker.groupIndices(named: group) where !indices.contains(index) {
        indices.append(index)
      }
    }
    var session = RoundSession(
      caretaker: caretaker, terminal: context.terminal, outlook: DayOutlook(caretaker: caretaker), now: context.now)
    session.sound = context.roundSound(caretaker)
    session.editor = context.roundEditor
    try session.cram(groupIndices: indices, selection: selection, options: RoundSession.Options(seed: seed))
  }
}
