import MemoQuizKit

/// The names `import --format` takes for the formats memoquiz reads.
enum ImportFormat: String, ArgumentChoices {
  case json, tsv, csv, txt, bsdquiz, apkg, colpkg

  var argumentName: String { rawValue }
  var argumentHelp: String {
    switch self {
    case .json: "a questions file"
    case .tsv: "Anki's plain text, tab-separated"
    case .csv: "Anki's plain text, comma-separated"
    case .txt: "Anki's plain text"
    case .bsdquiz: "a BSD quiz(6) data file"
    case .apkg: "an Anki deck package"
    case .colpkg: "an Anki collection package"
    }
  }

  /// The reader for this format.
  var format: QuestionImport.Format {
    switch self {
    case .json: .json
    case .tsv: .tsv
    case .csv: .csv
    case .txt: .text
    case .bsdquiz: .bsdquiz
    case .apkg, .colpkg: .ankiPackage
    }
  }
}
