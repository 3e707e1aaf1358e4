import FoundationEssentials

/// Plays a round with a person: asks, grades, saves, and tells the verdict.
///
/// An answer travels one way: terminal, round, matcher, score, caretaker,
/// disk, and only then the verdict on the terminal. Answers already waiting
/// in a pipe are graded together and saved with one durable write (a group
/// commit); their verdicts are printed after that write, never before.
public struct RoundSession {
  /// How to start: a new round, or the saved one when there is one.
  public struct Options: Sendable {
    /// The strategy for a new round; `nil` takes the standard one.
    public var strategy: (any QuestionStrategy)?
    /// The seed for a new random order; `nil` picks one and records it.
    public var seed: UInt64?
    /// Start a new round even when one is unfinished.
    public var restart: Bool
    /// The most questions never answered that a review round takes.
    public var newLimit: Int

    public init(
      strategy: (any QuestionStrategy)? = nil, seed: UInt64? = nil, restart: Bool = false,
      newLimit: Int = ReviewQuestionStrategy.defaultNewLimit
    ) {
      self.strategy = strategy
      self.seed = seed
      self.restart = restart
      self.newLimit = newLimit
    }
  }

  /// The most answers saved by one group commit; bounds the output held back.
  static let batchLimit = 256

  private let caretaker: QuestionGroupCaretaker
  private let terminal: any Terminal
  private let now: () -> Date
  private var style: TextStyle { terminal.style }

  public init(caretaker: QuestionGroupCaretaker, terminal: any Terminal, now: @escaping () -> Date = Date.init) {
    self.caretaker = caretaker
    self.terminal = terminal
    self.now = now
  }

  /// Plays group `groupIndex` until the round ends or the person stops.
  /// - Throws: ``PersistenceError/roundInUse(group:)`` when another process
  ///   plays the group; nothing is changed then.
  public mutating func play(groupIndex: Int, options: Options) throws {
    let group = caretaker.groups[groupIndex]
    try caretaker.folder.createLocal()
    // The round's lock file goes when the round's process is done with it.
    guard let lock = try FileLock.attempt(caretaker.folder.roundLockFile(for: group.title), removingFile: true) else {
      throw PersistenceError.roundInUse(group: TextSanitizer.sanitized(group.title))
    }
    try withExtendedLifetime(lock) {
      try caretaker.progress.refresh()
      guard var round = try start(group: group, options: options) else { return }
      try loop(&round)
    }
    try caretaker.progress.saveCheckpointIfDue()
  }

  // MARK: - Starting

  /// The round to play: the saved one, or a new one.
  /// - Returns: `nil` when a review round has nothing to ask.
  private mutating func start(group: QuestionGroup, options: Options) throws -> Round? {
    let title = TextSanitizer.sanitized(group.title)
    if let saved = caretaker.unfinishedRound(of: group.title), !options.restart {
      let untouched = saved.answers.isEmpty && saved.skipped == 0
      let otherStrategy = options.strategy.map { $0.name != saved.strategy } ?? false
      if !(untouched && otherStrategy) {
        let round = Round(group: group, memento: saved)
        if !round.isFinished {
          if terminal.isInteractive && !untouched {
            let question =
              "\(style.bold(title)) has an unfinished round (question \(round.doneCount + 1) of \(round.count), \(saved.strategy) order). Resume it? (n starts over)"
            switch terminal.confirm(question, defaultAnswer: true) {
            case nil: return nil
            case false?:
              // Starting over asks for the order, unless the command line gave one.
              var options = options
              if options.strategy == nil {
                let due = caretaker.dueCount(of: group, at: now())
                guard let strategy = OrderPrompt(terminal: terminal).ask(due: due) else { return nil }
                options.strategy = strategy
              }
              return try newRound(group: group, options: options)
            case true?: break
            }
          }
          var note = "Resuming \(style.bold(title)) at question \(round.doneCount + 1) of \(round.count)"
          note += " (\(saved.strategy) order). Use --restart to start over."
          if otherStrategy { note += " The saved round keeps its \(saved.strategy) order." }
          terminal.write(note + "\n")
          return round
        }
      }
    }
    return try newRound(group: group, options: options)
  }

