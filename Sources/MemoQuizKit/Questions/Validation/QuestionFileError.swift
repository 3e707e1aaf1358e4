import FoundationEssentials

/// What can be wrong with the question groups a user asked for.
public enum QuestionFileError: Error, Sendable {
  /// The questions file breaks the format; its problems are listed, the
  /// first of them when there are very many.
  case invalid(file: String, diagnostics: [Diagnostic], errorCount: Int)
  /// A file named on the command line does not exist.
  case missingFile(String)
  /// No group has this title or number; `titles` are the nearest few of
  /// `count` groups.
  case noSuchGroup(String, titles: [String], count: Int, suggestion: String?)
  /// A name that is the last `::` part of several titles.
  case sharedLastPart(String, titles: [String])
}

extension QuestionFileError: LocalizedError, CustomStringConvertible {
  public var errorDescription: String? { description }

  public var description: String {
    switch self {
    case .invalid(let file, _, let count):
      return "\(file) is not a valid questions file (\(count) \(count == 1 ? "error" : "errors"))"
    case .missingFile(let path):
      return "no such file: \(path)"
    case .sharedLastPart(let name, let titles):
      let list = titles.map { "\"\($0)\"" }.joined(separator: ", ")
      return "\"\(name)\" ends several group titles: \(list); give the whole title"
    case .noSuchGroup(let name, let titles, let count, let suggestion):
      // A number names a group by its place: titles near it mean nothing,
      // unless a title itself is a near number.
      if let number = Int(name.trimmingWhitespace), suggestion == nil {
        let groups = count == 1 ? "there is 1 group" : "there are \(count) groups"
        return "there is no group \(number): \(groups), numbered from 1"
      }
      let text = "no group is called \"\(name)\""
      if let suggestion { return text + "; did you mean \"\(suggestion)\"?" }
      if titles.count < count {
        let list = titles.map { "\"\($0)\"" }.joined(separator: ", ")
        return text + "; the nearest of the \(count) groups: \(list)"
      }
      let list = titles.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: ", ")
      return text + "; choose one of: \(list)"
    }
  }
}

extension QuestionFileError: KindedError {
  /// A file that does not validate is bad data, a missing file no input, a
  /// group that cannot be found a wrong command line.
  public var kind: ErrorKind {
    switch self {
    case .invalid: .invalidData
    case .missingFile: .missingInput
    case .noSuchGroup, .sharedLastPart: .usage
    }
  }

  public var nextStep: NextStep? {
    switch self {
    case .invalid: return .fixQuestions
    case .noSuchGroup(let name, let titles, let count, let suggestion):
      if Int(name.trimmingWhitespace) != nil, suggestion == nil { return .listGroups }
      return suggestion != nil || titles.count < count ? .listAllGroups : nil
    case .missingFile, .sharedLastPart: return nil
    }
  }

  public var problems: FileProblems? {
    guard case .invalid(let file, let diagnostics, let errorCount) = self else { return nil }
    let warnings = diagnostics.count { $0.severity == .warning }
    return .diagnostics(file: file, diagnostics, total: errorCount + warnings)
  }
}
