import MemoQuizKit

/// `memoquiz add`: its arguments, options and help are declared in `CommandTable`.
struct AddCommand: Command {
  let group: String
  let question: Question
  /// A title near an existing one still makes a new group.
  let newGroup: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    let values = arguments.positionals.map { $0.trimmingWhitespaceAndNewlines }
    guard values.count == 3, values.allSatisfy({ !$0.isEmpty }) else {
      throw UsageError("add needs a GROUP, a PROMPT and an ANSWER", command: arguments.command.name)
    }
    group = values[0]
    let alternatives = arguments.allValues("--alternative").map(\.trimmingWhitespaceAndNewlines)
    guard alternatives.allSatisfy({ !$0.isEmpty }) else {
      throw UsageError("--alternative needs an answer", command: arguments.command.name)
    }
    let hint = arguments.value("--hint").map(\.trimmingWhitespaceAndNewlines)
    var question = Question(
      prompt: values[1], answer: values[2], alternatives: alternatives, hint: hint?.isEmpty == true ? nil : hint,
      grade: arguments.has("--self") ? .self : nil)
    for option in ["--other-answer", "--blocked"] {
      let answers = arguments.allValues(option).map(\.trimmingWhitespaceAndNewlines)
      guard answers.allSatisfy({ !$0.isEmpty }) else {
        throw UsageError("\(option) needs an answer", command: arguments.command.name)
      }
      if option == "--blocked" { question.blocked = answers } else { question.otherAnswers = answers }
    }
    self.question = question
    newGroup = arguments.has("--new-group")
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    var existing =
      caretaker.groups.firstIndex { $0.title.lowercased() == group.lowercased() }
      ?? Int(group).flatMap { caretaker.groups.indices.contains($0 - 1) ? $0 - 1 : nil }
    if existing == nil, !newGroup, let near = nearGroup(in: caretaker) {
      switch try choose(near, in: caretaker, terminal: context.terminal) {
      case .group(let index): existing = index
      case .newGroup: break
      case .nothing:
        context.terminal.write("Nothing was added.\n")
        return
      }
    }
    let chosen = existing.map { caretaker.groups[$0].title } ?? group
    let question = question
    // Planned from the questions as they are under the lock: a change made
    // at the same time by another process is kept.
    typealias Outcome = (title: String, existing: Int?, plan: QuestionImport.Plan?)
    let outcome: Outcome? = try QuestionGroupCaretaker.changeQuestions(
      in: context.folder, kind: .add, group: nil, now: context.now(), wording: CommandError.wording,
      onWarning: { context.terminal.warn($0) }
    ) { (groups: [QuestionGroup]) throws -> (bytes: [UInt8], summary: String, result: Outcome) in
      let existing = groups.firstIndex { $0.title.lowercased() == chosen.lowercased() }
      let title = existing.map { groups[$0].title } ?? chosen
      if let existing, groups[existing].questions.contains(where: { $0.identity == question.identity }) {
        throw ImportError.duplicatePrompt(group: title, prompt: question.prompt)
      }
      let plan = try QuestionImport.plan(
        [QuestionGroup(title: title, questions: [question])], into: groups, mode: .merge,
        file: "the new question")
      return (plan.bytes, "add of \(question.prompt) to \(title)", (title, existing, plan))
    }
    let (title, found, plan) = outcome ?? (chosen, nil, nil)
    let count = plan?.groups.first { $0.title == title }?.questions.count ?? 1
    context.terminal.write(
      "Added \(TextSanitizer.sanitized(question.prompt)) to \(TextSanitizer.sanitized(title))"
        + (found == nil ? " (a new group)" : " (\(counted(count, "question")) now)")
        + ". `memoquiz undo` takes it back.\n")
  }
}

extension AddCommand {
  /// The group a title that no group has most likely meant: the one it is
  /// the start of, or one a typo away.
  func nearGroup(in caretaker: QuestionGroupCaretaker) -> Int? {
    if let index = try? caretaker.groupIndex(named: group) { return index }
    return QuestionGroupCaretaker.suggestion(for: group, among: caretaker.groups.map(\.title)).flatMap { near in
      caretaker.groups.firstIndex { $0.title == near }
    }
  }

  /// What the user meant by a title near an existing one.
  enum Choice {
    /// The existing group at this index.
    case group(Int)
    /// A new group with the title as typed.
    case newGroup
    /// Neither: nothing is added.
    case nothing
  }

  /// Asks whether the near group was meant, on a terminal.
  /// - Throws: ``UsageError`` naming the near group, not on a terminal.
  func choose(_ near: Int, in caretaker: QuestionGroupCaretaker, terminal: any ToolTerminal) throws -> Choice {
    let title = caretaker.groups[near].title
    let shown = TextSanitizer.sanitized(title)
    let typed = TextSanitizer.sanitized(group)
    guard terminal.isInteractive else {
      throw UsageError(
        "no group is called \"\(typed)\"; did you mean \"\(shown)\"? Give its name, or --new-group to make a new group \"\(typed)\"",
        command: "add")
    }
    terminal.write("No group is called \"\(typed)\".\n")
    switch terminal.confirm("Add \(TextSanitizer.sanitized(question.prompt)) to \"\(shown)\"?", defaultAnswer: true) {
    case true?: return .group(near)
    case nil: return .nothing
    case false?:
      let makes = terminal.confirm("Make a new group \"\(typed)\"?", defaultAnswer: false) == true
      return makes ? .newGroup : .nothing
    }
  }
}

extension String {
  fileprivate var trimmingWhitespaceAndNewlines: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
