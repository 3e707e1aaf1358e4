import MemoQuizKit

/// `memoquiz add GROUP PROMPT ANSWER [--hint H] [--alternative A]...`
struct AddCommand: Command {
  static let name = "add"
  static let abstract = "Add one question to a group, creating the group when it is new."
  static let usage = "memoquiz add GROUP PROMPT ANSWER [--hint H] [--alternative A]..."
  static let discussion = """
    GROUP is a title (ignoring case) or the number `memoquiz groups` shows; a
    title that no group has makes a new group. A prompt the group has already
    is refused. The addition is a step of the history: `memoquiz undo` takes
    it back.

    Examples:
      memoquiz add Kanji 山 yama --hint "a mountain with three peaks"
      memoquiz add Numbers 四十 40 --alternative yonjuu
    """
  static let specification = ParsedArguments.Specification(
    options: ["--hint", "--alternative"], maximumPositionals: 3)

  let group: String
  let question: Question

  init(arguments: ParsedArguments) throws(UsageError) {
    let values = arguments.positionals.map { $0.trimmingWhitespaceAndNewlines }
    guard values.count == 3, values.allSatisfy({ !$0.isEmpty }) else {
      throw UsageError("add needs a GROUP, a PROMPT and an ANSWER", command: Self.name)
    }
    group = values[0]
    let alternatives = (arguments.repeatedOptions["--alternative"] ?? []).map(\.trimmingWhitespaceAndNewlines)
    guard alternatives.allSatisfy({ !$0.isEmpty }) else {
      throw UsageError("--alternative needs an answer", command: Self.name)
    }
    let hint = arguments.options["--hint"].map(\.trimmingWhitespaceAndNewlines)
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
