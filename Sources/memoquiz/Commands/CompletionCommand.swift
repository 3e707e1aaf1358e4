/// `memoquiz completion SHELL`: prints the completion script for a shell.
struct CompletionCommand: Command {
  let shell: Shell

  init(arguments: ParsedArguments) throws(UsageError) {
    // The parser has checked the value against the shells.
    guard let shell = Shell(argument: arguments.positionals[0]) else {
      throw UsageError("unknown shell '\(arguments.positionals[0])'", command: arguments.command.name)
    }
    self.shell = shell
  }

  func run(in context: CommandContext) throws {
    context.terminal.writeVerbatim(shell.completionScript(for: CommandTable.commands))
  }
}
