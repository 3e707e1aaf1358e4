import FoundationEssentials

/// Why a step cannot be taken back or brought back.
public enum HistoryError: Error, Sendable {
  case nothingToUndo
  case nothingToRedo
  case noSuchStep(Int)
  /// No step has this global id (`1a2b3c4d-17`).
  case noSuchGlobalStep(String)
  case alreadyUndone(Int)
  /// A later change to the questions file would be lost.
  case laterQuestionsChange(step: Int, later: Int)
  /// The saved questions a step needs cannot be found in the history.
  case questionsMissing(step: Int)
  /// This machine's history file holds as many records as a file can.
  case full(path: String)
}

extension HistoryError: LocalizedError, CustomStringConvertible {
  public var errorDescription: String? { description }

  public var description: String {
    switch self {
    case .nothingToUndo: "there is nothing to take back"
    case .nothingToRedo: "there is nothing to bring back"
    case .noSuchStep(let id): "there is no step \(id)"
    case .noSuchGlobalStep(let id): "there is no step \(id)"
    case .alreadyUndone(let id): "step \(id) is already taken back"
    case .laterQuestionsChange(let step, let later):
      "step \(step) changed the questions, and step \(later) changed them since; take back step \(later) first"
    case .questionsMissing(let step):
      "the questions that step \(step) needs are not in the history files; sync the other machines' files and try again"
    case .full(let path):
      "\(path) holds as many records as a history file can; nothing was changed"
    }
  }
}

extension HistoryError: KindedError {
  /// A step that does not exist was named wrongly (a usage error); nothing
  /// to take back or bring back is a plain failure.
  public var kind: ErrorKind {
    switch self {
    case .noSuchStep, .noSuchGlobalStep: .usage
    default: .failure
    }
  }

  public var nextStep: NextStep? {
    switch self {
    case .nothingToRedo: .undoBeforeRedo
    case .noSuchStep: .listSteps
    case .noSuchGlobalStep: .listStepIDs
    case .alreadyUndone: .redoNewest
    default: nil
    }
  }
}
