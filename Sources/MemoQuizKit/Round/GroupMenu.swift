import FoundationEssentials

/// The menu `memoquiz` shows on a terminal: pick a group, then an order.
///
/// Enter alone takes the default: the group played most recently (or the
/// first), and the standard strategy.
public struct GroupMenu {
  /// What the person picked.
  public struct Choice {
    public let groupIndex: Int
    public let strategy: (any QuestionStrategy)?
  }

  private let caretaker: QuestionGroupCaretaker
  private let terminal: any Terminal
  private let now: Date

  public init(caretaker: QuestionGroupCaretaker, terminal: any Terminal, now: Date) {
    self.caretaker = caretaker
    self.terminal = terminal
    self.now = now
  }

  /// Shows the menu and asks.
  /// - Returns: the choice, or `nil` when the person quit or input ended.
  public func ask() -> Choice? {
    let style = terminal.style
    let groups = caretaker.groups
    terminal.write(style.bold("memoquiz") + ": pick a question group\n\n")
    terminal.write(
      GroupTable(caretaker: caretaker, style: style, width: terminal.width, now: now).render(showRounds: true))
    terminal.write("\n")
    let played = groups.indices.compactMap { index in
      caretaker.lastPlayed(groups[index].title).map { (index: index, date: $0) }
    }
    let defaultIndex = played.max { $0.date < $1.date }?.index ?? 0
    var groupIndex = defaultIndex
    asking: while true {
      terminal.write("Group (number or name, Enter for \(defaultIndex + 1), q to quit): ")
      let input = terminal.readLine()
      if input == .tooLong { continue }
      guard case .line(let line) = input else { return nil }
      let answer = line.trimmingWhitespace
      switch answer.lowercased() {
      case "": break asking
      case "q", ":quit", "quit": return nil
      default:
        do {
          groupIndex = try caretaker.groupIndex(named: answer)
          break asking
        } catch {
          terminal.write(
            "There is no group \"\(TextSanitizer.sanitized(answer))\"; type a number from 1 to \(groups.count).\n")
        }
      }
    }
    if caretaker.unfinishedRound(of: groups[groupIndex].title) != nil {
      return Choice(groupIndex: groupIndex, strategy: nil)
    }
    let due = caretaker.dueCount(of: groups[groupIndex], at: now)
    guard let strategy = OrderPrompt(terminal: terminal).ask(due: due) else { return nil }
    return Choice(groupIndex: groupIndex, strategy: strategy)
  }
}
