import MemoQuizKit

/// A command line parsed against one command's ``CommandDeclaration``.
///
/// Options take a value as `--seed 7` or `--seed=7`; `--` ends the options.
/// Everything the declaration says is checked here: unknown options, missing
/// values, values outside an option's value set, too few or too many
/// arguments, and options that exclude each other.
struct ParsedArguments {
  /// The declaration parsed against.
  let command: CommandDeclaration
  private(set) var positionals: [String] = []
  private var flags: Set<String> = []
  /// Every value of each option, in order.
  private var values: [String: [String]] = [:]

  /// The option a mistyped one most likely meant (`--sead` is `--seed`,
  /// `--dryrun` is `--dry-run`): the nearest long name, its dashes left
  /// aside, as near as a command's name must be for a suggestion.
  static func suggestion(for typed: String, among options: [OptionDeclaration]) -> String? {
    let bare = String(typed.drop { $0 == "-" })
    guard bare.count > 1 else { return nil }
    let names = options.map { String($0.name.dropFirst(2)) }
    return QuestionGroupCaretaker.suggestion(for: bare, among: names).map { "--" + $0 }
  }

  /// Parses the arguments that follow the command name.
  /// - Throws: ``UsageError`` for anything the declaration does not allow.
  init(_ arguments: [String], command: CommandDeclaration) throws(UsageError) {
    self.command = command
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
      guard let option = command.option(named: name) else {
        guard let suggestion = Self.suggestion(for: name, among: command.allOptions) else {
          throw UsageError("unknown option '\(name)'", command: command.name)
        }
        throw UsageError("unknown option '\(name)'; did you mean '\(suggestion)'?", command: command.name)
      }
      guard option.takesValue else {
        guard inlineValue == nil else { throw UsageError("\(option.name) takes no value", command: command.name) }
        flags.insert(option.name)
        continue
      }
      guard let value = inlineValue ?? remaining.popFirst() else {
        throw UsageError("\(option.name) needs a value", command: command.name)
      }
      values[option.name, default: []].append(try Self.checked(value, of: option.kind, command: command.name))
    }
    if !has("--help") { try check() }
  }

  /// Checks what can only be checked once everything is read.
  private func check() throws(UsageError) {
    let declared = command.arguments
    let limit = declared.last?.arity == .repeating ? Int.max : declared.count
    if positionals.count > limit {
      throw UsageError("unexpected argument '\(positionals[limit])'", command: command.name)
    }
    for (index, argument) in declared.enumerated() {
      if let alternative = argument.alternative {
        let given = index < positionals.count
        if given && has(alternative) {
          throw UsageError("give either \(argument.name) or \(alternative), not both", command: command.name)
        }
        if !given && !has(alternative) {
          throw UsageError("\(command.name) needs \(argument.noun) or \(alternative)", command: command.name)
        }
      } else if argument.arity == .required, index >= positionals.count {
        if case .choices(let noun, let choices) = argument.kind {
          throw UsageError(
            "\(command.name) needs \(argument.noun): \(Self.list(choices.map(\.name), or: true)) (\(noun))",
            command: command.name)
        }
        let missing = declared[index...].filter { $0.arity == .required }.map(\.noun)
        throw UsageError("\(command.name) needs \(Self.list(missing, or: false))", command: command.name)
      } else if index < positionals.count, argument.arity != .repeating {
        _ = try Self.checked(positionals[index], of: argument.kind, command: command.name)
      }
    }
    var groups: [String: [String]] = [:]
    for option in command.options where has(option.name) {
      if let group = option.exclusiveGroup { groups[group, default: []].append(option.name) }
    }
    if let clash = groups.values.first(where: { $0.count > 1 }) {
      throw UsageError("\(Self.list(clash, or: true)), not both", command: command.name)
    }
  }

  /// The value itself, when it is one the kind allows.
  private static func checked(_ value: String, of kind: ValueKind, command: String) throws(UsageError) -> String {
    guard case .choices(let noun, let choices) = kind else { return value }
    guard choices.contains(where: { $0.name == value.lowercased() }) else {
      throw UsageError(
        "unknown \(noun) '\(value)'; choose \(list(choices.map(\.name), or: true))", command: command)
    }
    return value.lowercased()
  }

  /// "a, b or c", or "a, b and c".
  private static func list(_ items: [String], or: Bool) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + last
  }

  /// Whether the flag (or an option with a value) was given.
  func has(_ name: String) -> Bool {
    assert(command.option(named: name) != nil, "\(command.name) declares no option \(name)")
    return flags.contains(name) || values[name] != nil
  }

  /// The last value of an option, when it was given.
  func value(_ name: String) -> String? {
    assert(command.option(named: name)?.takesValue == true, "\(command.name) declares no option \(name)")
    return values[name]?.last
  }

  /// Every value of an option that may repeat, in order.
  func allValues(_ name: String) -> [String] {
    assert(command.option(named: name)?.takesValue == true, "\(command.name) declares no option \(name)")
    return values[name] ?? []
  }

  /// The whole number an option gives, when it is given.
  /// - Throws: ``UsageError`` when the value is not a whole number in `range`.
  func number(_ option: String, in range: ClosedRange<Int>, command: String) throws(UsageError) -> Int? {
    guard let text = value(option) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      let allowed =
        range.upperBound == .max ? "of \(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
      throw UsageError("\(option) takes a whole number \(allowed), not '\(text)'", command: command)
    }
    return value
  }
}
