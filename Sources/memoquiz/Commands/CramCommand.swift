import MemoQuizKit

/// `memoquiz cram`: its arguments, options and help are declared in `CommandTable`.
struct CramCommand: Command {
  let groups: [String]
  let selection: CramSelection

  init(arguments: ParsedArguments) {
    groups = arguments.positionals
    selection = CramSelection(
      leeches: arguments.has("--leeches"), missedToday: arguments.has("--missed-today"),
      flagged: arguments.has("--flagged"))
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
    try session.cram(groupIndices: indices, selection: selection, options: RoundSession.Options())
  }
}
