import FoundationEssentials
import MemoQuizKit

/// `memoquiz sync`: its arguments, options and help are declared in `CommandTable`.
struct SyncCommand: Command {
  let remote: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    remote = arguments.value("--init")
    if let remote, remote.isEmpty {
      throw UsageError("--init needs the remote's address", command: arguments.command.name)
    }
  }

  func run(in context: CommandContext) throws {
    let sync = HistorySync(folder: context.folder)
    let report =
      try remote.map { try sync.initialize(remote: $0, now: context.now()) } ?? sync.sync(now: context.now())
    let terminal = context.terminal
    terminal.write(
      report.committed > 0
        ? "Sent \(counted(report.committed, "new record")) of this machine.\n" : "Nothing new to send.\n")
    guard !report.arrivals.isEmpty else {
      terminal.write("Nothing new from other machines.\n")
      return
    }
    for arrival in report.arrivals {
      var parts: [String] = []
      if arrival.answers > 0 { parts.append(counted(arrival.answers, "answer")) }
      if arrival.otherSteps > 0 { parts.append(counted(arrival.otherSteps, "other change")) }
      if parts.isEmpty { parts.append("rounds and marks") }
      terminal.write(
        "\(parts.joined(separator: " and ")) from \"\(TextSanitizer.sanitized(arrival.machine))\"\n")
    }
  }
}
