import MemoQuizKit

/// `memoquiz review`: its arguments, options and help are declared in `CommandTable`.
struct ReviewCommand: Command {
  let groups: [String]
  let options: RoundSession.Options

  init(arguments: ParsedArguments) throws(UsageError) {
    groups = arguments.positionals
    var options = RoundSession.Options(strategy: ReviewQuestionStrategy())
    options.newLimit = try arguments.number("--new", in: 0...Int.max, command: arguments.command.name)
    self.options = options
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let indices = try CommandContext.groupIndices(named: groups, in: caretaker)
    var session = context.roundSession(caretaker)
    try session.review(groupIndices: indices, options: options)
    // Once enough new reviews came, the scheduler is fitted to them; said
    // in one line only when that installs new parameters.
    if let line = try caretaker.progress.fitAutomatically(at: context.now()) {
      context.terminal.write(line + "\n")
    }
  }
}
