import MemoQuizKit

/// `memoquiz scores [GROUP] [--json]`
struct ScoresCommand: Command {
  static let name = "scores"
  static let abstract = "Show the scores of every group, or of one."
  static let usage = "memoquiz scores [GROUP] [--json]"
  static let discussion = """
    Scores count every answer since the last reset: correct, incorrect, the
    accuracy with a bar, how many questions are due for review, and the day
    the group was last played. For one group, its weakest questions follow.

    Options:
      --json   print a JSON array, one object per group in the order of `groups`,
               with title, questionCount, correctCount, incorrectCount,
               accuracy (0 to 1, or null), lastPlayed (ISO 8601, or null),
               due, new, and questions: each question's prompt, id,
               correctCount, incorrectCount, stability, difficulty, due,
               lastReview and retrievability (null before its first answer)

    Examples:
      memoquiz scores
      memoquiz scores katakana
      memoquiz scores --json
    """
  static let specification = ParsedArguments.Specification(flags: ["--json"], maximumPositionals: 1)

  let group: String?
  let json: Bool

  init(arguments: ParsedArguments) {
    group = arguments.positionals.first
    json = arguments.has("--json")
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let indices = try group.map { [try caretaker.groupIndex(named: $0)] } ?? Array(caretaker.groups.indices)
    let report = ScoreReport(caretaker: caretaker, indices: indices, now: context.now())
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try report.json())
      return
    }
    terminal.write(report.table(style: terminal.style, width: terminal.width))
    if group != nil { terminal.write(report.weakest(style: terminal.style)) }
  }
}
