/// One command of `memoquiz`: its name, arguments, options and help, and the
/// function that runs it.
///
/// This is the only description of a command: ``ParsedArguments`` parses
/// against it, and the help, the manual page and the completion scripts are
/// written from it.
struct CommandDeclaration: Sendable {
  /// The word typed after `memoquiz`, such as `play`.
  let name: String
  /// One sentence for the command list.
  let abstract: String
  var arguments: [ArgumentDeclaration] = []
  /// The options, without `--help`, which every command takes.
  var options: [OptionDeclaration] = []
  /// Longer help, after the options.
  var discussion: [HelpBlock] = []
  /// Command lines with what each does.
  var examples: [Example] = []
  /// Parses the arguments into the command and runs it.
  let run: @Sendable (ParsedArguments, CommandContext) throws -> Void

  /// Declares `command` as the runner of this entry.
  init<C: Command>(
    _ command: C.Type, name: String, abstract: String, arguments: [ArgumentDeclaration] = [],
    options: [OptionDeclaration] = [], discussion: [HelpBlock] = [], examples: [Example] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.arguments = arguments
    self.options = options
    self.discussion = discussion
    self.examples = examples
    run = { arguments, context in try C(arguments: arguments).run(in: context) }
  }

  /// Every option the parser accepts, `--help` included.
  var allOptions: [OptionDeclaration] { options + [.helpOption] }

  /// The options help and the manual show.
  var visibleOptions: [OptionDeclaration] { allOptions.filter { !$0.isHidden } }

  /// The option called `name` (or by its short form).
  func option(named name: String) -> OptionDeclaration? {
    allOptions.first { $0.name == name || $0.short == name }
  }

  /// The pieces of the usage line after `memoquiz`, each kept whole when the
  /// line wraps: `play`, `[GROUP]`, `[--seed N]`, `[--merge | --replace]`.
  var usagePieces: [String] {
    var pieces = [name] + arguments.map(\.usage)
    let standIns = Set(arguments.compactMap(\.alternative))
    var groupsDone: Set<String> = []
    for option in options where !option.isHidden && !standIns.contains(option.name) {
      if let group = option.exclusiveGroup {
        guard groupsDone.insert(group).inserted else { continue }
        let members = options.filter { $0.exclusiveGroup == group }.map(\.label)
        pieces.append("[" + members.joined(separator: " | ") + "]")
      } else {
        pieces.append("[\(option.label)]" + (option.repeats ? "..." : ""))
      }
    }
    return pieces
  }
}