  private mutating func newRound(group: QuestionGroup, options: Options) throws -> Round? {
    let title = TextSanitizer.sanitized(group.title)
    let strategy = options.strategy ?? QuestionStrategies.standard
    let seed = options.seed ?? UInt64.random(in: 0...UInt64(1 << 53))
    let time = Timestamp(now())
    let cards = group.cards
    let context = RoundPlanContext(
      cards: cards, seed: seed,
      memory: strategy.needsMemory ? cards.map { caretaker.memory(of: $0, in: group)?.state } : [],
      now: time,
      newLimit: options.newLimit)
    let plan = SiblingOrder.arranged(strategy.plan(context), cards: cards) {
      caretaker.memory(of: $0, in: group)?.state?.lastReview
    }
    guard !plan.isEmpty else {
      var text = "Nothing to review in \(title)"
      if let next = caretaker.nextDue(of: group) {
        text += "; the next question falls due \(DateText.readable(next))."
      } else {
        text += "; no question is due, and --new 0 takes no new ones."
      }
      terminal.write(text + "\n")
      return nil
    }
    let memento = try caretaker.progress.startRound(
      group: group.title, strategy: strategy, seed: seed, plan: plan.map { cards[$0].identity }, at: time)
    let round = Round(group: group, memento: memento, plan: plan, cards: cards)
    var header =
      "\(style.bold(title)): \(round.count) \(round.count == 1 ? "question" : "questions"), \(strategy.name) order"
    if strategy.name == RandomQuestionStrategy().name { header += " (seed \(seed))" }
    terminal.write(header + "\n")
    if terminal.isInteractive {
      terminal.write(
        style.dim("Type the answer and press Enter.") + "\n"
          + style.dim("?  hint   ·   :undo  take back   ·   :right  my answer was right   ·   :help   ·   :quit")
          + "\n")
    }
    return round
  }

  // MARK: - The loop

  private mutating func loop(_ round: inout Round) throws {
    var held = ""  // output held back until the graded answers are saved
    var askQuestion = true
    var usedHint = false
    var shownAt = MonotonicClock.milliseconds()
    let progress = caretaker.progress
    let title = round.group.title

    // Output waits in the terminal's buffer until the next read: on a
    // terminal the line editor shows it once the keys are its own, so no
    // key typed right after the question appears is echoed the old way.
    func release(_ round: inout Round) throws {
      if !round.unsaved.isEmpty {
        round.saved(try progress.record(round.unsaved))
      }
      terminal.write(held)
      held = ""
    }

    while true {
      if round.isFinished {
        try release(&round)
        finish(round)
        return
      }
      if SignalMonitor.receivedSignal != nil {
        try release(&round)
        stop(round)
        return
      }
      if askQuestion {
        held += questionText(round)
        askQuestion = false
        usedHint = false
        shownAt = MonotonicClock.milliseconds()
      }
      if terminal.isInteractive { held += style.cyan("> ") }
      if !terminal.hasWaitingLine || round.unsaved.count >= Self.batchLimit {
        // About to wait for the person: everything graded must be on disk
        // and its verdict shown first.
        try release(&round)
      }
      let input = terminal.readLine()
      if input == .tooLong { continue }
      guard case .line(let line) = input else {
        try release(&round)
        if terminal.isInteractive { terminal.write("\n") }
        stop(round)
        return
      }
      let trimmed = line.trimmingWhitespace
      switch trimmed {
      case "":
        held += "Type an answer (? for a hint, :help for more).\n"
      case "?":
        usedHint = true
        if let hint = round.currentCard?.hint, !hint.isEmpty {
          held += style.yellow("Hint: \(TextSanitizer.sanitized(hint))") + "\n"
        } else {
          held += "There is no hint for this question.\n"
        }
      case ":undo":
        try release(&round)
        guard let last = round.lastAnswer else {
          held += "Nothing to undo in this round.\n"
          continue
        }
        let tookBack = try progress.takeBack(last, in: title, round: round.memento.id, at: Timestamp(now()))
        round.takeBackLastAnswer()
        let prompt = round.card(last.question).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
        held +=
          tookBack
          ? "Took back your \(last.isCorrect ? "correct" : "incorrect") answer to \(prompt).\n"
          : "Your answer to \(prompt) was already taken back (by `memoquiz undo`); it is asked again.\n"
        askQuestion = true
      case ":right":
        try release(&round)
        guard let last = round.lastAnswer, !last.isCorrect else {
          held +=
            "Nothing to put right: \(round.lastAnswer == nil ? "no answer yet in this round" : "the last answer was graded Correct").\n"
          continue
        }
        guard try progress.markRight(last, in: title, at: Timestamp(now())) else {
          // Taken back meanwhile by `memoquiz undo` in another process.
          round.takeBackLastAnswer()
          let prompt = round.card(last.question).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
          held += "Your answer to \(prompt) was taken back (by `memoquiz undo`); it is asked again.\n"
          askQuestion = true
          continue
        }
        round.regradeLastAnswer()
        let prompt = round.card(last.question).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
        held += style.green("Counted as correct:") + " your answer to \(prompt).\n"
        askQuestion = true
      case ":quit":
        try release(&round)
        stop(round)
        return
      case ":help":
        held += Self.helpText
      default:
        if trimmed.hasPrefix(":") {
          held += "Unknown input \(TextSanitizer.sanitized(trimmed)); type :help for the list.\n"
          continue
        }
        let duration = Int(clamping: MonotonicClock.milliseconds() - shownAt)
        guard let verdict = round.grade(line, usedHint: usedHint, at: Timestamp(now()), duration: duration) else {
          continue
        }
        held += verdictText(verdict)
        askQuestion = true
      }
    }
  }

