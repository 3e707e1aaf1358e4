import MemoQuizKit

/// `memoquiz undo`: its arguments, options and help are declared in `CommandTable`.
struct UndoCommand: Command {
  let id: Int?

  init(arguments: ParsedArguments) throws(UsageError) {
    guard let text = arguments.positionals.first else {
      id = nil
      return
    }
    guard let id = Int(text), id > 0 else {
      throw UsageError("'\(text)' is not a step number; `memoquiz history` lists them", command: arguments.command.name)
    }
    self.id = id
  }

  func run(in context: CommandContext) throws {
    let progress = try context.loadProgress()
    context.terminal.write(TextSanitizer.sanitized(try progress.undo(id, at: context.now())) + "\n")
  }
}

/// `memoquiz redo`: its arguments, options and help are declared in `CommandTable`.
struct RedoCommand: Command {
  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let progress = try context.loadProgress()
    context.terminal.write(TextSanitizer.sanitized(try progress.redo(at: context.now())) + "\n")
  }
}
