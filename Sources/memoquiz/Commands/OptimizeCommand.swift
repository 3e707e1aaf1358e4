import FoundationEssentials
import MemoQuizKit

/// `memoquiz optimize`: its arguments, options and help are declared in `CommandTable`.
struct OptimizeCommand: Command {
  let dryRun: Bool
  let json: Bool
  let evaluate: Bool
  let reschedule: Bool
  /// The memory model `--model` names, installed whatever the tournament says.
  let model: MemoryModelKind?

  init(arguments: ParsedArguments) throws(UsageError) {
    if let name = arguments.value("--model") {
      guard let kind = MemoryModelKind(rawValue: name), MemoryModelKind.installable.contains(kind) else {
        let names = MemoryModelKind.installable.map(\.rawValue).joined(separator: ", ")
        throw UsageError("--model takes one of \(names) (not '\(name)')", command: arguments.command.name)
      }
      model = kind
    } else {
      model = nil
    }
    dryRun = arguments.has("--dry-run")
    json = arguments.has("--json")
    evaluate = arguments.has("--evaluate")
    reschedule = arguments.has("--reschedule")
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let progress = caretaker.progress
    let histories = try progress.reviewHistories()
    // The table and the recommendation simulate the due days as the settings choose them.
    let scheduling = caretaker.simulatedScheduling(at: context.now())
    var report = OptimizationReport(
      histories: histories, current: progress.parameters, desiredRetention: progress.desiredRetention, dryRun: dryRun,
      evaluate: evaluate, scheduling: scheduling)
    var simulator = RetentionSimulator(histories: histories)
    simulator.scheduling = scheduling
    if !evaluate {
      report.chooseModel(histories: histories, inUse: progress.memoryModelKind, named: model)
    }
    report.recommend(with: simulator, installedIn: progress)
    // Ctrl-C during the fit: nothing is recorded.
    try Interrupted.check()
    let now = context.now()
    let before = try caretaker.dueToday(at: now)
    var dueLine: String?
    if report.installs {
      try progress.install(report, reschedule: reschedule, at: now)
      let after = try caretaker.dueToday(at: now)
      if after != before { dueLine = "Due today: \(after) cards (\(before) before)." }
      if !reschedule {
        dueLine = (dueLine.map { $0 + " " } ?? "") + "Each card keeps its due day until its next review."
      }
    } else if dryRun, let other = report.modelInstalled {
      dueLine =
        "Installing \(other.rawValue) would keep each card's due day until its next review; "
        + "--reschedule would compute them again."
    } else if dryRun, let fitted = report.fitted?.parameters, report.fittedAreBetter {
      let after = try caretaker.dueTodayRescheduled(with: fitted, at: now)
      dueLine =
        "Installing them keeps each card's due day; with --reschedule, \(after) cards would be due today "
        + "(\(before) now)."
    } else if dryRun, !evaluate {
      // Nothing to install: --reschedule would compute every card's due
      // day again with the parameters in use.
      let after = try caretaker.dueTodayRescheduled(with: progress.parameters, at: now)
      if reschedule || after != before {
        dueLine =
          "With --reschedule, each card's due day is computed again with the parameters in use: "
          + "\(after) cards would be due today (\(before) now)."
      }
    } else if reschedule, !evaluate, try progress.reschedule(at: now) {
      let after = try caretaker.dueToday(at: now)
      dueLine =
        "Each card's due day was computed again with the parameters in use: \(after) cards due today "
        + "(\(before) before)."
    }
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try report.json())
    } else {
      terminal.write(report.text(width: terminal.width, wording: CommandError.wording))
      if let dueLine { terminal.write(dueLine + "\n") }
    }
  }
}
