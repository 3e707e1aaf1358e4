import FoundationEssentials

/// The table of groups that `groups` and the menu print: number, title,
/// question count, how many are due, score and accuracy, aligned by display
/// width.
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
    // On a narrow terminal the incorrect count goes: the accuracy tells it.
    let longestTitle = min(titles.map(DisplayWidth.of).max() ?? 5, 32)
    let showsIncorrect = numberWidth + 2 + 2 + 9 + 2 + 3 + 2 + 7 + 2 + 9 + 2 + 8 + min(longestTitle, 12) <= width
    let fixed = numberWidth + 2 + 2 + 9 + 2 + 3 + 2 + 7 + 2 + 8 + (showsIncorrect ? 11 : 0)
    let titleWidth = max(5, min(longestTitle, width - fixed))
    var text =
      style.dim(
        "  " + DisplayWidth.fit("#", width: numberWidth, alignRight: true) + "  "
          + DisplayWidth.fit("Group", width: titleWidth) + "  Questions  Due  Correct"
          + (showsIncorrect ? "  Incorrect" : "") + "  Accuracy") + "\n"
    for (index, group) in groups.enumerated() {
      let score = caretaker.score(of: group)
      let due = caretaker.dueCount(of: group, at: now)
      var line = "  " + DisplayWidth.fit(String(index + 1), width: numberWidth, alignRight: true) + "  "
      line += DisplayWidth.fit(titles[index], width: titleWidth) + "  "
      line += DisplayWidth.fit(String(group.cards.count), width: 9, alignRight: true) + "  "
      line += DisplayWidth.fit(String(due), width: 3, alignRight: true) + "  "
      line += DisplayWidth.fit(String(score.correctCount), width: 7, alignRight: true) + "  "
      if showsIncorrect { line += DisplayWidth.fit(String(score.incorrectCount), width: 9, alignRight: true) + "  " }
      line += DisplayWidth.fit(Self.percentage(score.accuracy), width: 8, alignRight: true)
      if showRounds, let saved = caretaker.unfinishedRound(of: group.title, at: now) {
        // Counted as the round counts when it resumes: "question 4 of 10".
        let round = Round(group: group, memento: saved)
        let note = "unfinished: question \(min(round.doneCount + 1, round.count)) of \(round.count)"
        // Beside the row when it fits, else under it.
        let fits = DisplayWidth.of(line) + 2 + note.count <= width
        line += (fits ? "  " : "\n" + String(repeating: " ", count: numberWidth + 4)) + style.yellow(note)
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
