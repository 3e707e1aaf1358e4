import MemoQuizKit

/// `memoquiz stats [GROUP] [--weeks N] [--json]`
struct StatsCommand: Command {
  static let name = "stats"
  static let abstract = "Show progress over time: a calendar, streaks, retention, a forecast, the weakest questions."
  static let usage = "memoquiz stats [GROUP] [--weeks N] [--json]"
  static let discussion = """
    For every group, or for GROUP:
      - a calendar of the last N weeks (26 unless --weeks says otherwise, and
        fewer on a narrow terminal): a cell a day, Monday to Sunday downwards,
        shaded by the number of answers that day (· ░ ▒ ▓ █);
      - the answers and accuracy of the last 30 days, a line of each day's
        answers, and the current and longest streak of days with answers;
      - retention: the share of right answers among reviews of questions that
        were due, over the last 30 days, beside the 90% that review aims at;
      - how many questions fall due on each of the next 14 days;
      - the weakest questions: most misses, then lowest chance of recall.
    Days are local days, in the time zone of TZ or else the system's.

    Options:
      --weeks N  how many weeks the calendar shows (1 to 520)
      --json     print one JSON object: days (date, answers, correct for each
                 day with answers), currentStreak, longestStreak, retention
                 (0 to 1, or null), forecast (14 of date and due) and weakest
                 (group, prompt, incorrectCount, retrievability)

    Examples:
      memoquiz stats
      memoquiz stats katakana --weeks 12
      memoquiz stats --json
    """
  static let specification = ParsedArguments.Specification(
    flags: ["--json"], options: ["--weeks"], maximumPositionals: 1)

  let group: String?
  let weeks: Int
  let json: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    group = arguments.positionals.first
    json = arguments.has("--json")
    weeks = try arguments.number("--weeks", in: 1...520, command: Self.name) ?? 26
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let indices = try group.map { [try caretaker.groupIndex(named: $0)] } ?? Array(caretaker.groups.indices)
    let statistics = Statistics(caretaker: caretaker, indices: indices, now: context.now())
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try statistics.json())
      return
    }
    let title = indices.count == 1 ? caretaker.groups[indices[0]].title : "All groups"
    terminal.write(
      statistics.text(
        title: TextSanitizer.sanitized(title), style: terminal.style, width: terminal.width, weeks: weeks))
  }
}
