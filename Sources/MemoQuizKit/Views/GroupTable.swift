import FoundationEssentials

/// The table of groups that `groups` and the menu print: number, title,
/// question count, how many are due, score and accuracy, aligned by display
/// width. On a narrow terminal the score columns go before a title is cut,
/// the title is cut to 12 columns before what is due goes, and no row wraps.
public struct GroupTable {
  private let caretaker: QuestionGroupCaretaker
  private let style: TextStyle
  private let width: Int
  private let now: Date

  public init(caretaker: QuestionGroupCaretaker, style: TextStyle, width: Int, now: Date) {
    self.caretaker = caretaker
    self.style = style
    self.width = width
    self.now = now
  }

  /// The table's text, a line each group after a header.
  /// - Parameter showRounds: note unfinished rounds, as the menu does.
  public func render(showRounds: Bool = false) -> String {
    let groups = caretaker.groups
    let titles = groups.map { TextSanitizer.sanitized($0.title) }
    let numberWidth = max(1, String(groups.count).count)
    let longestTitle = max(5, min(titles.map(DisplayWidth.of).max() ?? 5, 32))
    let columns = Self.columns(numberWidth: numberWidth, longestTitle: longestTitle, width: width)
    // Below five columns even "Group" is cut, rather than a row wrapped.
    let titleWidth = max(3, min(longestTitle, width - Self.fixedWidth(numberWidth: numberWidth, columns: columns)))
    var header = "  " + DisplayWidth.fit("#", width: numberWidth, alignRight: true) + "  "
    header += DisplayWidth.fit("Group", width: titleWidth) + "  Questions"
    for column in columns { header += "  " + column.rawValue }
    var text = style.dim(header) + "\n"
    for (index, group) in groups.enumerated() {
      let score = caretaker.score(of: group)
      var line = "  " + DisplayWidth.fit(String(index + 1), width: numberWidth, alignRight: true) + "  "
      line += DisplayWidth.fit(titles[index], width: titleWidth) + "  "
      line += DisplayWidth.fit(String(group.cards.count), width: 9, alignRight: true)
      for column in columns {
        let value: String
        switch column {
        case .due: value = String(caretaker.dueCount(of: group, at: now))
        case .correct: value = String(score.correctCount)
        case .incorrect: value = String(score.incorrectCount)
        case .accuracy: value = Self.percentage(score.accuracy)
        }
        line += "  " + DisplayWidth.fit(value, width: column.rawValue.count, alignRight: true)
      }
      if showRounds, let round = caretaker.unfinishedPosition(of: group.title, at: now) {
        // Counted as the round counts when it resumes: "question 4 of 10".
        let note = "unfinished: question \(min(round.done + 1, round.count)) of \(round.count)"
        // Beside the row when it fits, else under it, cut rather than wrapped.
        if DisplayWidth.of(line) + 2 + note.count <= width {
          line += "  " + style.yellow(note)
        } else {
          let room = max(1, width - numberWidth - 4)
          line +=
            "\n" + String(repeating: " ", count: numberWidth + 4) + style.yellow(DisplayWidth.fit(note, width: room))
        }
      }
      text += line + "\n"
    }
    return text
  }

  /// A column a narrow terminal can do without: the number, the title and
  /// the question count always stay.
  enum Column: String, CaseIterable {
    case due = "Due"
    case correct = "Correct"
    case incorrect = "Incorrect"
    case accuracy = "Accuracy"
  }

  /// The columns that fit beside the whole title (up to 32 columns of it):
  /// the score columns go before the title is cut, the incorrect count first
  /// (the accuracy tells it), then the correct count and the accuracy. What
  /// is due is not a score: it stays while the title can keep 12 columns of
  /// itself, and goes only when even that cut title does not fit beside it.
  /// No row is wider than `width` unless even the title cannot fit.
  static func columns(numberWidth: Int, longestTitle: Int, width: Int) -> [Column] {
    var columns = Column.allCases
    for dropped in [Column.incorrect, .correct, .accuracy]
    where fixedWidth(numberWidth: numberWidth, columns: columns) + longestTitle > width {
      columns.removeAll { $0 == dropped }
    }
    if fixedWidth(numberWidth: numberWidth, columns: columns) + min(longestTitle, shortestCutTitle) > width {
      columns.removeAll { $0 == .due }
    }
    return columns
  }

  /// The fewest columns of a title that is cut to keep what is due beside it.
  static let shortestCutTitle = 12

  /// The width of a row without its title.
  static func fixedWidth(numberWidth: Int, columns: [Column]) -> Int {
    2 + numberWidth + 2 + 2 + 9 + columns.reduce(0) { $0 + 2 + $1.rawValue.count }
  }

  /// "80%", or "-" before any answer.
  static func percentage(_ accuracy: Double?) -> String {
    accuracy.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
  }
}
