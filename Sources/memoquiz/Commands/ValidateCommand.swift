import MemoQuizKit

/// `memoquiz validate`: its arguments, options and help are declared in `CommandTable`.
struct ValidateCommand: Command {
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
    let questionFile = QuestionFile(bytes: bytes, media: MediaFolder(of: context.folder))
    guard let groups = questionFile.groups else {
      guard let file, file != context.folder.questionsFile else {
        // The questions in use: the top level prints every problem and
        // points at `memoquiz edit`, as for any command that loads them.
        throw QuestionFileError.invalid(
          file: name, diagnostics: questionFile.diagnostics, errorCount: questionFile.errorCount)
      }
      // Another file: `memoquiz edit` would open the questions in use, not this one.
      let errors = questionFile.errorCount
      DiagnosticPrinter(terminal: context.terminal).print(
        questionFile.diagnostics, file: name, total: errors + questionFile.warningCount)
      context.terminal.writeError(
        "memoquiz: error: \(TextSanitizer.sanitized(file)) is not a valid questions file "
          + "(\(counted(errors, "error"))); fix it in your editor, then check it again with "
          + "`memoquiz validate \(TextSanitizer.sanitized(Self.shellWord(file)))`")
      throw ExitRequest(code: .dataError)
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

extension ValidateCommand {
  /// A path as the shell takes it back: quoted when it holds anything but
  /// letters, digits and `/._-~+`.
  static func shellWord(_ path: String) -> String {
    let plain = path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-~+".contains($0)) }
    return plain ? path : "'" + path.replacing("'", with: "'\\''") + "'"
  }
}

/// Prints diagnostics to standard error, as compilers do.
struct DiagnosticPrinter {
  /// More problems than this are summed up in one line.
  static let limit = 200

  let terminal: any ToolTerminal

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
