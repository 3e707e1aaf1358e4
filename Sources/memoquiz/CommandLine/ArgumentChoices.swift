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
