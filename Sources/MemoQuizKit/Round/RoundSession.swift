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

    public init(strategy: (any QuestionStrategy)? = nil, seed: UInt64? = nil, restart: Bool = false) {
      self.strategy = strategy
      self.seed = seed
      self.restart = restart
    }
  }

  /// The most answers saved by one group commit; bounds the output held back.
  static let batchLimit = 256

  private var caretaker: QuestionGroupCaretaker
  private let terminal: any Terminal
  private let now: () -> Date
  private var style: TextStyle { terminal.style }

  public init(caretaker: QuestionGroupCaretaker, terminal: any Terminal, now: @escaping () -> Date = Date.init) {
    self.caretaker = caretaker
    self.terminal = terminal
    self.now = now
  }

  /// Plays group `groupIndex` until the round ends or the person stops.
  public mutating func play(groupIndex: Int, options: Options) throws {
    let group = caretaker.groups[groupIndex]
    var round = try start(group: group, options: options)
    try loop(&round)
  }

  // MARK: - Starting

  private mutating func start(group: QuestionGroup, options: Options) throws -> Round {
    let title = TextSanitizer.sanitized(group.title)
    if let saved = caretaker.unfinishedRound(of: group.title), !options.restart {
      if let round = Round(group: group, resuming: saved) {
        var note = "Resuming \(style.bold(title)) at question \(round.position + 1) of \(round.count)"
        note += " (\(round.strategy.name) order). Use --restart to start over."
        if let wanted = options.strategy, wanted.name != round.strategy.name {
          note += " The saved round keeps its \(round.strategy.name) order."
        }
        terminal.write(note + "\n")
        return round
      }
      terminal.write("The questions of \(title) changed since your unfinished round; starting a new round.\n")
    }
    let strategy = options.strategy ?? QuestionStrategies.standard
    let seed = options.seed ?? UInt64.random(in: 0...UInt64(1 << 53))
    let round = Round(group: group, strategy: strategy, seed: seed, now: now())
    try caretaker.saveNewRound(round.memento, for: group.title)
    var header =
      "\(style.bold(title)): \(round.count) \(round.count == 1 ? "question" : "questions"), \(strategy.name) order"
    if strategy.name == RandomQuestionStrategy().name { header += " (seed \(seed))" }
    terminal.write(header + "\n")
    if terminal.isInteractive {
      terminal.write(
        style.dim("Type the answer and press Enter.") + "\n"
          + style.dim("?  hint   ·   :undo  take back the last answer   ·   :quit  stop, progress is saved") + "\n")
    }
    return round
  }

  // MARK: - The loop

  private mutating func loop(_ round: inout Round) throws {
    var pending: [Bool] = []  // graded since the last save
    var held = ""  // output held back until the pending answers are saved
    var askQuestion = true

    func save(_ round: Round) throws {
      guard !pending.isEmpty else { return }
      try caretaker.record(
        pending, for: round.group.title, round: round.isFinished ? nil : round.memento, at: now())
      pending.removeAll(keepingCapacity: true)
    }

    func release(_ round: Round) throws {
      try save(round)
      terminal.write(held)
      held = ""
      terminal.flush()
    }

    while true {
      if round.isFinished {
        try release(round)
        finish(round)
        return
      }
      if SignalMonitor.receivedSignal != nil {
        try release(round)
        stop(round)
        return
      }
      if askQuestion {
        held += questionText(round)
        askQuestion = false
      }
      if terminal.isInteractive { held += style.cyan("> ") }
      if !terminal.hasWaitingLine || pending.count >= Self.batchLimit {
        // About to wait for the person: everything graded must be on disk
        // and its verdict shown first.
        try release(round)
      }
      let input = terminal.readLine()
      guard case .line(let line) = input else {
        try release(round)
        if terminal.isInteractive { terminal.write("\n") }
        stop(round)
        return
      }
      switch line.trimmingWhitespace {
      case "":
        held += "Type an answer (? for a hint, :quit to stop).\n"
      case "?":
        if let hint = round.currentQuestion?.hint, !hint.isEmpty {
          held += style.yellow("Hint: \(TextSanitizer.sanitized(hint))") + "\n"
        } else {
          held += "There is no hint for this question.\n"
        }
      case ":undo":
        try release(round)
        guard let taken = round.undo() else {
          held += "Nothing to undo in this round.\n"
          continue
        }
        try caretaker.retract(correct: taken.isCorrect, for: round.group.title, round: round.memento)
        held +=
          "Took back your \(taken.isCorrect ? "correct" : "incorrect") answer to \(TextSanitizer.sanitized(taken.question.prompt)).\n"
        askQuestion = true
      case ":quit":
        try release(round)
        stop(round)
        return
      default:
        guard let verdict = round.grade(line) else { continue }
        pending.append(verdict.isCorrect)
        held += verdictText(verdict)
        askQuestion = true
      }
    }
  }

  // MARK: - Text

  private func questionText(_ round: Round) -> String {
    guard let question = round.currentQuestion else { return "" }
    let progress = style.dim("[\(round.position + 1)/\(round.count)]")
    return "\(progress) \(style.bold(TextSanitizer.sanitized(question.prompt)))\n"
  }

  private func verdictText(_ verdict: Round.Verdict) -> String {
    if verdict.isCorrect { return style.green("Correct!") + "\n" }
    var text =
      style.red("Incorrect.") + " The answer is \(style.bold(TextSanitizer.sanitized(verdict.question.answer)))"
    if !verdict.question.alternatives.isEmpty {
      let others = verdict.question.alternatives.map(TextSanitizer.sanitized).joined(separator: ", ")
      text += " (also accepted: \(others))"
    }
    return text + ".\n"
  }

  private func stop(_ round: Round) {
    let title = TextSanitizer.sanitized(round.group.title)
    terminal.write(
      "Stopped at question \(round.position + 1) of \(round.count) of \(title); your answers are saved. "
        + "`memoquiz play \(Self.quoted(title))` resumes here.\n")
    terminal.flush()
  }

  private mutating func finish(_ round: Round) {
    let summary = round.summary
    let title = TextSanitizer.sanitized(round.group.title)
    var text = "\n" + style.bold("Round complete: \(title)") + "\n"
    text += "  \(style.green("Correct:"))    \(summary.correctCount)\n"
    text += "  \(style.red("Incorrect:"))  \(summary.incorrectCount)\n"
    text += "  Score:      \(summary.percentage)%\n"
    if !summary.missed.isEmpty {
      text += "Missed:\n"
      let width = min(24, summary.missed.map { DisplayWidth.of(TextSanitizer.sanitized($0.prompt)) }.max() ?? 0)
      for question in summary.missed {
        let prompt = DisplayWidth.fit(TextSanitizer.sanitized(question.prompt), width: width)
        text += "  \(prompt)  \(style.bold(TextSanitizer.sanitized(question.answer)))\n"
      }
    }
    if let score = caretaker.groups.first(where: { $0.title == round.group.title })?.score {
      let accuracy = score.accuracy.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""
      text += "\(title) overall: \(score.correctCount) correct, \(score.incorrectCount) incorrect\(accuracy)\n"
    }
    terminal.write(text)
    terminal.flush()
  }

  /// The title as a shell word: quoted when it holds spaces or quotes.
  static func quoted(_ title: String) -> String {
    let safe = title.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    return safe ? title : "'" + title.replacing("'", with: "'\\''") + "'"
  }
}
