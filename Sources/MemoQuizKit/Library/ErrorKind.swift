/// What sort of failure an error is. The command line turns it into the
/// exit code the contract gives; the library never names an exit code.
public enum ErrorKind: Sendable, Equatable {
  /// Anything else: exit code 1.
  case failure
  /// The command line asked for something that is not there or not
  /// allowed (a step, a group, a title): exit code 64.
  case usage
  /// A questions file or an import that does not validate: exit code 65.
  case invalidData
  /// A named file that does not exist: exit code 66.
  case missingInput
}

/// What the user can do next about an error, named by what it does, not
/// by the command that does it: the command line words it.
public enum NextStep: Sendable, Equatable {
  /// Undo a step first: a redo brings back only what an undo took back.
  case undoBeforeRedo
  /// List the steps, with their numbers.
  case listSteps
  /// List the steps with the global id of each.
  case listStepIDs
  /// Bring back the newest step taken back.
  case redoNewest
  /// Set the data folder up for sync.
  case setUpSync
  /// Sync again: the answers are kept here meanwhile.
  case syncAgain
  /// Mend the remote, or start an empty one from this machine's files.
  case mendRemote
  /// Fix the questions file, or check it.
  case fixQuestions
  /// List the groups, with their numbers.
  case listGroups
  /// List every group, of which the message names a few.
  case listAllGroups
  /// List the snapshots.
  case listSnapshots
  /// Edit the questions.
  case editQuestions
  /// Play what is due today, across the groups.
  case review
  /// Resume the practice round left (a cram round).
  case cram
  /// Bring a suspended question back: `GROUP/QUESTION`, or any when `nil`.
  case unsuspend(question: String?)
  /// List the flagged questions.
  case listFlagged
  /// Play one group, by its title as the questions file has it: whoever
  /// words the step makes it fit to show.
  case play(group: String)
  /// Resume the round left: the next round of its group, or the next review.
  case resumeRound
  /// Take back the newest step, or the step with the id given.
  case undo(step: String?)
  /// Bring back the newest step taken back.
  case redo
  /// Change how many new questions a day brings.
  case setNewPerDay
  /// Stop fitting the scheduler to the reviews by itself.
  case stopAutoOptimize
  /// Set the desired retention to the value given (as shown).
  case setDesiredRetention(String)
  /// End the exam goals that cover the group named, as the goal names it.
  case clearExam(group: String)
  /// Sync the data folder with its remote.
  case sync
}

/// How the library's texts name a next step, supplied by whoever shows them:
/// the command line names its commands; the default names the step alone.
public struct NextStepWording: Sendable {
  private let words: @Sendable (NextStep) -> String

  /// Words each step with `words`.
  public init(_ words: @escaping @Sendable (NextStep) -> String) {
    self.words = words
  }

  /// The words that name `step`, to stand in a sentence.
  public func text(_ step: NextStep) -> String { words(step) }

  /// Names each step by what it does, with no program's name.
  public static let plain = NextStepWording { step in
    switch step {
    case .undoBeforeRedo: "an undo before a redo"
    case .listSteps, .listStepIDs: "the list of steps"
    case .redoNewest, .redo: "a redo"
    case .setUpSync: "setting sync up"
    case .syncAgain, .sync: "a sync"
    case .mendRemote: "mending the remote"
    case .fixQuestions, .editQuestions: "editing the questions"
    case .listGroups, .listAllGroups: "the list of groups"
    case .listSnapshots: "the list of snapshots"
    case .review: "a review"
    case .cram: "a practice round"
    case .unsuspend(let question): question.map { "unsuspending \(TextSanitizer.sanitized($0))" } ?? "unsuspending it"
    case .listFlagged: "the list of flagged questions"
    case .play(let group): "playing \(TextSanitizer.sanitized(group))"
    case .resumeRound: "round"
    case .undo(let step): step.map { "an undo of step \($0)" } ?? "an undo"
    case .setNewPerDay: "the new-per-day setting"
    case .stopAutoOptimize: "turning automatic fitting off"
    case .setDesiredRetention(let value): "setting the desired retention to \(value)"
    case .clearExam(let group): "clearing the exam goal of \(TextSanitizer.sanitized(group))"
    }
  }
}

/// The problems in a file that an error stands for, which the command
/// line lists before the error, as compilers do.
public enum FileProblems: Sendable {
  /// Problems found where they are in a questions file; `total` counts
  /// them all when only the first of very many are kept.
  case diagnostics(file: String, [Diagnostic], total: Int?)
  /// Lines of an imported file that cannot be read.
  case lines(file: String, [ImportProblem])
}

/// An error of the library: a fact, its kind, and what the user can do
/// next, which the command line words (naming the command) after the fact.
public protocol KindedError: Error, CustomStringConvertible {
  /// What sort of failure it is.
  var kind: ErrorKind { get }
  /// What the user can do about it, when a command does it.
  var nextStep: NextStep? { get }
  /// The problems in a file that it stands for, if any.
  var problems: FileProblems? { get }
}

extension KindedError {
  public var nextStep: NextStep? { nil }
  public var problems: FileProblems? { nil }
}
