/// `memoquiz manual`: prints the manual page in roff.
struct ManualCommand: Command {
  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    context.terminal.writeVerbatim(ManualPage(commands: CommandTable.commands).roff)
  }
}
