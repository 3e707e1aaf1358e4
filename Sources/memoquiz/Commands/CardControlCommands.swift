import MemoQuizKit

/// `memoquiz suspend`, `unsuspend` and `unflag`: one card control on the
/// question named, as a step. Their arguments and help are declared in
/// `CommandTable`.
struct CardControlCommand {
  let question: String

  init(arguments: ParsedArguments) {
    question = arguments.positionals.first ?? ""
  }

  func run(_ control: CardControl, in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let named = try caretaker.control(control, questionNamed: question, at: context.now())
    let name = TextSanitizer.sanitized(named.group.title + "/" + named.question.prompt)
    let line =
      switch control {
      case .suspend: "Suspended \(name): it is never asked nor counted due until `memoquiz unsuspend`."
      case .unsuspend: "Unsuspended \(name): it is asked again when it is due."
      case .bury: "Buried \(name) until the next learner day."
      case .flag: "Flagged \(name); `memoquiz flagged` lists it."
      case .unflag: "Unflagged \(name)."
      }
    context.terminal.write(line + " `memoquiz undo` takes it back.\n")
  }
}

/// `memoquiz suspend QUESTION`.
struct SuspendCommand: Command {
  let command: CardControlCommand
  init(arguments: ParsedArguments) { command = CardControlCommand(arguments: arguments) }
  func run(in context: CommandContext) throws { try command.run(.suspend, in: context) }
}

/// `memoquiz unsuspend QUESTION`.
struct UnsuspendCommand: Command {
  let command: CardControlCommand
  init(arguments: ParsedArguments) { command = CardControlCommand(arguments: arguments) }
  func run(in context: CommandContext) throws { try command.run(.unsuspend, in: context) }
}

/// `memoquiz unflag QUESTION`.
struct UnflagCommand: Command {
  let command: CardControlCommand
  init(arguments: ParsedArguments) { command = CardControlCommand(arguments: arguments) }
  func run(in context: CommandContext) throws { try command.run(.unflag, in: context) }
}

/// `memoquiz flagged`: every flagged question, as `GROUP/PROMPT` lines.
struct FlaggedCommand: Command {
  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let flagged = try caretaker.flaggedQuestions()
    guard !flagged.isEmpty else {
      context.terminal.write("No question is flagged; `:flag` in a round flags the one asked.\n")
      return
    }
    for named in flagged {
      context.terminal.write(TextSanitizer.sanitized(named.group.title + "/" + named.question.prompt) + "\n")
    }
  }
}
