import MemoQuizKit

/// `memoquiz play [GROUP] [--strategy random|sequential|review] [--seed N] [--new N] [--restart]`
struct PlayCommand: Command {
  static let name = "play"
  static let abstract = "Play a round of a question group."
  static let usage = "memoquiz play [GROUP] [--strategy random|sequential|review] [--seed N] [--new N] [--restart]"
  static let discussion = """
    GROUP is a title (ignoring case), the number `memoquiz groups` shows, or the
    start of one title. Without GROUP, on a terminal, a menu asks for one.

    Options:
      --strategy NAME   the order of a new round: \(QuestionStrategies.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", "))
      --seed N          repeat a random order exactly
      --new N           how many never-answered questions a review round adds (default 10)
      --restart         start a new round even if one is unfinished

    A review round asks the questions that are due, the ones you are most
    likely to have forgotten first, then up to --new questions you have never
    answered. A question you miss comes back later in the round until you get
    it right.

    During a round, each line you type is one input:
      ?        show the hint
      :undo    take back the last graded answer (as often as you like)
      :right   your last answer, graded Incorrect, was right
      :help    list these inputs
      :quit    stop; Ctrl-C, Ctrl-D, SIGTERM and SIGHUP stop too
    Every answer is saved before its verdict is shown. An unfinished round
    resumes at the same question with the next `play` of that group. A group
    is played by one memoquiz at a time.

    Examples:
      memoquiz play hiragana
      memoquiz play 2 --strategy sequential
      memoquiz play "Basic Phrases" --seed 42 --restart
      memoquiz play katakana --strategy review --new 5
      printf 'shi\\ntsu\\n' | memoquiz play hiragana --strategy sequential
    """
  static let specification = ParsedArguments.Specification(
    flags: ["--restart"], options: ["--strategy", "--seed", "--new"], maximumPositionals: 1)

  let group: String?
  let options: RoundSession.Options

  init(arguments: ParsedArguments) throws(UsageError) {
    group = arguments.positionals.first
    var options = RoundSession.Options(restart: arguments.has("--restart"))
    if let name = arguments.options["--strategy"] {
      guard let strategy = QuestionStrategies.named(name) else {
        throw UsageError("unknown strategy '\(name)'; choose \(QuestionStrategies.names)", command: Self.name)
      }
      options.strategy = strategy
    }
    if let seed = arguments.options["--seed"] {
      guard let value = UInt64(seed) else {
        throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not '\(seed)'", command: Self.name)
      }
      options.seed = value
    }
    if let value = try arguments.number("--new", in: 0...Int.max, command: Self.name) {
      // Only a review round takes new questions by count; any other round
      // asks the whole group, and would leave --new silently unused.
      guard options.strategy?.name == ReviewQuestionStrategy().name else {
        throw UsageError(
          "--new applies to review rounds only; add --strategy review, or leave --new out", command: Self.name)
      }
      options.newLimit = value
    }
    self.options = options
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let terminal = context.terminal
    var groupIndex: Int
    var options = self.options
    if let group {
      groupIndex = try caretaker.groupIndex(named: group)
    } else if terminal.isInteractive {
      guard let choice = GroupMenu(caretaker: caretaker, terminal: terminal, now: context.now()).ask() else { return }
      groupIndex = choice.groupIndex
      if options.strategy == nil { options.strategy = choice.strategy }
    } else {
      throw UsageError("play needs a GROUP when not run on a terminal", command: Self.name)
    }
    var session = RoundSession(caretaker: caretaker, terminal: terminal, now: context.now)
    try session.play(groupIndex: groupIndex, options: options)
  }
}