  /// What `:help` shows.
  static let helpText = """
    During a round, each line you type is one input:
      ?        show the hint (a right answer after it counts as Hard)
      :undo    take back your last answer; its question is asked again
      :right   your last answer, graded Incorrect, was right: count it as correct
      :quit    stop here; the next `memoquiz play` of this group resumes
      :help    this list
    Anything else is your answer. Ctrl-D, Ctrl-C, SIGTERM and SIGHUP stop too.

    """

  // MARK: - Text

  private func questionText(_ round: Round) -> String {
    guard let card = round.currentCard else { return "" }
    let progress = style.dim("[\(min(round.doneCount + 1, round.count))/\(round.count)]")
    return "\(progress) \(style.bold(TextSanitizer.sanitized(card.prompt)))\n"
  }

  private func verdictText(_ verdict: Round.Verdict) -> String {
    if verdict.isCorrect { return style.green("Correct!") + "\n" }
    var text =
      style.red("Incorrect.") + " The answer is \(style.bold(TextSanitizer.sanitized(verdict.card.answer)))"
    if !verdict.card.alternatives.isEmpty {
      let others = verdict.card.alternatives.map(TextSanitizer.sanitized).joined(separator: ", ")
      text += " (also accepted: \(others))"
    }
    return text + ".\n"
  }

  private func stop(_ round: Round) {
    let title = TextSanitizer.sanitized(round.group.title)
    terminal.write(
      "Stopped at question \(min(round.doneCount + 1, round.count)) of \(round.count) of \(title); your answers are saved. "
        + "`\(TextSanitizer.sanitized(QuestionGroupCaretaker.playCommand(for: round.group.title)))` resumes here.\n")
    terminal.flush()
  }

  private func finish(_ round: Round) {
    let summary = round.summary
    let title = TextSanitizer.sanitized(round.group.title)
    var text = "\n" + style.bold("Round complete: \(title)") + "\n"
    text += "  \(style.green("Correct:"))    \(summary.correctCount)\n"
    text += "  \(style.red("Incorrect:"))  \(summary.incorrectCount)\n"
    text += "  Score:      \(summary.percentage)%\n"
    if !summary.missed.isEmpty {
      text += "Missed:\n"
      let width = min(24, summary.missed.map { DisplayWidth.of(TextSanitizer.sanitized($0.prompt)) }.max() ?? 0)
      for card in summary.missed {
        let prompt = DisplayWidth.fit(TextSanitizer.sanitized(card.prompt), width: width)
        text += "  \(prompt)  \(style.bold(TextSanitizer.sanitized(card.answer)))\n"
      }
    }
    do {
      let score = caretaker.score(of: round.group)
      let accuracy = score.accuracy.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""
      text += "\(title) overall: \(score.correctCount) correct, \(score.incorrectCount) incorrect\(accuracy)\n"
    }
    terminal.write(text)
    terminal.flush()
  }
}
