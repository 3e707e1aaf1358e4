/// What the completion scripts of every shell offer, read from the
/// declarations: the shells differ only in how they say it.
struct CompletionPlan {
  /// What to offer for a value.
  enum Offer: Equatable {
    /// Nothing: free text or a number.
    case nothing
    /// File names.
    case files
    /// Group titles, asked of `memoquiz groups --names` at completion time.
    case groups
    /// Command names.
    case commands
    /// A fixed set of values.
    case values([ValueChoice])

    init(_ kind: ValueKind) {
      switch kind {
      case .text, .number: self = .nothing
      case .file: self = .files
      case .group: self = .groups
      case .command: self = .commands
      case .choices(_, let values): self = .values(values)
      }
    }
  }

  /// A positional argument's place: its index, or every index from there on.
  struct Position {
    let index: Int
    let repeats: Bool
    let offer: Offer
  }

  let commands: [CommandDeclaration]

  /// The options a user may be offered: hidden ones are left out.
  static func options(of command: CommandDeclaration) -> [OptionDeclaration] {
    command.allOptions.filter { !$0.isHidden }
  }

  /// Every option that takes a value, hidden or not: its value is not a positional.
  static func valuedOptions(of command: CommandDeclaration) -> [OptionDeclaration] {
    command.allOptions.filter(\.takesValue)
  }

  /// The positional arguments, in order.
  static func positions(of command: CommandDeclaration) -> [Position] {
    command.arguments.enumerated().map { index, argument in
      Position(index: index, repeats: argument.arity == .repeating, offer: Offer(argument.kind))
    }
  }

  /// A short description for a completion menu: the help up to its first
  /// `:` or `;`, at most 60 characters.
  static func shortHelp(_ text: String) -> String {
    var short = text.split(separator: ";", maxSplits: 1).first.map(String.init) ?? text
    short = short.split(separator: ":", maxSplits: 1).first.map(String.init) ?? short
    short = short.replacingBackticks()
    return short.count > 60 ? String(short.prefix(57)) + "..." : short
  }
}

extension String {
  /// The text without the backticks that mark inline commands.
  func replacingBackticks() -> String {
    String(filter { $0 != "`" })
  }
}
