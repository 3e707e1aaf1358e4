import MemoQuizKit

/// The formats `export --format` takes.
extension QuestionExport.Format: ArgumentChoices {
  var argumentName: String { rawValue }
  var argumentHelp: String {
    switch self {
    case .json: "a questions file (the default)"
    case .tsv: "prompt<TAB>answer<TAB>hint lines"
    case .anki: "Anki's \"Notes in Plain Text\""
    case .apkg: "an Anki package with the memory and the review log (needs --output)"
    }
  }
}
