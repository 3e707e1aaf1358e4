import MemoQuizKit

/// `memoquiz add`: its arguments, options and help are declared in `CommandTable`.
struct AddCommand: Command {
  let group: String
  let question: Question

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
    question = Question(
      prompt: values[1], answer: values[2], alternatives: alternatives, hint: hint?.isEmpty == true ? nil : hint)
  }

  func run(in context: CommandContext) throws {
    let question = question
    let group = group
    typealias Outcome = (title: String, existing: Int?, plan: QuestionImport.Plan?)
    let outcome: Outcome? = try QuestionGroupCaretaker.changeQuestions(
      in: context.folder, kind: .add, group: nil, now: context.now()
    ) { (groups: [QuestionGroup]) throws -> (bytes: [UInt8], summary: String, result: Outcome) in
      let existing =
        groups.firstIndex { $0.title.lowercased() == group.lowercased() }
        ?? Int(group).flatMap { groups.indices.contains($0 - 1) ? $0 - 1 : nil }
      let title = existing.map { groups[$0].title } ?? group
      if let existing, groups[existing].questions.contains(where: { $0.identity == question.identity }) {
        throw ImportError.duplicatePrompt(group: title, prompt: question.prompt)
      }
      let plan = try QuestionImport.plan(
        [QuestionGroup(title: title, questions: [question])], into: groups, mode: .merge,
        file: "the new question")
      return (plan.bytes, "add of \(question.prompt) to \(title)", (title, existing, plan))
    }
    let (title, existing, plan) = outcome ?? (group, nil, nil)
    let count = plan?.groups.first { $0.title == title }?.questions.count ?? 1
    context.terminal.write(
      "Added \(TextSanitizer.sanitized(question.prompt)) to \(TextSanitizer.sanitized(title))"
        + (existing == nil ? " (a new group)" : " (\(counted(count, "question")) now)")
        + ". `memoquiz undo` takes it back.\n")
  }
}

extension String {
  fileprivate var trimmingWhitespaceAndNewlines: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
