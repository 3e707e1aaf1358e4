import FoundationEssentials
import MemoQuizKit

/// `memoquiz history`: its arguments, options and help are declared in `CommandTable`.
struct HistoryCommand: Command {
  let group: String?
  let limit: Int
  let json: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    group = arguments.positionals.first
    json = arguments.has("--json")
    limit = try arguments.number("--limit", in: 1...Int.max, command: arguments.command.name) ?? (json ? 0 : 20)
  }

  func run(in context: CommandContext) throws {
    var steps = Array(try context.loadProgress().steps().reversed())
    // Once the folder holds steps of several machines, each step says which
    // one made it, whatever the listing shows.
    let severalMachines = Set(steps.map(\.machine)).count > 1
    if let group {
      let caretaker = try context.loadCaretaker()
      let title = caretaker.groups[try caretaker.groupIndex(named: group)].title
      steps = steps.filter { $0.group == title }
    }
    if limit > 0 { steps = Array(steps.prefix(limit)) }
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try Self.json(steps))
      return
    }
    guard !steps.isEmpty else {
      terminal.write("No steps yet. Every answer, reset and edit will be listed here.\n")
      return
    }
    let idWidth = max(2, steps.map { String($0.id).count }.max() ?? 2)
    terminal.write(
      terminal.style.dim(DisplayWidth.fit("ID", width: idWidth, alignRight: true) + "  Time              Step") + "\n")
    for step in steps {
      var line = DisplayWidth.fit(String(step.id), width: idWidth, alignRight: true) + "  "
      line += DateText.readable(step.time) + "  "
      if severalMachines { line += "[\(step.machine)] " }
      if let group = step.group, step.kind != .reset { line += "\(group): " }
      line += step.summary
      if let undo = step.undoneBy, severalMachines || undo.machine != step.stepID.machine {
        // The undo's id, when another machine may have made it: `undo` of
        // it brings the step back.
        line += " (taken back by \(undo.text))"
      } else if step.isUndone {
        line += " (taken back)"
      }
      let text = TextSanitizer.sanitized(line)
      terminal.write((step.isUndone ? terminal.style.dim(text) : text) + "\n")
    }
  }

  private struct Entry: Encodable {
    let id: Int
    let step: String
    let machine: String
    let time: String
    let kind: String
    let group: String?
    let undone: Bool
    let undoneBy: String?
    let summary: String
    let prompt: String?
    let typed: String?
    let correct: Bool?
    let rating: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(step, forKey: .step)
      try container.encode(machine, forKey: .machine)
      try container.encode(time, forKey: .time)
      try container.encode(kind, forKey: .kind)
      try container.encode(group, forKey: .group)
      try container.encode(undone, forKey: .undone)
      try container.encodeIfPresent(undoneBy, forKey: .undoneBy)
      try container.encode(summary, forKey: .summary)
      if kind == StepKind.answer.rawValue {
        try container.encode(prompt, forKey: .prompt)
        try container.encode(typed, forKey: .typed)
        try container.encode(correct, forKey: .correct)
        try container.encodeIfPresent(rating, forKey: .rating)
      }
    }

    private enum CodingKeys: String, CodingKey {
      case id, step, machine, time, kind, group, undone, undoneBy, summary, prompt, typed, correct, rating
    }
  }

  static func json(_ steps: [HistoryStep]) throws -> String {
    let entries = steps.map { step in
      Entry(
        id: step.id, step: step.stepID.text, machine: step.machine, time: ISO8601Time.string(step.time),
        kind: step.kind.rawValue, group: step.group,
        undone: step.isUndone, undoneBy: step.undoneBy?.text, summary: step.summary, prompt: step.prompt,
        typed: step.typed, correct: step.isCorrect, rating: step.rating.map { "\($0)" })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
  }
}
