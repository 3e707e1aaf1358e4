import FoundationEssentials

/// The `scores` command's output: a table with an accuracy bar and the date
/// last played, or the same data as JSON.
public struct ScoreReport {
  /// One group's line of the report; also its JSON form.
  public struct Row: Encodable {
    public let title: String
    public let questionCount: Int
    public let correctCount: Int
    public let incorrectCount: Int
    public let accuracy: Double?
    public let lastPlayed: Date?

    private enum CodingKeys: String, CodingKey {
      case title, questionCount, correctCount, incorrectCount, accuracy, lastPlayed
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(title, forKey: .title)
      try container.encode(questionCount, forKey: .questionCount)
      try container.encode(correctCount, forKey: .correctCount)
      try container.encode(incorrectCount, forKey: .incorrectCount)
      if let accuracy {
        try container.encode((accuracy * 1000).rounded() / 1000, forKey: .accuracy)
      } else {
        try container.encodeNil(forKey: .accuracy)
      }
      if let lastPlayed {
        try container.encode(lastPlayed, forKey: .lastPlayed)
      } else {
        try container.encodeNil(forKey: .lastPlayed)
      }
    }
  }

  public let rows: [Row]

  /// The report of the groups at `indices`, in that order.
  public init(caretaker: QuestionGroupCaretaker, indices: [Int]) {
    rows = indices.map { index in
      let group = caretaker.groups[index]
      return Row(
        title: group.title, questionCount: group.questions.count, correctCount: group.score.correctCount,
        incorrectCount: group.score.incorrectCount, accuracy: group.score.accuracy,
        lastPlayed: caretaker.lastPlayed(group.title))
    }
  }

  /// The rows as a JSON array, in the order of `groups`.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n"
  }

  /// The rows as a table that reads at a glance.
  public func table(style: TextStyle, width: Int) -> String {
    let titles = rows.map { TextSanitizer.sanitized($0.title) }
    let barWidth = 10
    let fixed = 2 + 7 + 2 + 9 + 2 + 8 + 2 + barWidth + 2 + 11
    let titleWidth = max(5, min(titles.map(DisplayWidth.of).max() ?? 5, max(12, width - fixed - 1)))
    var text =
      style.dim(
        DisplayWidth.fit("Group", width: titleWidth) + "  Correct  Incorrect  Accuracy  "
          + DisplayWidth.fit("", width: barWidth) + "  Last played") + "\n"
    for (row, title) in zip(rows, titles) {
      var line = DisplayWidth.fit(title, width: titleWidth) + "  "
      line += DisplayWidth.fit(String(row.correctCount), width: 7, alignRight: true) + "  "
      line += DisplayWidth.fit(String(row.incorrectCount), width: 9, alignRight: true) + "  "
      line += DisplayWidth.fit(GroupTable.percentage(row.accuracy), width: 8, alignRight: true) + "  "
      line += bar(row.accuracy, width: barWidth, style: style) + "  "
      line += row.lastPlayed.map { CalendarTime($0, local: true).readableDay } ?? "never"
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
