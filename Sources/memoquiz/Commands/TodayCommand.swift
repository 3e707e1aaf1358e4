import MemoQuizKit

/// `memoquiz today`: its arguments, options and help are declared in `CommandTable`.
struct TodayCommand: Command {
  let json: Bool

  init(arguments: ParsedArguments) {
    json = arguments.has("--json")
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker(needsMemory: false)
    let now = context.now()
    // Goals need every card's memory: read only when one is set.
    let exams = try caretaker.examOutlooks(at: now)
    let plan = try caretaker.dayPlan(try caretaker.dayPlan(at: now), withExams: exams, at: now)
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try plan.json(exams: exams))
    } else {
      terminal.write(plan.text(style: terminal.style, wording: CommandError.wording))
      for exam in exams { terminal.write(TextSanitizer.sanitized(exam.text(wording: caretaker.wording)) + "\n") }
    }
  }
}
