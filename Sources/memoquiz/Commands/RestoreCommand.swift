import MemoQuizKit

/// `memoquiz restore ID`
struct RestoreCommand: Command {
  static let name = "restore"
  static let abstract = "Bring back a saved version of the questions file."
  static let usage = "memoquiz restore ID"
  static let discussion = """
    ID is a number from `memoquiz snapshots`. The questions file it replaces
    is saved as a new snapshot first, and the restore is a step of the
    history: `memoquiz undo` takes it back.

    Example:
      memoquiz restore 3
    """
  static let specification = ParsedArguments.Specification(maximumPositionals: 1)

  let id: Int

  init(arguments: ParsedArguments) throws(UsageError) {
    guard let text = arguments.positionals.first else {
      throw UsageError("restore needs a snapshot ID", command: Self.name)
    }
    guard let id = Int(text), id > 0 else {
      throw UsageError("'\(text)' is not a snapshot ID; `memoquiz snapshots` lists them", command: Self.name)
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
