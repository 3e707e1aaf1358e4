import FoundationEssentials

/// The words a learner reads about the day: the start screen's line,
/// `memoquiz today`, and what comes next after a round.
extension DayPlan {
  /// `Today: 23 due in 3 groups and 10 new, about 6 minutes`, or
  /// `Nothing due today; next: 2026-11-26 (4 questions)`.
  public var headline: String {
    let due = self.due
    let new = self.new
    guard due > 0 || new > 0 else { return "Nothing due today; " + nextText }
    let groupsDue = self.groupsDue.count
    var text = "Today: "
    text += due > 0 ? "\(due) due in \(groupsDue) \(groupsDue == 1 ? "group" : "groups")" : "nothing due"
    text += " and \(new) new, about \(minutes) \(minutes == 1 ? "minute" : "minutes")"
    return text
  }

  /// `next: 2026-11-26 (4 questions)`: the learner day, or that none is
  /// scheduled.
  var nextText: String {
    guard let next else { return "no question is scheduled yet." }
    return "next: \(next.day.day.isoText) (\(next.count) \(next.count == 1 ? "question" : "questions"))."
  }

  /// What `memoquiz today` prints: the headline and each group's share.
  /// - Parameter wording: how it names the commands to run next.
  public func text(style: TextStyle, wording: NextStepWording = .plain) -> String {
    var text = headline + "\n"
    let shares = groups.filter { $0.due > 0 || $0.new > 0 }
    let width = shares.map { DisplayWidth.of(TextSanitizer.sanitized($0.title)) }.max() ?? 0
    for share in shares {
      let title = DisplayWidth.fit(TextSanitizer.sanitized(share.title), width: width)
      text += "  \(title)  \(share.due) due, \(share.new) new\n"
    }
    if newHeldBack {
      let answers = pace.previousDay == 1 ? "answer" : "answers"
      text +=
        style.dim(
          "New questions wait while reviews catch up: \(pace.due) due now, "
            + "\(pace.previousDay) \(answers) yesterday.") + "\n"
    } else if newLeft == 0 && newPerDay > 0 {
      text +=
        style.dim("Today's \(newPerDay) new questions are done (\(wording.text(.setNewPerDay)) changes it).") + "\n"
    }
    if due > 0 || new > 0 { text += style.dim("\(wording.text(.review)) plays them.") + "\n" }
    if let first = groups.first(where: { waitingBundled.contains($0.title) }) {
      text +=
        style.dim(
          "The bundled groups wait while you learn your own; playing one brings it into the day "
            + "(\(wording.text(.play(group: first.title)))).") + "\n"
    }
    return text
  }

  /// The line after a round: what is still due elsewhere and the command
  /// that plays it, or when the next question falls due.
  /// - Parameter wording: how it names the command that plays it.
  public func whatsNext(wording: NextStepWording = .plain) -> String {
    let shares = groupsDue
    guard !shares.isEmpty else {
      return "Nothing more is due today; " + nextText
    }
    if shares.count == 1, let share = shares.first {
      let title = TextSanitizer.sanitized(share.title)
      return "\(share.due) more \(share.due == 1 ? "is" : "are") due in \(title): \(wording.text(.review))"
    }
    let list = shares.prefix(3).map { "\(TextSanitizer.sanitized($0.title)) \($0.due)" }.joined(separator: ", ")
    let rest = shares.count > 3 ? ", and \(shares.count - 3) more groups" : ""
    return "\(due) more are due in \(list)\(rest): \(wording.text(.review))"
  }

  /// `memoquiz today --json`.
  /// - Parameter exams: the exam goals still ahead, as they stand.
  public func json(exams: [ExamOutlook] = []) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let form = JSONForm(
      day: day.day.isoText, due: due, new: new, minutes: minutes,
      next: next.map { ISO8601Time.string($0.time.date) },
      groups: groups.map { JSONForm.Group(title: $0.title, due: $0.due, new: $0.new) },
      exams: exams.map {
        JSONForm.Exam(
          groups: $0.goal.groups, date: $0.goal.dateText, retention: $0.goal.retention,
          predicted: ($0.predicted * 1000).rounded() / 1000, questions: $0.questions,
          missing: $0.missing.isEmpty ? nil : $0.missing)
      })
    return String(decoding: try encoder.encode(form), as: UTF8.self) + "\n"
  }

  private struct JSONForm: Encodable {
    struct Group: Encodable {
      var title: String
      var due: Int
      var new: Int
    }
    var day: String
    var due: Int
    var new: Int
    var minutes: Int
    var next: String?
    var groups: [Group]
    var exams: [Exam]

    /// An exam goal still ahead.
    struct Exam: Encodable {
      var groups: [String]
      var date: String
      var retention: Double
      var predicted: Double
      var questions: Int
      /// The goal's groups no group is called now (renamed by hand, or
      /// removed); left out when there are none.
      var missing: [String]?
    }

    enum CodingKeys: String, CodingKey { case day, due, new, minutes, next, groups, exams }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(day, forKey: .day)
      try container.encode(due, forKey: .due)
      try container.encode(new, forKey: .new)
      try container.encode(minutes, forKey: .minutes)
      // null when no question will fall due: scripts find the key always.
      try container.encode(next, forKey: .next)
      try container.encode(groups, forKey: .groups)
      try container.encode(exams, forKey: .exams)
    }
  }
}
