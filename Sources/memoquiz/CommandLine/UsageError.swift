import FoundationEssentials
import MemoQuizKit

/// The command line was wrong: exit code 64, with a pointer to `--help`.
struct UsageError: LocalizedError {
  let message: String
  /// The command whose help to point at, or `nil` for the top level.
  let command: String?

  init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  /// The one-line pointer printed after the message.
  var helpPointer: String {
    "see `memoquiz \(command.map { "\($0) " } ?? "")--help`"
  }

  var errorDescription: String? { message }
}

extension UsageError {
  /// Exit code 64, which the contract gives a wrong command line.
  var exitCode: ExitCode { .usage }
}
