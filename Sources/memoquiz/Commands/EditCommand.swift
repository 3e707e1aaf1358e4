import MemoQuizKit

/// `memoquiz edit`: its arguments, options and help are declared in `CommandTable`.
struct EditCommand: Command {
  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let terminal = context.terminal
    let folder = context.folder
    // What other commands change while the editor is open is merged with
    // the edit when it is saved.
    let start = try context.loadProgress().questionsForEditing()
    let original = start.text
    let draft = try QuestionGroupCaretaker.writeDraft(original, in: folder)
    let editor = Editor.fromEnvironment(context.environment)
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
          edited, in: folder, kind: .edit, summary: "edit of the questions", startedFrom: start, now: context.now(),
          wording: CommandError.wording, onWarning: { terminal.warn($0) })
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
        try QuestionGroupCaretaker.keepDraft(draft)
        terminal.writeError(
          "memoquiz: error: the edited questions are not valid; questions.json was not changed. Your edit is kept in \(draft)"
        )
        throw ExitRequest(code: .dataError)
      }
      line = questionFile.errors.first?.location.line
    }
  }
}
