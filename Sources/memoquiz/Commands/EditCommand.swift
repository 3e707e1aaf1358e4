import MemoQuizKit

/// `memoquiz edit`
struct EditCommand: Command {
  static let name = "edit"
  static let abstract = "Edit the questions as JSON in your editor; only a valid file is installed."
  static let usage = "memoquiz edit"
  static let discussion = """
    Opens a copy of questions.json (or of the bundled questions, when you have
    none yet) in $VISUAL, else $EDITOR, else vi. When the editor closes, the
    copy is checked as `memoquiz validate` does:
      - unchanged: nothing happens;
      - valid: a snapshot of the old questions is saved (`memoquiz undo`
        brings them back), then the copy becomes questions.json;
      - invalid: the problems are shown; on a terminal you can edit again
        (the editor opens at the first problem's line, for editors that take
        +LINE); declining, or off a terminal, memoquiz exits with 65,
        questions.json stays as it was, and the path of your kept copy is
        printed.
    The edit is a step of the history (`memoquiz undo` takes it back). Progress
    stays with unchanged titles, and each question's memory with its id (or
    its prompt).

    Examples:
      memoquiz edit
      EDITOR="code --wait" memoquiz edit
    """
  static let specification = ParsedArguments.Specification()

  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let terminal = context.terminal
    let folder = context.folder
    let original = try QuestionGroupCaretaker.questionsText(in: folder)
    let draft = try QuestionGroupCaretaker.writeDraft(original, in: folder)
    let editor = Editor.fromEnvironment()
    var line: Int?
    while true {
      do {
        try editor.edit(draft, line: line)
      } catch {
        try? QuestionGroupCaretaker.removeDraft(draft)
        throw error
      }
      guard let edited = try QuestionGroupCaretaker.readFile(draft) else {
        throw Editor.Failure(description: "the edited copy \(draft) is gone; questions.json was not changed")
      }
      if edited == original {
        try QuestionGroupCaretaker.removeDraft(draft)
        terminal.write("No changes; questions.json was not changed.\n")
        return
      }
      let questionFile = QuestionFile(bytes: edited)
      DiagnosticPrinter(terminal: terminal).print(
        questionFile.diagnostics, file: draft, total: questionFile.errorCount + questionFile.warningCount)
      if let groups = questionFile.groups {
        let renames = try QuestionGroupCaretaker.installQuestions(
          edited, in: folder, kind: .edit, summary: "edit of the questions", now: context.now())
        try QuestionGroupCaretaker.removeDraft(draft)
        let questions = groups.reduce(0) { $0 + $1.questions.count }
        terminal.write(
          "Saved \(folder.questionsFile): \(counted(groups.count, "group")), \(counted(questions, "question")). "
            + "`memoquiz undo` brings the previous questions back.\n")
        for rename in renames {
          terminal.write(
            "\(TextSanitizer.sanitized(rename.from)) is now \(TextSanitizer.sanitized(rename.to)): "
              + "its scores, memory and round follow it.\n")
        }
        return
      }
      guard terminal.isInteractive,
        terminal.confirm("The edited questions are not valid. Edit again?", defaultAnswer: true) == true
      else {
        // Declined, interrupted or off a terminal: the edit is kept.
        terminal.writeError(
          "memoquiz: error: the edited questions are not valid; questions.json was not changed. Your edit is kept in \(draft)"
        )
        throw ExitRequest(code: .dataError)
      }
      line = questionFile.errors.first?.location.line
    }
  }
}
