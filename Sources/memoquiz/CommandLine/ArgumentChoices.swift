import MemoQuizKit

/// A set of values an option takes, listed by the type itself: a
/// `CaseIterable` enum whose cases are the values, each with its help.
///
/// The parser checks a value against the set, and `--help`, the manual and
/// the completions list it, all from the same cases.
protocol ArgumentChoices: CaseIterable {
  /// The value as typed on the command line.
  var argumentName: String { get }
  /// What the value means, in a few words.
  var argumentHelp: String { get }
}

extension ArgumentChoices {
  /// Every value with its help, in declaration order.
  static var choices: [ValueChoice] {
    allCases.map { ValueChoice(name: $0.argumentName, help: $0.argumentHelp) }
  }

  /// The case a command-line value names, ignoring case.
  init?(argument: String) {
    guard let found = Self.allCases.first(where: { $0.argumentName == argument.lowercased() }) else { return nil }
    self = found
  }
}

/// One value of a value set, as help and completions show it.
struct ValueChoice: Equatable, Sendable {
  let name: String
  let help: String
}

extension QuestionExport.Format: ArgumentChoices {
  var argumentName: String { rawValue }
  var argumentHelp: String {
    switch self {
    case .json: "a questions file (the default)"
    case .tsv: "prompt<TAB>answer<TAB>hint lines"
    case .anki: "Anki's \"Notes in Plain Text\""
    }
  }
}

/// The names `import --format` takes for the formats memoquiz reads.
enum ImportFormat: String, ArgumentChoices {
  case json, tsv, csv, txt, bsdquiz

  var argumentName: String { rawValue }
  var argumentHelp: String {
    switch self {
    case .json: "a questions file"
    case .tsv: "Anki's plain text, tab-separated"
    case .csv: "Anki's plain text, comma-separated"
    case .txt: "Anki's plain text"
    case .bsdquiz: "a BSD quiz(6) data file"
    }
  }

  /// The reader for this format.
  var format: QuestionImport.Format {
    switch self {
    case .json: .json
    case .tsv, .csv, .txt: .text
    case .bsdquiz: .bsdquiz
    }
  }
}

/// The orders a round can take, as the library lists them.
enum StrategyChoices {
  static var choices: [ValueChoice] {
    QuestionStrategies.all.map { ValueChoice(name: $0.name, help: $0.summary) }
  }
}
