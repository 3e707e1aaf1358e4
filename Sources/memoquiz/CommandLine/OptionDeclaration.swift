/// One option of a command: its name, the value it takes, and its help.
///
/// An option is declared once, in ``CommandTable``; the parser, `--help`,
/// the manual and the completion scripts all read this declaration.
struct OptionDeclaration: Sendable {
  /// The name as typed, such as `--strategy`.
  let name: String
  /// A one-letter form, such as `-h`.
  var short: String?
  /// The name of the value in usage lines (`N`, `FILE`), for options that take one.
  var valueName: String?
  /// What the value is; ignored for flags.
  var kind: ValueKind = .text
  /// What the option does, in a phrase (it may hold `` `inline commands` ``).
  let help: String
  /// Whether the option may be given more than once (`--alternative A...`).
  var repeats = false
  /// Options with the same group exclude each other (`[--merge | --replace]`).
  var exclusiveGroup: String?
  /// Hidden options are parsed and completed, but not shown in help or the manual.
  var isHidden = false

  /// Whether the option takes a value.
  var takesValue: Bool { valueName != nil }

  /// An option without a value.
  static func flag(_ name: String, _ help: String, exclusiveGroup: String? = nil, hidden: Bool = false)
    -> OptionDeclaration
  {
    OptionDeclaration(name: name, help: help, exclusiveGroup: exclusiveGroup, isHidden: hidden)
  }

  /// An option that takes a value.
  static func option(_ name: String, _ valueName: String, _ kind: ValueKind, _ help: String, repeats: Bool = false)
    -> OptionDeclaration
  {
    OptionDeclaration(name: name, valueName: valueName, kind: kind, help: help, repeats: repeats)
  }

  /// `--seed N`, as help lists it.
  var label: String {
    let names = (short.map { "\($0), " } ?? "") + name
    return valueName.map { "\(names) \($0)" } ?? names
  }

  /// The help with the value set appended, as `--help` and the manual show it.
  var fullHelp: String {
    let values = kind.choices
    guard !values.isEmpty else { return help }
    return help + ": " + values.map { "\($0.name) (\($0.help))" }.joined(separator: ", ")
  }

  /// The built-in `--help` every command takes.
  static let helpOption = OptionDeclaration(name: "--help", short: "-h", help: "show this help")
}
