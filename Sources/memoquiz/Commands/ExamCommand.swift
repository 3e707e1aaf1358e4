import MemoQuizKit

/// `memoquiz exam`: its arguments, options and help are declared in `CommandTable`.
struct ExamCommand: Command {
  /// The groups named, as typed.
  let groups: [String]
  /// The goal's date, as a learner day number.
  let day: Int?
  /// The predicted recall to aim at; the desired retention when `nil`.
  let retention: Double?
  /// The group whose goals `--clear` ends.
  let clear: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    let name = arguments.command.name
    clear = arguments.value("--clear")
    groups = arguments.positionals
    if let text = arguments.value("--on") {
      guard let day = ExamGoal.day(fromISO: text) else {
        throw UsageError("--on takes a date written YYYY-MM-DD, not '\(text)'", command: name)
      }
      self.day = day
    } else {
      day = nil
    }
    if let text = arguments.value("--retention") {
      guard let value = Double(text), value.isFinite, ExamGoal.retentionRange.contains(value) else {
        throw UsageError("--retention takes a number from 0.70 to 0.99, not '\(text)'", command: name)
      }
      retention = value
    } else {
      retention = nil
    }
    if clear != nil {
      guard groups.isEmpty, day == nil, retention == nil else {
        throw UsageError("--clear GROUP takes no other group, --on or --retention", command: name)
      }
    } else if !groups.isEmpty && day == nil {
      throw UsageError("a goal needs its date: --on YYYY-MM-DD", command: name)
    } else if groups.isEmpty && (day != nil || retention != nil) {
      throw UsageError("name the groups the exam covers", command: name)
    }
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let terminal = context.terminal
    let now = context.now()
    if let clear {
      let title = try caretaker.examTitle(named: clear)
      let ended = try caretaker.progress.clearExams(covering: title, at: now)
      let name = TextSanitizer.sanitized(title)
      terminal.write(
        ended.isEmpty
          ? "No exam goal covers \(name); nothing changed.\n"
          : "Ended \(ended.count == 1 ? "the exam goal" : "\(ended.count) exam goals") of \(name) "
            + "(`memoquiz undo` takes it back).\n")
      return
    }
    guard let day else {
      let outlooks = try caretaker.examOutlooks(at: now)
      guard !outlooks.isEmpty else {
        terminal.write("No exam goal is set (`memoquiz exam GROUP --on DATE` sets one).\n")
        return
      }
      for outlook in outlooks {
        let names = outlook.goal.groups.map(TextSanitizer.sanitized).joined(separator: ", ")
        let text = TextSanitizer.sanitized(outlook.text(wording: caretaker.wording))
        terminal.write("\(names): \(text) (aiming at \(outlook.goal.retentionText))\n")
      }
      return
    }
    var titles: [String] = []
    for name in groups {
      let title = caretaker.groups[try caretaker.groupIndex(named: name)].title
      if !titles.contains(title) { titles.append(title) }
    }
    let today = LearnersDay.number(
      containing: Timestamp(now), startingAt: caretaker.progress.settings.dayStartsAt)
    guard day > today else {
      throw UsageError("the exam's date must be after today (\(LocalDay(number: today).isoText))", command: "exam")
    }
    let goal = ExamGoal(
      groups: titles, day: day, retention: retention ?? caretaker.progress.settings.desiredRetention)
    guard try caretaker.progress.setExam(goal, at: now) else {
      terminal.write("That exam goal is set already; nothing changed.\n")
      return
    }
    terminal.write(
      "Exam goal set: \(titles.map(TextSanitizer.sanitized).joined(separator: ", ")) on \(goal.dateText), "
        + "predicted recall at least \(goal.retentionText) (`memoquiz undo` takes it back).\n")
    for outlook in try caretaker.examOutlooks(at: now) where outlook.goal == goal {
      terminal.write(TextSanitizer.sanitized(outlook.text(wording: caretaker.wording)) + "\n")
    }
  }
}
