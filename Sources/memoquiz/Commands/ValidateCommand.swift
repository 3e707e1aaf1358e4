import MemoQuizKit

/// `memoquiz validate [FILE]`
struct ValidateCommand: Command {
  static let name = "validate"
  static let abstract = "Check a questions file and report every problem with its line and column."
  static let usage = "memoquiz validate [FILE]"
  static let discussion = """
    Without FILE, checks the questions in use (questions.json in the data
    folder, or the bundled set). Each problem is printed as
      FILE:LINE:COLUMN: error: MESSAGE
    so that editors can jump to it. Unknown keys that look like typos ("hnit")
    are warnings. The JSON must be strict: no trailing commas, no comments,
    no duplicate keys.

    Exit status: 0 valid, 65 invalid, 66 FILE does not exist.

    Examples:
      memoquiz validate
      memoquiz validate ~/my-questions.json
    """
  static let specification = ParsedArguments.Specification(maximumPositionals: 1)

  let file: String?

  init(arguments: ParsedArguments) {
    file = arguments.positionals.first
  }

  func run(in context: CommandContext) throws {
    let name: String
    let bytes: [UInt8]
    if let file {
      guard let contents = try QuestionGroupCaretaker.readFile(file) else { throw QuestionFileError.missingFile(file) }
      (name, bytes) = (file, contents)
    } else if let contents = try QuestionGroupCaretaker.readFile(context.folder.questionsFile) {
      (name, bytes) = (context.folder.questionsFile, contents)
    } else {
      (name, bytes) = ("bundled QuestionGroupData.json", try QuestionGroupCaretaker.questionsText(in: context.folder))
    }
    let questionFile = QuestionFile(bytes: bytes)
    guard let groups = questionFile.groups else {
      // The top level prints every problem, as for any command.
      throw QuestionFileError.invalid(
        file: name, diagnostics: questionFile.diagnostics, errorCount: questionFile.errorCount)
    }
    DiagnosticPrinter(terminal: context.terminal).print(
      questionFile.warnings, file: name, total: questionFile.warningCount)
    let questions = groups.reduce(0) { $0 + $1.questions.count }
    let warnings = questionFile.warningCount
    var summary = "\(TextSanitizer.sanitized(name)): valid: \(groups.count) \(groups.count == 1 ? "group" : "groups"), "
    summary += "\(questions) \(questions == 1 ? "question" : "questions")"
    // Reversed and cloze questions ask more than one card.
    let cards = groups.reduce(0) { $0 + $1.cards.count }
    if cards != questions { summary += " (\(cards) cards to ask)" }
    if warnings > 0 { summary += ", \(warnings) \(warnings == 1 ? "warning" : "warnings")" }
    context.terminal.write(summary + "\n")
  }
}

/// Prints diagnostics to standard error, as compilers do.
struct DiagnosticPrinter {
  /// More problems than this are summed up in one line.
  static let limit = 200

  let terminal: StandardTerminal

  /// - Parameter total: how many problems there are, when `diagnostics`
  ///   lists only the first of them.
  func print(_ diagnostics: [Diagnostic], file: String, total: Int? = nil) {
    let style = terminal.errorStyle
    let name = TextSanitizer.sanitized(file)
    for diagnostic in diagnostics.prefix(Self.limit) {
      let label = diagnostic.severity == .error ? style.red("error:") : style.yellow("warning:")
      let place = "\(name):\(diagnostic.location.line):\(diagnostic.location.column):"
      terminal.writeError("\(style.bold(place)) \(label) \(TextSanitizer.sanitized(diagnostic.message))")
    }
    let shown = min(diagnostics.count, Self.limit)
    let all = max(total ?? diagnostics.count, diagnostics.count)
    if all > shown {
      terminal.writeError("... and \(all - shown) more problems in \(name)")
    }
  }
}
