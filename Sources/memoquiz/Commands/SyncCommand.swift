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
    if let remote, HistorySync.isRefused(remote: remote) {
      throw UsageError(
        "the remote \(remote) uses git's ext or fd transport, which runs a command; give a path or a URL",
        command: arguments.command.name)
    }
  }

  func run(in context: CommandContext) throws {
    let terminal = context.terminal
    let sync = HistorySync(
      folder: context.folder, environment: context.environment, showGitMessages: { terminal.writeErrorVerbatim($0) },
      wording: CommandError.wording, warn: context.warn)
    let report =
      try remote.map { try sync.initialize(remote: $0, now: context.now()) } ?? sync.sync(now: context.now())
    if !report.sent.isEmpty {
      terminal.write("Sent \(report.sent.text) of this machine.\n")
    } else if report.sentBytes > 0 {
      // The remote lacked the file, or held it shorter, but no whole step.
      terminal.write("Sent \(counted(report.sentBytes, "byte")) of this machine's history file, no whole step.\n")
    } else {
      terminal.write("Nothing new to send.\n")
    }
    if report.soundsTaken > 0 {
      context.terminal.write("Took \(counted(report.soundsTaken, "sound")) into media/.\n")
    }
    if report.othersSent > 0 {
      // A remote that lost them, or a new one.
      let files = report.othersSent == 1 ? "file" : "files"
      terminal.write(
        "Sent the history \(files) of \(counted(report.othersSent, "other machine")) that the remote lacked.\n")
    }
    guard !report.arrivals.isEmpty else {
      terminal.write("Nothing new from other machines.\n")
      return
    }
    for arrival in report.arrivals {
      terminal.write("\(arrival.steps.text) from \"\(TextSanitizer.sanitized(arrival.machine))\"\n")
    }
  }
}
