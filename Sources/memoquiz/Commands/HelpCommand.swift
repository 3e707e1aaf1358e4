/// `memoquiz help [COMMAND]`: the same as `--help`, for people who type it
/// the other way round.
struct HelpCommand: Command {
  let command: String?

  init(arguments: ParsedArguments) {
    command = arguments.positionals.first
  }

  func run(in context: CommandContext) throws {
    let formatter = HelpFormatter(width: context.terminal.width)
    guard let command else { return context.terminal.write(formatter.programHelp()) }
    guard let declaration = CommandTable.command(named: command) else { throw MemoQuizTool.unknownCommand(command) }
    context.terminal.write(formatter.help(for: declaration))
  }
}
