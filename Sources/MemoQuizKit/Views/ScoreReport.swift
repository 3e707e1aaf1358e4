import FoundationEssentials

/// The `scores` command's output: a table with an accuracy bar, the date
/// last played and how many are due, or the same data as JSON with every
/// question's memory.
public struct ScoreReport {
  /// One card's line of the JSON: a question, or one direction or cloze
  /// number of it (`card`: "forward", "reverse", "c1", ...).
  struct QuestionRow: Encodable {
    let prompt: String
    let id: String?
    let card: String
    let correctCount: Int
    let incorrectCount: Int
    let stability: Double?
    let difficulty: Double?
    let due: String?
    let lastReview: String?
    let retrievability: Double?
    /// Whether the card keeps lapsing (see `leech-threshold`).
    var leech = false
    /// Whether its question is suspended (`:suspend`, `memoquiz suspend`).
    var suspended = false
    /// Whether its question is flagged (`:flag`).
    var flagged = false

    private enum CodingKeys: String, CodingKey {
      case prompt, id, card, correctCount, incorrectCount, stability, difficulty, due, lastReview, retrievability
      case leech
      case suspended, flagged
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(prompt, forKey: .prompt)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(card, forKey: .card)
      try container.encode(correctCount, forKey: .correctCount)
      try container.encode(incorrectCount, forKey: .incorrectCount)
      try container.encode(stability, forKey: .stability)
      try container.encode(difficulty, forKey: .difficulty)
      try container.encode(due, forKey: .due)
      try container.encode(lastReview, forKey: .lastReview)
      try container.encode(retrievability, forKey: .retrievability)
      try container.encode(leech, forKey: .leech)
      try container.encode(suspended, forKey: .suspended)
      try container.encode(flagged, forKey: .flagged)
    }
  }

  /// One group's line of the report; also its JSON form.
  struct Row: Encodable {
    let title: String
    let questionCount: Int
    let correctCount: Int
    let incorrectCount: Int
    let accuracy: Double?
    let lastPlayed: Date?
    let due: Int
    let new: Int
    let questions: [QuestionRow]

    private enum CodingKeys: String, CodingKey {
      case title, questionCount, correctCount, incorrectCount, accuracy, lastPlayed, due, new, questions
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(title, forKey: .title)
      try container.encode(questionCount, forKey: .questionCount)
      try container.encode(correctCount, forKey: .correctCount)
      try container.encode(incorrectCount, forKey: .incorrectCount)
      try container.encode(accuracy.map { ($0 * 1000).rounded() / 1000 }, forKey: .accuracy)
      try container.encode(lastPlayed.map(ISO8601Time.string), forKey: .lastPlayed)
      try container.encode(due, forKey: .due)
      try container.encode(new, forKey: .new)
      try container.encode(questions, forKey: .questions)
    }
  }

  let rows: [Row]

  /// The report of the groups at `indices`, in that order, at `now`.
  /// - Throws: ``PersistenceError`` when the memory of the cards cannot be read.
  public init(caretaker: QuestionGroupCaretaker, indices: [Int], now: Date) throws {
    let withMemory = try caretaker.loadMemory()
    let scheduler = caretaker.scheduler
    let today = caretaker.learnerDay(at: now)
    let settings = caretaker.progress.settings
    rows = indices.map { index in
      let group = caretaker.groups[index]
      let leechThreshold = settings.of(group: group.title).leechThreshold
      let score = caretaker.score(of: group)
      let cards = group.cards
      let questions = cards.map { card in
        let memory = withMemory.memory(of: card, in: group)
        let state = memory?.state
        var row = QuestionRow(
          prompt: card.prompt, id: card.questionID, card: card.kind.name, correctCount: memory?.correctCount ?? 0,
          incorrectCount: memory?.incorrectCount ?? 0, stability: state?.stability,
          difficulty: state?.sbd == nil ? state?.difficulty : nil,
          due: state.map { ISO8601Time.string(caretaker.start(ofDay: $0.dueDay)) },
          lastReview: state.map { ISO8601Time.string($0.lastReview.date) },
          retrievability: state.map { scheduler.retrievability(of: $0, onDay: today) })
        row.leech = leechThreshold > 0 && (memory?.lapses ?? 0) >= leechThreshold
        let controls = withMemory.progress.controls(of: card.questionIdentity, in: group.title)
        row.suspended = controls.isSuspended
        row.flagged = controls.isFlagged
        return row
      }
      return Row(
        title: group.title, questionCount: cards.count, correctCount: score.correctCount,
        incorrectCount: score.incorrectCount, accuracy: score.accuracy, lastPlayed: caretaker.lastPlayed(group.title),
        due: caretaker.dueCount(of: group, at: now), new: caretaker.newCount(of: group), questions: questions)
    }
  }

