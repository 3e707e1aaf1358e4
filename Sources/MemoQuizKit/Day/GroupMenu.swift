import FoundationEssentials

/// The menu `memoquiz` shows on a terminal: the day, the groups, then a
/// group and an order.
///
/// It opens with one line for the day (``DayPlan/headline``) and Enter
/// alone starts today's review. An unfinished round is offered beside it;
/// declining to resume asks for the order. The order choices keep their
/// numbers whatever is due, and `q` leaves from every prompt.
public struct GroupMenu {
  /// What the person picked.
  public struct Choice {
    /// The group to play; `nil` for today's review across groups.
    public let groupIndex: Int?
    public let strategy: (any QuestionStrategy)?
    /// Whether to resume the group's unfinished round (already asked).
    public let resume: Bool
  }

  private let caretaker: QuestionGroupCaretaker
  private let terminal: any Terminal
  private let now: Date

  public init(caretaker: QuestionGroupCaretaker, terminal: any Terminal, now: Date) {
    self.caretaker = caretaker
    self.terminal = terminal
    self.now = now
  }

  /// One answer to a prompt: a line, or `nil` when the person left (`q`,
  /// end of input).
  private func ask(_ prompt: String) -> String? {
    while true {
      terminal.write(prompt)
      let input = terminal.readLine()
      if input == .tooLong { continue }
      guard case .line(let line) = input else { return nil }
      let answer = line.trimmingWhitespace
      if ["q", ":quit", "quit"].contains(answer.lowercased()) { return nil }
      return answer
    }
  }

  /// Shows the menu and asks.
  /// - Returns: the choice, or `nil` when the person quit or input ended.
  /// - Throws: ``PersistenceError`` when the chosen group's unfinished round
  ///   is read from a history that cannot be read.
  public func ask() throws -> Choice? {
    let style = terminal.style
    let groups = caretaker.groups
    // With the new questions the exam goals take today, as `today` counts them.
    let exams = try caretaker.examOutlooks(at: now)
    let plan = try caretaker.dayPlan(try caretaker.dayPlan(at: now), withExams: exams, at: now)
    terminal.write(style.bold("memoquiz") + ": " + plan.headline + "\n")
    for outlook in exams {
      terminal.write(TextSanitizer.sanitized(outlook.text(wording: caretaker.wording)) + "\n")
    }
    terminal.write("\n")
    terminal.write(
      GroupTable(caretaker: caretaker, style: style, width: terminal.width, now: now).render(showRounds: true))
    terminal.write("\n")
    let leftover = groups.indices.first { caretaker.unfinishedPosition(of: groups[$0].title, at: now) != nil }
    if let leftover {
      let title = TextSanitizer.sanitized(groups[leftover].title)
      terminal.write("Unfinished: a round of \(style.bold(title)); type its number, \(leftover + 1), to resume it.\n")
    }
    let resumesReview = caretaker.unfinishedPosition(of: "", at: now) != nil
    let review = resumesReview ? "Enter to resume today's review" : "Enter for today's review"
    var groupIndex: Int
    while true {
      guard let answer = ask("Group (number or name, \(review), q to quit): ") else { return nil }
      // Enter said what it does: a review to resume is not asked about again.
      if answer.isEmpty { return Choice(groupIndex: nil, strategy: nil, resume: resumesReview) }
      do {
        groupIndex = try caretaker.groupIndex(named: answer)
        break
      } catch {
        terminal.write((error.errorDescription ?? "There is no such group.") + "\n")
      }
    }
    if let saved = try caretaker.unfinishedRound(of: groups[groupIndex].title, at: now) {
      let round = Round(group: groups[groupIndex], memento: saved)
      let words = RoundWords(style: style, wording: caretaker.wording)
      switch terminal.confirm(words.resumeQuestion(round, strategy: saved.strategy), defaultAnswer: true) {
      case nil: return nil
      case true?: return Choice(groupIndex: groupIndex, strategy: nil, resume: true)
      case false?: break
      }
    }
    guard let strategy = askOrder(groupIndex) else { return nil }
    return Choice(groupIndex: groupIndex, strategy: strategy, resume: false)
  }

  /// The order of a new round, with the numbers the menu always uses.
  private func askOrder(_ groupIndex: Int) -> (any QuestionStrategy)? {
    OrderPrompt(terminal: terminal).ask(due: caretaker.dueCount(of: caretaker.groups[groupIndex], at: now))
  }
}
