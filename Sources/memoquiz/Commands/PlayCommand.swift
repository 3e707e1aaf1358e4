import MemoQuizKit

/// `memoquiz play`: its arguments, options and help are declared in `CommandTable`.
struct PlayCommand: Command {
  let group: String?
  let options: RoundSession.Options

  init(arguments: ParsedArguments) throws(UsageError) {
    group = arguments.positionals.first
    var options = RoundSession.Options(restart: arguments.has("--restart"))
    options.strategy = arguments.value("--strategy").flatMap(QuestionStrategies.named)
    if let seed = arguments.value("--seed") {
      guard let value = UInt64(seed) else {
        throw UsageError(
          "--seed takes a whole number from 0 to \(UInt64.max), not '\(seed)'", command: arguments.command.name)
      }
      options.seed = value
    }
    if let value = try arguments.number("--new", in: 0...Int.max, command: arguments.command.name) {
      // Only a review round takes new questions by count; any other round
      // asks the whole group, and would leave --new silently unused.
      guard options.strategy?.name == ReviewQuestionStrategy().name else {
        throw UsageError(
          "--new applies to review rounds only; add --strategy review, or leave --new out",
          command: arguments.command.name)
      }
      options.newLimit = value
    }
    self.options = options
  }

  func run(in context: CommandContext) throws {
    let terminal = context.terminal
    // The start screen needs no card's memory: the round reads it.
    let caretaker = try context.loadCaretaker(needsMemory: group != nil || !terminal.isInteractive)
    var groupIndex: Int
    var options = self.options
    if let group {
      let indices = try caretaker.groupIndices(named: group)
      guard indices.count == 1 else {
        try playTogether(indices, parent: group, caretaker: caretaker, in: context)
        return
      }
      groupIndex = indices[0]
    } else if terminal.isInteractive {
      let now = context.now()
      guard let choice = try GroupMenu(caretaker: caretaker, terminal: terminal, now: now).ask() else { return }
      // The round asks by each card's memory, which the start screen did not read.
      try caretaker.loadMemory()
      guard let index = choice.groupIndex else {
        // Enter: today's review, across every group.
        var session = context.roundSession(caretaker)
        var review = RoundSession.Options(strategy: ReviewQuestionStrategy())
        review.asksToResume = !choice.resume
        try session.review(groupIndices: [], options: review)
        return
      }
      groupIndex = index
      if options.strategy == nil { options.strategy = choice.strategy }
      if choice.resume {
        options.asksToResume = false
      } else if choice.strategy != nil {
        // Declining to resume, the person picked the order of a new round.
        options.restart = true
      }
    } else {
      throw UsageError("play needs a GROUP when not run on a terminal", command: "play")
    }
    var session = context.roundSession(caretaker)
    try session.play(groupIndex: groupIndex, options: options)
  }

  /// Plays the subdecks of a parent deck together, as Anki studies a parent
  /// deck: one review round of what is due in them, then new questions.
  /// - Throws: ``UsageError`` for an order other than review, which only a
  ///   single group's round has.
  private func playTogether(
    _ indices: [Int], parent: String, caretaker: QuestionGroupCaretaker, in context: CommandContext
  ) throws {
    if let strategy = options.strategy, strategy.name != ReviewQuestionStrategy().name {
      throw UsageError(
        "\(TextSanitizer.sanitized(parent)) names a parent deck, whose \(indices.count) groups are played together "
          + "in one review round; leave out --strategy, or name one of its groups",
        command: "play")
    }
    var review = RoundSession.Options(strategy: ReviewQuestionStrategy())
    review.newLimit = options.newLimit
    var session = context.roundSession(caretaker)
    try session.review(groupIndices: indices, options: review)
  }
}