  /// The rows as a JSON array, in the order of `groups`.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n"
  }

  /// The rows as a table that reads at a glance. On a narrow terminal the
  /// least useful columns go first, before a title is cut: the day last
  /// played, the incorrect count (the accuracy tells it), then the bar.
  public func table(style: TextStyle, width: Int) -> String {
    let titles = rows.map { TextSanitizer.sanitized($0.title) }
    let barWidth = 10
    let longestTitle = min(titles.map(DisplayWidth.of).max() ?? 5, 24)
    var showsLastPlayed = true
    var showsIncorrect = true
    var showsBar = true
    func fixedWidth() -> Int {
      2 + 7 + 2 + 8 + 2 + 3 + (showsIncorrect ? 11 : 0) + (showsBar ? barWidth + 2 : 0) + (showsLastPlayed ? 13 : 0)
    }
    // The columns go before the title is cut.
    let wanted = max(5, longestTitle)
    if fixedWidth() + wanted > width { showsLastPlayed = false }
    if fixedWidth() + wanted > width { showsIncorrect = false }
    if fixedWidth() + wanted > width { showsBar = false }
    let titleWidth = max(5, min(longestTitle, width - fixedWidth()))
    var header = DisplayWidth.fit("Group", width: titleWidth) + "  Correct"
    if showsIncorrect { header += "  Incorrect" }
    header += "  Accuracy"
    if showsBar { header += "  " + DisplayWidth.fit("", width: barWidth) }
    header += "  Due"
    if showsLastPlayed { header += "  Last played" }
    var text = style.dim(header.trimmingTrailingSpaces) + "\n"
    for (row, title) in zip(rows, titles) {
      var line = DisplayWidth.fit(title, width: titleWidth) + "  "
      line += DisplayWidth.fit(String(row.correctCount), width: 7, alignRight: true) + "  "
      if showsIncorrect { line += DisplayWidth.fit(String(row.incorrectCount), width: 9, alignRight: true) + "  " }
      line += DisplayWidth.fit(GroupTable.percentage(row.accuracy), width: 8, alignRight: true) + "  "
      if showsBar { line += bar(row.accuracy, width: barWidth, style: style) + "  " }
      line += DisplayWidth.fit(String(row.due), width: 3, alignRight: true)
      if showsLastPlayed {
        line += "  " + (row.lastPlayed.map { CalendarTime($0, local: true).readableDay } ?? "never")
      }
      text += line + "\n"
    }
    return text
  }

  /// The weakest questions of a one-group report: most incorrect answers,
  /// then lowest retrievability; up to `limit`.
  public func weakest(style: TextStyle, limit: Int = 10) -> String {
    guard rows.count == 1 else { return "" }
    let answered = rows[0].questions.filter { $0.incorrectCount > 0 || $0.retrievability != nil }
    // The keys are sorted, not the rows: the sort moves two numbers, not a
    // row of strings. The sort is stable, as sorting the rows was.
    let keys = answered.map { (incorrect: $0.incorrectCount, recall: $0.retrievability ?? 1) }
    let order = keys.indices.sorted {
      keys[$0].incorrect != keys[$1].incorrect
        ? keys[$0].incorrect > keys[$1].incorrect : keys[$0].recall < keys[$1].recall
    }
    let weakest = order.prefix(limit).map { answered[$0] }
    guard !weakest.isEmpty else { return "\nNo question answered yet.\n" }
    let prompts = weakest.map { TextSanitizer.sanitized($0.prompt) }
    let promptWidth = max(6, min(24, prompts.map(DisplayWidth.of).max() ?? 6))
    var text = "\n" + style.bold("Weakest questions") + "\n"
    text += style.dim(DisplayWidth.fit("Prompt", width: promptWidth) + "  Wrong  Right  Recall  Due") + "\n"
    for (question, prompt) in zip(weakest, prompts) {
      var line = DisplayWidth.fit(prompt, width: promptWidth) + "  "
      line += DisplayWidth.fit(String(question.incorrectCount), width: 5, alignRight: true) + "  "
      line += DisplayWidth.fit(String(question.correctCount), width: 5, alignRight: true) + "  "
      line += DisplayWidth.fit(GroupTable.percentage(question.retrievability), width: 6, alignRight: true) + "  "
      // The date part whole, whatever the year's digits (10000-01-02).
      line += question.due.map { String($0.prefix { $0 != "T" }) } ?? "-"
      text += line + "\n"
    }
    return text
  }

  /// A bar of `width` cells filled in proportion to the accuracy: Unicode
  /// blocks when the locale is UTF-8, `#` and `.` otherwise.
  func bar(_ accuracy: Double?, width: Int, style: TextStyle) -> String {
    let (full, empty) = style.isUnicode ? ("█", "░") : ("#", ".")
    guard let accuracy else { return style.dim(String(repeating: empty, count: width)) }
    let filled = Int((accuracy * Double(width)).rounded())
    let bar = String(repeating: full, count: filled)
    let colored = accuracy >= 0.8 ? style.green(bar) : accuracy >= 0.5 ? style.yellow(bar) : style.red(bar)
    return colored + style.dim(String(repeating: empty, count: width - filled))
  }
}
