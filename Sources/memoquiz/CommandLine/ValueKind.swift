/// What a value on the command line is: it decides how the parser checks
/// it and what the completions offer for it.
enum ValueKind: Equatable, Sendable {
  /// Free text, such as a title or a hint: nothing to complete.
  case text
  /// A whole number: nothing to complete.
  case number
  /// A path: the shell completes file names.
  case file
  /// A question group: titles are asked of `memoquiz groups --names` when
  /// completing, so a group added a moment ago completes too.
  case group
  /// The name of a command.
  case command
  /// One of a fixed set of values, each with its help.
  case choices(noun: String, [ValueChoice])

  /// The fixed values, when there are some.
  var choices: [ValueChoice] {
    if case .choices(_, let values) = self { return values }
    return []
  }
}
