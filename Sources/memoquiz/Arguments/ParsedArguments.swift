/// A command line split into positionals, flags and options, checked against
/// what one command accepts.
///
/// Options take a value as `--seed 7` or `--seed=7`; `--` ends the options.
struct ParsedArguments {
  /// What a command accepts.
  struct Specification {
    var flags: Set<String> = []
    /// Options that take a value.
    var options: Set<String> = []
    /// The most positional arguments, such as 1 for GROUP.
    var maximumPositionals = 0
  }

  private(set) var positionals: [String] = []
  private(set) var flags: Set<String> = []
  private(set) var options: [String: String] = [:]
  /// Every value of each option, in order, for options that may repeat.
  private(set) var repeatedOptions: [String: [String]] = [:]

  /// Parses the arguments that follow the command name.
  /// - Throws: ``UsageError`` for an unknown option, a missing value, or too
  ///   many arguments.
  init(_ arguments: [String], command: String, specification: Specification) throws(UsageError) {
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Int(argument) != nil {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if name == "-h" { name = "--help" }
      if name == "--help" || specification.flags.contains(name) {
        guard inlineValue == nil else { throw UsageError("\(name) takes no value", command: command) }
        flags.insert(name)
      } else if specification.options.contains(name) {
        guard let value = inlineValue ?? remaining.popFirst() else {
          throw UsageError("\(name) needs a value", command: command)
        }
        options[name] = value
        repeatedOptions[name, default: []].append(value)
      } else {
        throw UsageError("unknown option '\(name)'", command: command)
      }
    }
    if positionals.count > specification.maximumPositionals && !flags.contains("--help") {
      let extra = positionals[specification.maximumPositionals]
      throw UsageError("unexpected argument '\(extra)'", command: command)
    }
  }

  /// Options that limit how many things are shown.
  private static let limits: Set<String> = ["--limit"]

  /// Whether the flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The whole number an option gives, when it is given.
  /// - Throws: ``UsageError`` when the value is not a whole number in `range`.
  func number(_ option: String, in range: ClosedRange<Int>, command: String) throws(UsageError) -> Int? {
    guard let text = options[option] else { return nil }
    // A limit on how much is shown starts at 1: `--limit 0` would show
    // nothing, and is refused rather than taken to mean everything.
    let range = Self.limits.contains(option) ? max(1, range.lowerBound)...max(1, range.upperBound) : range
    guard let value = Int(text), range.contains(value) else {
      let allowed =
        range.upperBound == .max ? "of \(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
      throw UsageError("\(option) takes a whole number \(allowed), not '\(text)'", command: command)
    }
    return value
  }
}
