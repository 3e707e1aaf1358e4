/// One positional argument of a command, such as GROUP or FILE.
struct ArgumentDeclaration: Sendable {
  /// How many times the argument may appear.
  enum Arity: Sendable {
    /// Exactly once.
    case required
    /// Once or not at all.
    case optional
    /// Any number of times, none included.
    case repeating
  }

  /// The name in usage lines, such as `GROUP`.
  let name: String
  /// The argument with its article, for "reset needs a GROUP".
  let noun: String
  let arity: Arity
  let kind: ValueKind
  /// What the argument is.
  let help: String
  /// A flag that stands in for this argument: `(GROUP | --all)`.
  var alternative: String?

  /// A question group, named as every command names one.
  static func group(_ arity: Arity, _ help: String, alternative: String? = nil) -> ArgumentDeclaration {
    ArgumentDeclaration(
      name: "GROUP", noun: "a GROUP", arity: arity, kind: .group, help: help, alternative: alternative)
  }

  /// `[GROUP]`, `GROUP`, `[GROUP...]` or `(GROUP | --all)`, as usage lines show it.
  var usage: String {
    if let alternative { return "(\(name) | \(alternative))" }
    switch arity {
    case .required: return name
    case .optional: return "[\(name)]"
    case .repeating: return "[\(name)...]"
    }
  }
}
