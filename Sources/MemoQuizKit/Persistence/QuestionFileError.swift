import FoundationEssentials

/// What can be wrong with the question groups a user asked for.
public enum QuestionFileError: Error, Sendable {
  /// The questions file breaks the format; every problem is listed.
  case invalid(file: String, diagnostics: [Diagnostic])
  /// A file named on the command line does not exist.
  case missingFile(String)
  /// No group has this title or number.
  case noSuchGroup(String, titles: [String])
}

extension QuestionFileError: LocalizedError, CustomStringConvertible {
  public var errorDescription: String? { description }

  public var description: String {
    switch self {
    case .invalid(let file, let diagnostics):
      let count = diagnostics.filter { $0.severity == .error }.count
      return
        "\(file) is not a valid questions file (\(count) \(count == 1 ? "error" : "errors")); fix it with `memoquiz edit`, or check it with `memoquiz validate`"
    case .missingFile(let path):
      return "no such file: \(path)"
    case .noSuchGroup(let name, let titles):
      let list = titles.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: ", ")
      return "no group is called \"\(name)\"; choose one of: \(list)"
    }
  }
}
