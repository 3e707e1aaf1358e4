import MemoQuizKit

/// `memoquiz restore`: its arguments, options and help are declared in `CommandTable`.
struct RestoreCommand: Command {
  let id: Int

  init(arguments: ParsedArguments) throws(UsageError) {
    let text = arguments.positionals[0]
    guard let id = Int(text), id > 0 else {
      throw UsageError(
        "'\(text)' is not a snapshot ID; `memoquiz snapshots` lists them", command: arguments.command.name)
    }
    self.id = id
  }

  func run(in context: CommandContext) throws {
    let snapshot = try context.loadProgress().restore(snapshot: id, at: context.now())
    context.terminal.write(
      "Restored the questions from snapshot \(snapshot.id) (\(DateText.readable(snapshot.date)), "
        + "\(TextSanitizer.sanitized(snapshot.reason))). `memoquiz undo` takes this back.\n")
  }
}
