import MemoQuizKit

/// `memoquiz restore ID`
struct RestoreCommand: Command {
  static let name = "restore"
  static let abstract = "Bring back a snapshot."
  static let usage = "memoquiz restore ID"
  static let discussion = """
    ID is a number from `memoquiz snapshots`. What the snapshot replaces is
    saved as a new snapshot first, so a restore can itself be undone.

    Example:
      memoquiz restore 3
    """
  static let specification = ParsedArguments.Specification(maximumPositionals: 1)

  let id: Int

  init(arguments: ParsedArguments) throws(UsageError) {
    guard let text = arguments.positionals.first else {
      throw UsageError("restore needs a snapshot ID", command: Self.name)
    }
    guard let id = Int(text) else {
      throw UsageError("'\(text)' is not a snapshot ID; `memoquiz snapshots` lists them", command: Self.name)
    }
    self.id = id
  }

  func run(in context: CommandContext) throws {
    let snapshot = try SnapshotCaretaker(folder: context.folder).restore(id: id)
    context.terminal.write(SnapshotText.restored(snapshot))
  }
}
