import MemoQuizKit

/// `memoquiz snapshots`
struct SnapshotsCommand: Command {
  static let name = "snapshots"
  static let abstract = "List the saved snapshots, newest first."
  static let usage = "memoquiz snapshots"
  static let discussion = """
    memoquiz saves a snapshot before anything overwrites your data (reset,
    restore, edit). The newest \(SnapshotCaretaker.limit) are kept.

    Examples:
      memoquiz snapshots
      memoquiz restore 3
    """
  static let specification = ParsedArguments.Specification()

  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let snapshots = try SnapshotCaretaker(folder: context.folder).snapshots()
    let terminal = context.terminal
    guard !snapshots.isEmpty else {
      terminal.write("No snapshots yet. One is saved before each reset, restore and edit.\n")
      return
    }
    let idWidth = max(2, snapshots.map { String($0.id).count }.max() ?? 2)
    terminal.write(terminal.style.dim(SnapshotText.header(idWidth: idWidth)) + "\n")
    for snapshot in snapshots {
      terminal.write(SnapshotText.line(snapshot, idWidth: idWidth) + "\n")
    }
  }
}

/// How a snapshot is shown in lists and messages.
enum SnapshotText {
  static func header(idWidth: Int) -> String {
    DisplayWidth.fit("ID", width: idWidth, alignRight: true) + "  Date              Reason"
  }

  static func line(_ snapshot: SnapshotMemento, idWidth: Int) -> String {
    DisplayWidth.fit(String(snapshot.id), width: idWidth, alignRight: true) + "  "
      + DateText.readable(snapshot.date) + "  " + TextSanitizer.sanitized(snapshot.reason)
  }

  static func restored(_ snapshot: SnapshotMemento) -> String {
    "Restored snapshot \(snapshot.id) from \(DateText.readable(snapshot.date)) (\(TextSanitizer.sanitized(snapshot.reason))). "
      + "`memoquiz undo` takes this back.\n"
  }
}
