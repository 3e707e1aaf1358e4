import MemoQuizKit

/// Ends the program with a code after the command printed why.
struct ExitRequest: Error {
  let code: ExitCode

  var exitCode: ExitCode { code }
}
