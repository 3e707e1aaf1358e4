import MemoQuizKit

extension NextStepWording {
  /// The wording the command line gives the library's texts (its
  /// `CommandError.command`), so that the library's tests check the text
  /// the tool shows.
  static let tool = NextStepWording { step in
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
    case .play(let group): "`memoquiz play \(group)`"
    case .resumeRound: "`memoquiz play` (or `review`)"
    case .undo(let step): step.map { "`memoquiz undo \($0)`" } ?? "`memoquiz undo`"
    case .setNewPerDay: "`memoquiz config new-per-day`"
    case .stopAutoOptimize: "`memoquiz config auto-optimize off`"
    case .setDesiredRetention(let value): "`memoquiz config desired-retention \(value)`"
    }
  }
}
