import MemoQuizKit

/// `memoquiz snapshots`: its arguments, options and help are declared in `CommandTable`.
struct SnapshotsCommand: Command {
  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let entries = try SnapshotCaretaker(folder: context.folder).entries()
    let terminal = context.terminal
    guard !entries.isEmpty else {
      terminal.write("No snapshots yet. One is saved before each edit and restore of the questions.\n")
      return
    }
    let ids = entries.map { entry in
      switch entry {
      case .snapshot(let snapshot): snapshot.id
      case .damaged(let id, _): id
      }
    }
    let idWidth = max(2, ids.map { String($0).count }.max() ?? 2)
    terminal.write(
      terminal.style.dim(DisplayWidth.fit("ID", width: idWidth, alignRight: true) + "  Date              Reason") + "\n"
    )
    for entry in entries {
      switch entry {
      case .snapshot(let snapshot):
        terminal.write(
          DisplayWidth.fit(String(snapshot.id), width: idWidth, alignRight: true) + "  "
            + DateText.readable(snapshot.date) + "  " + TextSanitizer.sanitized(snapshot.reason) + "\n")
      case .damaged(let id, let path):
        terminal.write(
          DisplayWidth.fit(String(id), width: idWidth, alignRight: true) + "  "
            + terminal.style.red("damaged") + "           cannot be read: \(TextSanitizer.sanitized(path))\n")
      }
    }
  }
}
