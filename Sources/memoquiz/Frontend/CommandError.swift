import FoundationEssentials
import MemoQuizKit

/// An error as the command line reports it: the library's fact, its kind,
/// and the hints that name the commands to run next.
///
/// The library says what is wrong (``KindedError``); only the command line
/// knows its own commands, so it words the hint and gives the kind its exit
/// code.
struct CommandError {
  /// What sort of failure it is.
  let kind: ErrorKind
  /// What is wrong, as the library says it.
  let message: String
  /// What to run next, each with the words that join it to the message.
  let hints: [String]
  /// The problems in a file that the error stands for, listed before it.
  let problems: FileProblems?

  /// The report of `error`: a library error's own kind and next step, any
  /// other error a failure in its own words.
  init(_ error: any Error) {
    if let error = error as? any KindedError {
      kind = error.kind
      message = error.description
      hints = error.nextStep.map { [Self.hint($0)] } ?? []
      problems = error.problems
    } else {
      kind = .failure
      message = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
      hints = []
      problems = nil
    }
  }

  /// The message followed by its hints, as `memoquiz: error:` prints it.
  var text: String { message + hints.joined() }

  /// The exit code the contract gives the kind.
  var exitCode: ExitCode {
    switch kind {
    case .failure: .failure
    case .usage: .usage
    case .invalidData: .dataError
    case .missingInput: .noInput
    }
  }

  /// The words that name the command doing `step`, with what joins them to
  /// the message.
  static func hint(_ step: NextStep) -> String {
    switch step {
    case .undoBeforeRedo: "; `memoquiz redo` follows `memoquiz undo`"
    case .listSteps: "; `memoquiz history` lists them"
    case .listStepIDs: "; `memoquiz history --json` lists each step's \"step\""
    case .redoNewest: "; `memoquiz redo` brings back the newest one taken back"
    case .setUpSync: "; `memoquiz sync --init REMOTE` sets it up"
    case .syncAgain: ", and `memoquiz sync` tries again"
    case .mendRemote:
      ". Mend it where it is (git fsck), or give an empty repository to `memoquiz sync --init REMOTE`: every "
        + "history file this machine holds is sent to it"
    case .fixQuestions: "; fix it with `memoquiz edit`, or check it with `memoquiz validate`"
    case .listGroups: " (`memoquiz groups` lists them)"
    case .listAllGroups: " (`memoquiz groups` lists them all)"
    case .listSnapshots: "; `memoquiz snapshots` lists them"
    case .editQuestions: "; edit it with `memoquiz edit`"
    }
  }
}
