import FoundationEssentials
import MemoQuizKit

/// `memoquiz optimize`: its arguments, options and help are declared in `CommandTable`.
struct OptimizeCommand: Command {
  let dryRun: Bool
  let json: Bool
  let evaluate: Bool

  init(arguments: ParsedArguments) {
    dryRun = arguments.has("--dry-run")
    json = arguments.has("--json")
    evaluate = arguments.has("--evaluate")
  }

  func run(in context: CommandContext) throws {
    let progress = try context.loadProgress()
    let report = OptimizationReport(
      histories: try progress.reviewHistories(), current: progress.parameters,
      desiredRetention: progress.desiredRetention, dryRun: dryRun, evaluate: evaluate)
    if let parameters = report.parametersToInstall {
      try progress.install(parameters, reviews: report.reviews, at: context.now())
    }
    let terminal = context.terminal
    if json {
      terminal.writeVerbatim(try report.json())
    } else {
      terminal.write(report.text(width: terminal.width))
    }
  }
}
