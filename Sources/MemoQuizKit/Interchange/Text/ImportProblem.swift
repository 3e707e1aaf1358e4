/// A line of an imported file that cannot be read, reported as
/// `FILE:LINE: error: MESSAGE`.
public struct ImportProblem: Hashable, Sendable {
  public let line: Int
  public let message: String

  public func formatted(file: String) -> String {
    "\(file):\(line): error: \(message)"
  }
}

/// What an import found: the groups, or the problems that stop it.
public enum ImportError: Error, Sendable {
  /// Lines that cannot be read; nothing was imported.
  case problems(file: String, [ImportProblem])
  /// The imported questions file, or the questions it would make with those
  /// already there, would not be a valid questions file.
  case invalid(file: String, [Diagnostic])
  /// Titles that exist already, without `--merge` or `--replace`.
  case titlesExist([String])
  /// The file holds no question.
  case empty(file: String)
  /// The file is not UTF-8 text.
  case notText(file: String)
  /// `add` of a prompt the group has already.
  case duplicatePrompt(group: String, prompt: String)
  /// An Anki package that cannot be read, or a system library it needs
  /// that is missing.
  case package(AnkiPackageError)

  /// Whether the error is about the imported file (65), not the machine (1).
  public var isInvalidData: Bool {
    if case .package(let error) = self { return error.isInvalidData }
    return true
  }
}

extension ImportError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .problems(let file, let problems):
      return "\(file) cannot be imported (\(counted(problems.count, "problem"))); nothing was imported"
    case .invalid(let file, _):
      return "the questions from \(file) do not make a valid questions file; nothing was imported"
    case .titlesExist(let titles):
      let list = titles.map { "\"\($0)\"" }.joined(separator: ", ")
      return "\(titles.count == 1 ? "a group called \(list) exists" : "groups called \(list) exist") already; "
        + "use --merge to add to \(titles.count == 1 ? "it" : "them") or --replace to replace "
        + "\(titles.count == 1 ? "it" : "them") (nothing was imported)"
    case .empty(let file):
      return "\(file) holds no question; nothing was imported"
    case .notText(let file):
      return "\(file) is not UTF-8 text; save it as UTF-8 (nothing was imported)"
    case .duplicatePrompt(let group, let prompt):
      return "\(group) has a question \"\(prompt)\" already"
    case .package(let error):
      return error.description
    }
  }
}

extension ImportError: KindedError {
  /// Titles that exist already are a command line that needs `--merge` or
  /// `--replace`; data that cannot be imported is bad data; anything else
  /// a failure.
  public var kind: ErrorKind {
    if case .titlesExist = self { return .usage }
    return isInvalidData ? .invalidData : .failure
  }

  public var nextStep: NextStep? {
    if case .duplicatePrompt = self { return .editQuestions }
    return nil
  }

  public var problems: FileProblems? {
    switch self {
    case .problems(let file, let problems): .lines(file: file, problems)
    case .invalid(let file, let diagnostics): .diagnostics(file: file, diagnostics, total: nil)
    default: nil
    }
  }
}
