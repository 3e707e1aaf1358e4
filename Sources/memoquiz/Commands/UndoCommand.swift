import MemoQuizKit

/// `memoquiz undo`: its arguments, options and help are declared in `CommandTable`.
struct UndoCommand: Command {
  let id: Int?
  /// A step's global id (`1a2b3c4d-17`, `"step"` in `history --json`).
  let globalID: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    guard let text = arguments.positionals.first else {
      id = nil
      globalID = nil
      return
    }
    if Self.isGlobalID(text) {
      id = nil
      globalID = text
      return
    }
    guard let id = Int(text), id > 0 else {
      throw UsageError(
        "'\(text)' is not a step number or a step's id (1a2b3c4d-17); `memoquiz history` lists them",
        command: arguments.command.name)
    }
    self.id = id
    globalID = nil
  }

  /// Whether `text` has the form of a global step id: 8 lower-case
  /// hexadecimal digits, a dash and a number.
  static func isGlobalID(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 2 && parts[0].count == 8
      && parts[0].allSatisfy { $0.isASCII && ($0.isNumber || ("a"..."f").contains($0)) }
      && !parts[1].isEmpty && parts[1].count <= 10 && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
  }

  func run(in context: CommandContext) throws {
    let progress = try context.loadProgress()
    let line =
      try globalID.map { try progress.undo(step: $0, at: context.now()) } ?? progress.undo(id, at: context.now())
    context.terminal.write(TextSanitizer.sanitized(line) + "\n")
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
