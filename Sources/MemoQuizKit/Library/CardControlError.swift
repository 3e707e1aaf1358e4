import FoundationEssentials

/// Why a card control cannot be given.
public enum CardControlError: Error, Sendable, Equatable {
  /// No question is named `GROUP/PROMPT` or has this id.
  case noSuchQuestion(String)
  /// Several questions have this id or prompt.
  case ambiguous(String, count: Int)
  /// The question is already in the state asked for.
  case unchanged(String, CardControl)
}

extension CardControlError: LocalizedError, CustomStringConvertible, KindedError {
  public var errorDescription: String? { description }

  public var description: String {
    switch self {
    case .noSuchQuestion(let name):
      "no question is named \(TextSanitizer.sanitized(name)); name it GROUP/PROMPT or by its id"
    case .ambiguous(let name, let count):
      "\(count) questions are named \(TextSanitizer.sanitized(name)); name one as GROUP/PROMPT"
    case .unchanged(let name, let control):
      "\(TextSanitizer.sanitized(name)) is already \(control.pastTense); nothing was changed"
    }
  }

  /// A question named wrongly is a usage error; one in the state asked
  /// for already changes nothing, which is no failure either.
  public var kind: ErrorKind {
    switch self {
    case .noSuchQuestion, .ambiguous: .usage
    case .unchanged: .usage
    }
  }
}
