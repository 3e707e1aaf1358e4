import MemoQuizKit

/// The keys `memoquiz config` takes, as the library lists them.
extension Setting: ArgumentChoices {
  var argumentName: String { key }
  var argumentHelp: String { "\(summary): \(allowed), default \(defaultValue)" }
}
