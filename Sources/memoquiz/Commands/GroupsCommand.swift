import MemoQuizKit

/// `memoquiz groups`: its arguments, options and help are declared in `CommandTable`.
struct GroupsCommand: Command {
  /// Only the titles, one a line, as the completion scripts ask for them.
  let namesOnly: Bool

  init(arguments: ParsedArguments) {
    namesOnly = arguments.has("--names")
  }

  func run(in context: CommandContext) throws {
    if namesOnly {
      // Read the questions alone: no progress, no lock, so completing stays quick.
      let file = QuestionFile(bytes: try QuestionGroupCaretaker.questionsText(in: context.folder))
      let titles = (file.groups ?? []).map { TextSanitizer.sanitized($0.title) }
      context.terminal.writeVerbatim(titles.map { $0 + "\n" }.joined())
      return
    }
    let caretaker = try context.loadCaretaker(needsMemory: false)
    let terminal = context.terminal
    terminal.write(
      GroupTable(caretaker: caretaker, style: terminal.style, width: terminal.width, now: context.now()).render(
        showRounds: true))
    if caretaker.source == .bundled {
      terminal.write(terminal.style.dim("Bundled questions; `memoquiz edit` makes them yours to change.") + "\n")
    }
  }
}
