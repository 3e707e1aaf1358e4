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
    /// The most questions never answered that a review round takes (`--new`);
    /// `nil` takes what is left of today's `new-per-day`, at most
    /// ``ReviewQuestionStrategy/defaultNewLimit`` in a group's round.
    public var newLimit: Int?
    /// Whether to ask on a terminal before resuming a round with answers;
    /// the menu asked already.
    public var asksToResume = true

    public init(
      strategy: (any QuestionStrategy)? = nil, seed: UInt64? = nil, restart: Bool = false, newLimit: Int? = nil
    ) {
      self.strategy = strategy
      self.seed = seed
      self.restart = restart
      self.newLimit = newLimit
    }
  }

  /// How long answers waiting in a pipe are graded before they are saved
  /// together, in milliseconds: a long pipe shows its verdicts as it goes,
  /// a group at a time, each held back no longer than this and its save.
  static let batchWindow: Int64 = 20
  /// The most answers saved by one group commit, however fast they are
  /// graded: bounds the output held back.
  static let batchLimit = 8192

  private let caretaker: QuestionGroupCaretaker
  private let terminal: any Terminal
  /// Plays the questions' sounds, when the round has sound (a terminal,
  /// `config audio on`); `nil` plays nothing.
  public var sound: SoundPlayer?
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
    let lock = try Self.lockRound(of: group.title, in: caretaker.folder)
    try withExtendedLifetime(lock) {
      try caretaker.loadMemory().refresh()
      guard var round = try policy.start(group: group, options: options) else { return }
      try loop(&round)
    }
    try caretaker.progress.saveCheckpointIfDue()
  }

  /// Plays today's review of the groups `groupIndices` (all when empty),
  /// or resumes the review round left open, until it ends or the person
  /// stops. One review round is played at a time, and its groups cannot be
  /// played elsewhere meanwhile.
  /// - Throws: ``PersistenceError/roundInUse(group:)`` when another process
  ///   plays the review or one of its groups.
  public mutating func review(groupIndices: [Int], options: Options) throws {
    try caretaker.folder.createLocal()
    // The review round's own lock first, then its groups'.
    var locks = [try Self.lockRound(of: "", in: caretaker.folder, name: "today's review")]
    try caretaker.loadMemory().refresh()
    let indices = groupIndices.isEmpty ? caretaker.dayGroupIndices : groupIndices
    var titles = Set(try policy.groupsOfSavedReview())
    titles.formUnion(indices.map { caretaker.groups[$0].title })
    for title in titles.sorted() {
      locks.append(try Self.lockRound(of: title, in: caretaker.folder))
    }
    try withExtendedLifetime(locks) {
      try caretaker.loadMemory().refresh()
      guard var round = try policy.startReview(groups: indices, options: options) else { return }
      try loop(&round)
    }
    try caretaker.progress.saveCheckpointIfDue()
  }

  /// Takes a round's lock, which goes when the process is done with it.
  private static func lockRound(of title: String, in folder: DataFolder, name: String? = nil) throws -> FileLock {
    guard let lock = try FileLock.attempt(folder.roundLockFile(for: title), removingFile: true) else {
      throw PersistenceError.roundInUse(group: name ?? TextSanitizer.sanitized(title))
    }
    return lock
  }

  private var policy: RoundPolicy { RoundPolicy(caretaker: caretaker, terminal: terminal, now: now) }
  private var words: RoundWords { RoundWords(style: style) }

  // MARK: - The loop

  private mutating func loop(_ round: inout Round) throws {
    var held = ""  // output held back until the graded answers are saved
    var askQuestion = true
    var usedHint = false
    // Whether the question is asked again after a retry, not a new one.
    var retrying = false
    // For a self-graded card, once its answer is shown: the attempt typed
    // before it, which the next input grades.
    var revealed: String?
    var shownAt = MonotonicClock.milliseconds()
    // When the answers not yet saved began to be graded.
    var groupStartedAt = shownAt
    let progress = caretaker.progress
    let words = self.words
    let memory = try caretaker.loadMemory()
    var judging = RoundJudging(caretaker: caretaker, memory: memory)
    // The newest `:right` and the answer it put right: an `:undo` while
    // that answer is still the newest takes back only the `:right`.
    var lastRight: (step: StepID, answer: StepID)?
    // The newest verdict when it was Incorrect: what `:synonym` accepts.
    var lastWrong: (typed: String, card: Card)?
    // The newest `:synonym` and the answer it put right, as for `:right`.
    var lastSynonym: (step: StepID, answer: StepID)?
    // Whether the input after the last question's Incorrect verdict, read
    // for a `:synonym` or a `:right` before the round ends, was read.
    var offeredBeforeEnd = false

    // Output waits in the terminal's buffer until the next read: on a
    // terminal the line editor shows it once the keys are its own, so no
    // key typed right after the question appears is echoed the old way.
    func release(_ round: inout Round) throws {
      var saved: [AnswerStep] = []
      if !round.unsaved.isEmpty {
        // Answers whose verdicts nobody can see are not recorded.
        guard !terminal.outputIsClosed else { throw RoundError.outputClosed }
        saved = try progress.record(round.unsaved)
        round.saved(saved)
      }
      terminal.write(held)
      held = ""
      groupStartedAt = MonotonicClock.milliseconds()
      // A pipe's verdicts are sent at once, so that a reader gone away is
      // known before the next answers are recorded; the answers saved just
      // before, whose verdicts it never got, are taken back. (A terminal's
      // wait for the next read: see above.)
      if !terminal.isInteractive {
        terminal.flush()
        if terminal.outputIsClosed {
          if !saved.isEmpty { try progress.takeBack(unshown: saved, round: round.memento.id, at: Timestamp(now())) }
          throw RoundError.outputClosed
        }
      }
    }

    while true {
      if round.isFinished, lastWrong == nil || offeredBeforeEnd {
        try release(&round)
        // The summary and what comes next are worked out while the
        // checkpoint of the round's answers is encoded.
        try progress.saveCheckpointIfDue { finish(round, memory: memory) }
        return
      }
      if SignalMonitor.receivedSignal != nil {
        try release(&round)
        stop(round)
        return
      }
      if askQuestion {
        held += words.question(round)
        if let card = round.currentCard { sound?.prompt(card) }
        askQuestion = false
        // A retry asks the same question again: a hint shown stays shown.
        if !retrying { usedHint = false }
        retrying = false
        revealed = nil
        shownAt = MonotonicClock.milliseconds()
      }
      let awaitingGrade = revealed != nil
      let beforeEnd = round.isFinished
      if beforeEnd {
        // One more input after the last question's Incorrect verdict: a
        // `:synonym`, a `:right` or an `:undo` of it; anything else ends.
        offeredBeforeEnd = true
        if terminal.isInteractive { held += style.dim(words.beforeEnd) + "\n" }
      }
      if terminal.isInteractive { held += style.cyan(awaitingGrade ? RoundInput.gradePrompt : "> ") }
      if !terminal.hasWaitingLine || round.unsaved.count >= Self.batchLimit
        || MonotonicClock.milliseconds() - groupStartedAt >= Self.batchWindow
      {
        // About to wait for the person: everything graded must be on disk
        // and its verdict shown first.
        try release(&round)
      }
      let kana = judging.kanaTarget(for: round.currentCard)
      let input = awaitingGrade ? terminal.readKey() : terminal.readLine(kana: kana)
      if input == .tooLong { continue }
      if beforeEnd {
        guard case .line(let text) = input,
          [RoundInput.synonym, RoundInput.right, RoundInput.undo].contains(where: {
            $0.matches(text.trimmingWhitespace)
          })
        else { continue }
      }
      guard case .line(let typedLine) = input else {
        try release(&round)
        if terminal.isInteractive { terminal.write("\n") }
        stop(round)
        return
      }
      // Romaji for a kana answer, piped or typed, is judged as kana.
      let line = KanaConverter.answer(typedLine, for: kana)
      let trimmed = line.trimmingWhitespace
      let selfGraded = round.currentCard?.grading == .self
      switch trimmed {
      case _ where selfGraded && revealed == nil && !Self.isCommand(trimmed):
        // The attempt, or nothing: the answer is shown, never judged.
        revealed = trimmed
        if let card = round.currentCard { held += words.reveal(card, attempt: trimmed) }
      case _ where awaitingGrade && !Self.isCommand(trimmed):
        let duration = Int(clamping: MonotonicClock.milliseconds() - shownAt)
        guard let rating = ReviewRating(selfGrade: trimmed) else {
          held += RoundWords.gradeKeys + "\n"
          continue
        }
        guard
          let verdict = round.rate(rating, attempt: revealed ?? "", at: Timestamp(now()), duration: duration)
        else { continue }
        held += words.graded(verdict)
        sound?.answer(verdict.card)
        askQuestion = true
      case "":
        held += "Type an answer (\(RoundInput.hint.name) for a hint, \(RoundInput.help.name) for more).\n"
      case RoundInput.hint:
        if let hint = round.currentCard?.hint, !hint.isEmpty {
          // Only a hint shown makes a right answer Hard.
          usedHint = true
          held += style.yellow("Hint: \(TextSanitizer.sanitized(hint))") + "\n"
        } else {
          held += "There is no hint for this question.\n"
        }
      case RoundInput.undo:
        try release(&round)
        guard let last = round.lastAnswer else {
          held += "Nothing to undo in this round.\n"
          continue
        }
        let (title, question) = round.origin(of: last.question)
        lastWrong = nil
        if let synonym = lastSynonym, synonym.answer == last.step, last.isCorrect {
          // Right after `:synonym`: the answer it added goes, and the
          // answer counts as Incorrect again, as for `:right`.
          lastSynonym = nil
          let prompt = round.card(last.question).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
          guard
            try progress.takeBackSynonym(
              synonym.step, card: question, in: title, round: round.memento.id, at: Timestamp(now()))
          else {
            held += "Your :synonym on the answer to \(prompt) was already taken back (by `memoquiz undo`).\n"
            continue
          }
          round.regradeLastAnswer(isCorrect: false)
          held +=
            "Took back your :synonym: \(prompt) no longer accepts it, and your answer counts as incorrect again.\n"
          askQuestion = true
          continue
        }
        if let right = lastRight, right.answer == last.step, last.isCorrect {
          // Right after `:right`: only the `:right` goes; the answer stays,
          // graded Incorrect, and the round goes on.
          lastRight = nil
          let prompt = round.card(last.question).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
          guard
            try progress.takeBackRight(
              right.step, question: question, in: title, round: round.memento.id, at: Timestamp(now()))
          else {
            held += "Your :right on the answer to \(prompt) was already taken back (by `memoquiz undo`).\n"
            continue
          }
          round.regradeLastAnswer(isCorrect: false)
          held += "Took back your :right: your answer to \(prompt) counts as incorrect again.\n"
          askQuestion = true
          continue
        }
        var answer = last
        answer.question = question
        let tookBack = try progress.takeBack(answer, in: title, round: round.memento.id, at: Timestamp(now()))
        judging.forget(last.question)
        round.takeBackLastAnswer()
        let prompt = round.card(last.question).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
        held +=
          tookBack
          ? "Took back your \(last.isCorrect ? "correct" : "incorrect") answer to \(prompt).\n"
          : "Your answer to \(prompt) was already taken back (by `memoquiz undo`); it is asked again.\n"
        askQuestion = true
      case RoundInput.right:
        try release(&round)
        guard let last = round.lastAnswer, !last.isCorrect else {
          held +=
            "Nothing to put right: \(round.lastAnswer == nil ? "no answer yet in this round" : "the last answer was graded Correct").\n"
          continue
        }
        let (title, question) = round.origin(of: last.question)
        var answer = last
        answer.question = question
        judging.forget(last.question)
        guard let right = try progress.markRight(answer, in: title, at: Timestamp(now())) else {
          // Taken back meanwhile by `memoquiz undo` in another process.
          round.takeBackLastAnswer()
          let prompt = round.card(last.question).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
          held += "Your answer to \(prompt) was taken back (by `memoquiz undo`); it is asked again.\n"
          askQuestion = true
          continue
        }
        round.regradeLastAnswer()
        lastRight = (right, last.step)
        lastSynonym = nil
        lastWrong = nil
        let prompt = round.card(last.question).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
        held += style.green("Counted as correct:") + " your answer to \(prompt).\n"
        askQuestion = true
      case RoundInput.synonym:
        try release(&round)
        guard let wrong = lastWrong, let last = round.lastAnswer, !last.isCorrect, last.question == wrong.card.identity
        else {
          held += "Nothing to accept: \(RoundInput.synonym.name) follows an answer graded Incorrect.\n"
          continue
        }
        let text = RoundInput.synonym.argument(in: trimmed) ?? wrong.typed.trimmingWhitespace
        let prompt = TextSanitizer.sanitized(wrong.card.prompt)
        // A refusal leaves the verdict as it was: before the round ends,
        // another input is read for it.
        if !wrong.card.blocked.isEmpty, AnswerMatcher.isCorrect(text, accepting: wrong.card.blocked) {
          held += "\(TextSanitizer.sanitized(text)) is blocked for \(prompt).\n"
          offeredBeforeEnd = false
          continue
        }
        if case .cloze = wrong.card.kind {
          held +=
            "A cloze deletion accepts only its own words; \(RoundInput.right.name) counts your answer as correct.\n"
          offeredBeforeEnd = false
          continue
        }
        let (title, question) = round.origin(of: last.question)
        judging.forget(last.question)
        lastWrong = nil
        guard
          let step = try progress.addSynonym(
            text, card: question, in: title, prompt: wrong.card.prompt, answer: last.step, at: now())
        else {
          // Taken back meanwhile by `memoquiz undo` in another process.
          round.takeBackLastAnswer()
          held += "Your answer to \(prompt) was taken back (by `memoquiz undo`); it is asked again.\n"
          askQuestion = true
          continue
        }
        round.regradeLastAnswer()
        lastSynonym = (step, last.step)
        lastRight = nil
        held +=
          style.green("Accepted from now on:")
          + " \(TextSanitizer.sanitized(text)) for \(prompt); your answer counts as correct.\n"
        askQuestion = true
      case RoundInput.quit:
        try release(&round)
        stop(round)
        return
      case RoundInput.replay:
        if let card = round.currentCard, sound?.replay(card) != true {
          held += card.promptSounds.isEmpty && card.speak == nil ? "This question has no sound.\n" : "Sound is off.\n"
        }
      case RoundInput.help:
        held += RoundWords.help(width: terminal.width)
      case RoundInput.romaji:
        judging.convertsKana.toggle()
        held += words.romaji(convertsKana: judging.convertsKana)
      default:
        if trimmed.hasPrefix(":") {
          held += "Unknown input \(TextSanitizer.sanitized(trimmed)); type \(RoundInput.help.name) for the list.\n"
          continue
        }
        let duration = Int(clamping: MonotonicClock.milliseconds() - shownAt)
        let title = round.currentCard.map(round.groupTitle(of:)) ?? ""
        // A group's round asks all its cards; a review across groups asks
        // some of each, so the group's own are looked up.
        let roundCards: [Card]? = round.memento.isAcrossGroups ? nil : round.cards
        guard
          let verdict = round.grade(
            line, usedHint: usedHint, at: Timestamp(now()), duration: duration,
            group: { judging.group(titled: title, cards: roundCards) },
            typos: judging.settings.typos, confusions: judging.settings.confusions)
        else {
          continue
        }
        if case .retry(let reason)? = verdict.judgement {
          // Neither right nor wrong: nothing recorded but a confusion, the
          // same question asked again at once, its time counted from then.
          if case .confusion = reason {
            try release(&round)
            let (title, key) = round.origin(of: verdict.card.identity)
            try progress.recordConfusion(
              line.trimmingWhitespace, card: key, in: title, prompt: verdict.card.prompt, round: round.memento.id,
              at: Timestamp(now()))
          }
          held += words.retry(reason, card: verdict.card, typed: line)
          askQuestion = true
          retrying = true
          lastWrong = nil
          continue
        }
        lastWrong = verdict.isCorrect ? nil : (line, verdict.card)
        offeredBeforeEnd = false
        held += words.verdict(verdict, typed: line, usedHint: usedHint, width: terminal.width)
        sound?.answer(verdict.card)
        if let lapses = judging.newLeech(verdict, in: round) {
          held += words.leech(verdict.card, lapses: lapses)
        }
        askQuestion = true
      }
    }
  }

  /// Whether an input is one of the round's own (`?`, `:undo`, ...), or
  /// refused as an unknown one, rather than an answer, an attempt or a grade.
  private static func isCommand(_ trimmed: String) -> Bool {
    RoundInput.named(trimmed) != nil || trimmed.hasPrefix(":")
  }

  // MARK: - The end

  private func stop(_ round: Round) {
    terminal.write(words.stopped(round))
    terminal.flush()
  }

  /// The summary, then what comes next in the day.
  private func finish(_ round: Round, memory: ProgressWithMemory) {
    let overall = round.memento.isAcrossGroups ? nil : caretaker.score(of: round.group)
    var text = words.summary(round, overall: overall)
    text += caretaker.dayPlan(at: now(), memory: memory).whatsNext() + "\n"
    terminal.write(text)
    terminal.flush()
  }
}
