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
    let command = command(step)
    return switch step {
    case .undoBeforeRedo: "; \(command) follows \(Self.command(.undo(step: nil)))"
    case .listSteps: "; \(command) lists them"
    case .listStepIDs: "; \(command) lists each step's \"step\""
    case .redoNewest: "; \(command) brings back the newest one taken back"
    case .setUpSync: "; \(command) sets it up"
    case .syncAgain: ", and \(command) tries again"
    case .mendRemote:
      ". Mend it where it is (git fsck), or give an empty repository to \(command): every "
        + "history file this machine holds is sent to it"
    case .fixQuestions: "; fix it with `memoquiz edit`, or check it with `memoquiz validate`"
    case .listGroups: " (\(command) lists them)"
    case .listAllGroups: " (\(command) lists them all)"
    case .listSnapshots: "; \(command) lists them"
    case .editQuestions: "; edit it with \(command)"
    case .review, .cram, .unsuspend, .listFlagged, .play, .resumeRound, .undo, .redo, .setNewPerDay, .stopAutoOptimize,
      .setDesiredRetention, .clearExam,
      .sync:
      "; \(command)"
    }
  }

  /// The command that does `step`, as every text names it.
  static func command(_ step: NextStep) -> String {
    switch step {
    case .undoBeforeRedo, .redoNewest, .redo: "`memoquiz redo`"
    case .listSteps: "`memoquiz history`"
    case .listStepIDs: "`memoquiz history --json`"
    case .setUpSync, .mendRemote: "`memoquiz sync --init REMOTE`"
    case .syncAgain, .sync: "`memoquiz sync`"
    case .fixQuestions, .editQuestions: "`memoquiz edit`"
    case .listGroups, .listAllGroups: "`memoquiz groups`"
    case .listSnapshots: "`memoquiz snapshots`"
    case .review: "`memoquiz review`"
    case .cram: "`memoquiz cram`"
    case .unsuspend(let question): question.map { "`memoquiz unsuspend \(shellWord($0))`" } ?? "`memoquiz unsuspend`"
    case .listFlagged: "`memoquiz flagged`"
    case .play(let group): "`memoquiz play \(shellWord(group))`"
    case .resumeRound: "`memoquiz play` (or `review`)"
    case .undo(let step): step.map { "`memoquiz undo \($0)`" } ?? "`memoquiz undo`"
    case .setNewPerDay: "`memoquiz config new-per-day`"
    case .stopAutoOptimize: "`memoquiz config auto-optimize off`"
    case .setDesiredRetention(let value): "`memoquiz config desired-retention \(value)`"
    case .clearExam(let group): "`memoquiz exam --clear \(shellWord(group))`"
    }
  }

  /// A group's title as a user can paste it into a shell: quoted when
  /// needed, after `--` when it looks like an option.
  static func shellWord(_ title: String) -> String {
    let name = TextSanitizer.sanitized(TextSanitizer.withoutInvisibles(title))
    let word =
      name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) } && !name.isEmpty
      ? name : "'" + name.replacing("'", with: "'\\''") + "'"
    return (name.hasPrefix("-") ? "-- " : "") + word
  }

  /// How the library's texts name the commands to run next: as the hints do.
  static let wording = NextStepWording(command)
}
