import FoundationEssentials

/// The table of groups that `groups` and the menu print: number, title,
/// question count, score and accuracy, aligned by display width.
public struct GroupTable {
  private let caretaker: QuestionGroupCaretaker
  private let style: TextStyle
  private let width: Int

  public init(caretaker: QuestionGroupCaretaker, style: TextStyle, width: Int) {
    self.caretaker = caretaker
    self.style = style
    self.width = width
  }

  /// The table's text, a line each group after a header.
  /// - Parameter showRounds: note unfinished rounds, as the menu does.
  public func render(showRounds: Bool = false) -> String {
    let groups = caretaker.groups
    let titles = groups.map { TextSanitizer.sanitized($0.title) }
    let numberWidth = max(1, String(groups.count).count)
    let fixed = numberWidth + 2 + 2 + 9 + 2 + 7 + 2 + 9 + 2 + 8
    let titleWidth = max(5, min(titles.map(DisplayWidth.of).max() ?? 5, max(12, width - fixed - 1)))
    var text =
      style.dim(
        "  " + DisplayWidth.fit("#", width: numberWidth, alignRight: true) + "  "
          + DisplayWidth.fit("Group", width: titleWidth) + "  Questions  Correct  Incorrect  Accuracy") + "\n"
    for (index, group) in groups.enumerated() {
      let score = group.score
      var line = "  " + DisplayWidth.fit(String(index + 1), width: numberWidth, alignRight: true) + "  "
      line += DisplayWidth.fit(titles[index], width: titleWidth) + "  "
      line += DisplayWidth.fit(String(group.questions.count), width: 9, alignRight: true) + "  "
      line += DisplayWidth.fit(String(score.correctCount), width: 7, alignRight: true) + "  "
      line += DisplayWidth.fit(String(score.incorrectCount), width: 9, alignRight: true) + "  "
      line += DisplayWidth.fit(Self.percentage(score.accuracy), width: 8, alignRight: true)
      if showRounds, let round = caretaker.unfinishedRound(of: group.title) {
        line += style.yellow("  unfinished: \(round.position)/\(round.questionCount) answered")
      }
      text += line + "\n"
    }
    return text
  }

  /// "80%", or "-" before any answer.
  static func percentage(_ accuracy: Double?) -> String {
    accuracy.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
  }
}
