import MemoQuizKit

/// `memoquiz undo [ID]`
struct UndoCommand: Command {
  static let name = "undo"
  static let abstract = "Take back one step: the newest, or step ID from `memoquiz history`."
  static let usage = "memoquiz undo [ID]"
  static let discussion = """
    Every change is a step: an answer, a :right, a reset, an edit, a restore.
    Undo takes back exactly one, and never the steps after it: taking back a
    reset brings back the scores and memory it cleared, with every answer
    given since added in. Nothing is deleted; `memoquiz redo` brings the step
    back, and `memoquiz history` shows it marked as taken back. To take back
    an answer during a round, type :undo.

    Examples:
      memoquiz undo
      memoquiz undo 42
    """
  static let specification = ParsedArguments.Specification(maximumPositionals: 1)

  let id: Int?

  init(arguments: ParsedArguments) throws(UsageError) {
    guard let text = arguments.positionals.first else {
      id = nil
      return
    }
    guard let id = Int(text), id > 0 else {
      throw UsageError("'\(text)' is not a step number; `memoquiz history` lists them", command: Self.name)
    }
    self.id = id
  }

  func run(in context: CommandContext) throws {
    let progress = try context.loadProgress()
    context.terminal.write(TextSanitizer.sanitized(try progress.undo(id, at: context.now())) + "\n")
  }
}

/// `memoquiz redo`
struct RedoCommand: Command {
  static let name = "redo"
  static let abstract = "Bring back the step that `memoquiz undo` took back most recently."
  static let usage = "memoquiz redo"
  static let discussion = """
    Example:
      memoquiz undo && memoquiz redo
    """
  static let specification = ParsedArguments.Specification()

  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let progress = try context.loadProgress()
    context.terminal.write(TextSanitizer.sanitized(try progress.redo(at: context.now())) + "\n")
  }
}
