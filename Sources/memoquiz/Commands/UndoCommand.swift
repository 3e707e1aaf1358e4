import MemoQuizKit

/// `memoquiz undo`
struct UndoCommand: Command {
  static let name = "undo"
  static let abstract = "Bring back the newest snapshot (undo the last reset, restore or edit)."
  static let usage = "memoquiz undo"
  static let discussion = """
    The same as `memoquiz restore` with the newest snapshot's ID. Running undo
    twice undoes the undo. To take back an answer during a round, type :undo.

    Example:
      memoquiz reset hiragana --yes && memoquiz undo
    """
  static let specification = ParsedArguments.Specification()

  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let snapshot = try SnapshotCaretaker(folder: context.folder).restoreNewest()
    context.terminal.write(SnapshotText.restored(snapshot))
  }
}
