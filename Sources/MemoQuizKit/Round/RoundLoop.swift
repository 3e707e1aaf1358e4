import FoundationEssentials

/// A round played with a person, one input at a time: ``run()`` asks,
/// reads and hands each input to the method of its kind (an answer, `?`,
/// `:undo`, `:right`, `:synonym`, `:replay`, `:romaji`, `:help`, `:quit`, a
/// self-graded card's attempt and grade, the end of input).
///
/// Verdicts are held back until the answers they tell of are saved (see
/// ``RoundSession``).
struct RoundLoop {
  /// A step that put the round's newest answer right.
  struct Correction {
    /// The input that made it: `:right` or `:synonym`.
    var input: RoundInput
    var step: StepID
    var answer: StepID
  }

  /// Whether the round goes on after an input.
  enum Next {
    case goOn
    case end
  }

  private let caretaker: QuestionGroupCaretaker
  private let terminal: any Terminal
  /// What comes next in the day, said after the summary.
  private let outlook: any RoundOutlook
  private let sound: SoundPlayer?
  private let now: () -> Date
  private let progress: ProgressCaretaker
  private let memory: ProgressWithMemory
  private let words: RoundWords
  private var style: TextStyle { terminal.style }

  private var round: Round
  private var judging: RoundJudging
  /// Output held back until the graded answers are saved.
  private var held = ""
  private var askQuestion = true
  private var usedHint = false
  /// Whether the question is asked again after a retry, not a new one.
  private var retrying = false
  /// For a self-graded card, once its answer is shown: the attempt typed
  /// before it, which the next input grades.
  private var revealed: String?
  private var shownAt = MonotonicClock.milliseconds()
  /// When the answers not yet saved began to be graded.
  private var groupStartedAt: Int64
  /// The newest `:right` or `:synonym` and the answer it put right: an
  /// `:undo` while that answer is still the newest takes back only it.
  private var lastCorrection: Correction?
  /// The newest verdict when it was Incorrect: what `:synonym` accepts.
  private var lastWrong: (typed: String, card: Card)?
  /// Whether the input after the last question's Incorrect verdict, read
  /// for a `:synonym` or a `:right` before the round ends, was read.
  private var offeredBeforeEnd = false
  /// The newest card control given since the last answer: what `:undo`
  /// takes back first.
  private var lastControl: (step: StepID, control: CardControl, question: String, group: String, prompt: String)?
  /// Opens a file in the learner's editor (`:edit`).
  var editor: (@Sendable (_ path: String, _ line: Int?) throws -> Void)?
  /// The questions `:edit` changed in this round, by group and identity:
  /// the caretaker's groups are those read when the round began.
  private var editedQuestions: [String: Question] = [:]

  init(
    round: Round, caretaker: QuestionGroupCaretaker, terminal: any Terminal, outlook: any RoundOutlook,
    sound: SoundPlayer?, now: @escaping () -> Date
  ) throws {
    self.round = round
    self.caretaker = caretaker
    self.terminal = terminal
    self.outlook = outlook
    self.sound = sound
    self.now = now
    progress = caretaker.progress
    memory = try caretaker.loadMemory()
    judging = RoundJudging(caretaker: caretaker, memory: memory)
    words = RoundWords(style: terminal.style, wording: caretaker.wording)
    groupStartedAt = shownAt
  }

  /// Plays the round until it ends or the person stops.
  mutating func run() throws {
    while true {
      if round.isFinished, lastWrong == nil || offeredBeforeEnd {
        try release()
        // The summary and what comes next are worked out while the
        // checkpoint of the round's answers is encoded.
        try progress.saveCheckpointIfDue { [round, memory] in finish(round, memory: memory) }
        return
      }
      if SignalMonitor.receivedSignal != nil {
        try release()
        stop()
        return
      }
      if try step() == .end { return }
    }
  }

  /// Asks (when a question is due), reads one input and handles it.
  private mutating func step() throws -> Next {
    if askQuestion { ask() }
    let awaitingGrade = revealed != nil
    let beforeEnd = round.isFinished
    if beforeEnd {
      // One more input after the last question's Incorrect verdict: a
      // `:synonym`, a `:right` or an `:undo` of it; anything else ends.
      offeredBeforeEnd = true
      if terminal.isInteractive { held += style.dim(words.beforeEnd) + "\n" }
    }
    if terminal.isInteractive { held += style.cyan(awaitingGrade ? RoundInput.gradePrompt : "> ") }
    if !terminal.hasWaitingLine || round.unsaved.count >= RoundSession.batchLimit
      || MonotonicClock.milliseconds() - groupStartedAt >= RoundSession.batchWindow
    {
      // About to wait for the person: everything graded must be on disk
      // and its verdict shown first.
      try release()
    }
    let kana = judging.kanaTarget(for: round.currentCard)
    let input = awaitingGrade ? terminal.readKey() : terminal.readLine(kana: kana)
    if input == .tooLong { return .goOn }
    if beforeEnd {
      guard case .line(let text) = input,
        [RoundInput.synonym, RoundInput.right, RoundInput.undo].contains(where: {
          $0.matches(text.trimmingWhitespace)
        })
      else { return .goOn }
    }
    guard case .line(let typedLine) = input else { return try endOfInput() }
    // Romaji for a kana answer, piped or typed, is judged as kana.
    let line = KanaConverter.answer(typedLine, for: kana)
    let trimmed = line.trimmingWhitespace
    let selfGraded = round.currentCard?.grading == .self
    switch trimmed {
    case _ where selfGraded && revealed == nil && !Self.isCommand(trimmed): reveal(trimmed)
    case _ where awaitingGrade && !Self.isCommand(trimmed): grade(trimmed)
    case "": held += "Type an answer (\(RoundInput.hint.name) for a hint, \(RoundInput.help.name) for more).\n"
    case RoundInput.hint: hint()
    case RoundInput.undo: try undo()
    case RoundInput.right: try right()
    case RoundInput.synonym: try synonym(trimmed)
    case RoundInput.quit: return try quit()
    case RoundInput.suspend: try control(.suspend)
    case RoundInput.bury: try control(.bury)
    case RoundInput.flag: try control(.flag)
    case RoundInput.edit: try editQuestion()
    case RoundInput.replay: replay()
    case RoundInput.help: held += words.help(width: terminal.width)
    case RoundInput.romaji:
      judging.convertsKana.toggle()
      held += words.romaji(convertsKana: judging.convertsKana)
    case _ where trimmed.hasPrefix(":"):
      held += "Unknown input \(TextSanitizer.sanitized(trimmed)); type \(RoundInput.help.name) for the list.\n"
    default: try answer(line)
    }
    return .goOn
  }

  /// Whether an input is one of the round's own (`?`, `:undo`, ...), or
  /// refused as an unknown one, rather than an answer, an attempt or a grade.
  private static func isCommand(_ trimmed: String) -> Bool {
    RoundInput.named(trimmed) != nil || trimmed.hasPrefix(":")
  }

  /// Holds the current question back for the next release.
  private mutating func ask() {
    held += words.question(round)
    if let card = round.currentCard { sound?.prompt(card) }
    askQuestion = false
    // A retry asks the same question again: a hint shown stays shown.
    if !retrying { usedHint = false }
    retrying = false
    revealed = nil
    shownAt = MonotonicClock.milliseconds()
  }

  /// Saves the graded answers, then shows what was held back.
  ///
  /// Output waits in the terminal's buffer until the next read: on a
  /// terminal the line editor shows it once the keys are its own, so no
  /// key typed right after the question appears is echoed the old way.
  private mutating func release() throws {
    var saved: [AnswerStep] = []
    if !round.unsaved.isEmpty {
      // Answers whose verdicts nobody can see are not recorded.
      guard !terminal.outputIsClosed else { throw RoundError.outputClosed }
      saved = try progress.record(round.unsaved, asPractice: round.isPractice)
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
        if !saved.isEmpty {
          try progress.takeBack(
            unshown: saved, round: round.memento.id, kind: round.isPractice ? .practice : .answer,
            at: Timestamp(now()))
        }
        throw RoundError.outputClosed
      }
    }
  }

  // MARK: - Answers

  /// A typed answer: graded, or asked again when it is neither right nor
  /// wrong.
  private mutating func answer(_ line: String) throws {
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
      return
    }
    if case .retry(let reason)? = verdict.judgement {
      // Neither right nor wrong: nothing recorded but a confusion, the
      // same question asked again at once, its time counted from then.
      // Practice counts no confusion either.
      if case .confusion = reason, !round.isPractice {
        try release()
        let (title, key) = round.origin(of: verdict.card.identity)
        try progress.recordConfusion(
          line.trimmingWhitespace, card: key, in: title, prompt: verdict.card.prompt, round: round.memento.id,
          at: Timestamp(now()))
      }
      held += words.retry(reason, card: verdict.card, typed: line)
      askQuestion = true
      retrying = true
      lastWrong = nil
      return
    }
    lastWrong = verdict.isCorrect ? nil : (line, verdict.card)
    lastControl = nil
    offeredBeforeEnd = false
    held += words.verdict(verdict, typed: line, usedHint: usedHint, width: terminal.width)
    sound?.answer(verdict.card)
    // Practice changes no lapse: it makes no leech.
    if !round.isPractice, let lapses = judging.newLeech(verdict, in: round) {
      held += words.leech(verdict.card, lapses: lapses)
    }
    askQuestion = true
  }

  /// A self-graded card's attempt, or nothing: the answer is shown, never
  /// judged.
  private mutating func reveal(_ attempt: String) {
    revealed = attempt
    if let card = round.currentCard { held += words.reveal(card, attempt: attempt) }
  }

  /// A self-graded card's grade key, once its answer is shown.
  private mutating func grade(_ key: String) {
    let duration = Int(clamping: MonotonicClock.milliseconds() - shownAt)
    guard let rating = ReviewRating(selfGrade: key) else {
      held += RoundWords.gradeKeys + "\n"
      return
    }
    guard let verdict = round.rate(rating, attempt: revealed ?? "", at: Timestamp(now()), duration: duration)
    else { return }
    held += words.graded(verdict)
    sound?.answer(verdict.card)
    lastControl = nil
    askQuestion = true
  }

  // MARK: - Round inputs

  /// `?`: the hint, when the question has one.
  private mutating func hint() {
    if let hint = round.currentCard?.hint, !hint.isEmpty {
      // Only a hint shown makes a right answer Hard.
      usedHint = true
      held += style.yellow("Hint: \(TextSanitizer.sanitized(hint))") + "\n"
    } else {
      held += "There is no hint for this question.\n"
    }
  }

  /// `:replay`: the question's sound again.
  private mutating func replay() {
    if let card = round.currentCard, sound?.replay(card) != true {
      held += card.promptSounds.isEmpty && card.speak == nil ? "This question has no sound.\n" : "Sound is off.\n"
    }
  }

  /// The prompt of the round's question `identity`, for messages.
  private func prompt(of identity: String) -> String {
    round.card(identity).map { TextSanitizer.sanitized($0.prompt) } ?? "it"
  }

  /// `:undo`: takes back the newest `:synonym` or `:right` when it put the
  /// newest answer right, else the newest answer.
  private mutating func undo() throws {
    try release()
    if let control = lastControl {
      try undo(control)
      return
    }
    guard let last = round.lastAnswer else {
      held += "Nothing to undo in this round.\n"
      return
    }
    lastWrong = nil
    if let correction = lastCorrection, correction.answer == last.step, last.isCorrect {
      try takeBack(correction, of: last)
      return
    }
    let (title, question) = round.origin(of: last.question)
    var answer = last
    answer.question = question
    let tookBack = try progress.takeBack(
      answer, in: title, round: round.memento.id, kind: round.isPractice ? .practice : .answer, at: Timestamp(now()))
    judging.forget(last.question)
    readBack()
    let prompt = prompt(of: last.question)
    held +=
      tookBack
      ? "Took back your \(last.isCorrect ? "correct" : "incorrect") answer to \(prompt).\n"
      : "Your answer to \(prompt) was already taken back (by \(words.undo)); it is asked again.\n"
    askQuestion = true
  }

  /// Takes back a `:right` or `:synonym` of the newest answer: only it goes
  /// (with the answer a `:synonym` added), and the answer counts as
  /// Incorrect again; the round goes on.
  private mutating func takeBack(_ correction: Correction, of last: RoundMemento.Answer) throws {
    lastCorrection = nil
    let (title, question) = round.origin(of: last.question)
    let prompt = prompt(of: last.question)
    let name = correction.input.name
    let at = Timestamp(now())
    let tookBack =
      correction.input == .synonym
      ? try progress.takeBackSynonym(correction.step, card: question, in: title, round: round.memento.id, at: at)
      : try progress.takeBackRight(correction.step, question: question, in: title, round: round.memento.id, at: at)
    guard tookBack else {
      held += "Your \(name) on the answer to \(prompt) was already taken back (by \(words.undo)).\n"
      return
    }
    readBack()
    held +=
      "Took back your \(name): "
      + (correction.input == .synonym
        ? "\(prompt) no longer accepts it, and your answer counts as incorrect again.\n"
        : "your answer to \(prompt) counts as incorrect again.\n")
    askQuestion = true
  }

  /// Takes the round back from the history after a step changed its
  /// answers.
  private mutating func readBack() {
    if let memento = progress.round(round.memento.id) {
      round.readBack(memento)
    } else {
      // Dropped meanwhile (a reset of its group): nothing is left to ask.
      round.finish()
    }
  }

  /// `:right`: counts the newest answer, graded Incorrect, as correct.
  private mutating func right() throws {
    try release()
    guard let last = round.lastAnswer, !last.isCorrect else {
      held +=
        "Nothing to put right: \(round.lastAnswer == nil ? "no answer yet in this round" : "the last answer was graded Correct").\n"
      return
    }
    let (title, question) = round.origin(of: last.question)
    var answer = last
    answer.question = question
    judging.forget(last.question)
    guard let right = try progress.markRight(answer, in: title, at: Timestamp(now())) else {
      // Taken back meanwhile by an undo in another process.
      readBack()
      held += "Your answer to \(prompt(of: last.question)) was taken back (by \(words.undo)); it is asked again.\n"
      askQuestion = true
      return
    }
    readBack()
    lastCorrection = Correction(input: .right, step: right, answer: last.step)
    lastWrong = nil
    held += style.green("Counted as correct:") + " your answer to \(prompt(of: last.question)).\n"
    askQuestion = true
  }

  /// `:synonym [TEXT]`: accepts the newest answer, graded Incorrect, for
  /// its card from now on, and counts it as correct.
  private mutating func synonym(_ trimmed: String) throws {
    try release()
    guard let wrong = lastWrong, let last = round.lastAnswer, !last.isCorrect, last.question == wrong.card.identity
    else {
      held += "Nothing to accept: \(RoundInput.synonym.name) follows an answer graded Incorrect.\n"
      return
    }
    let text = RoundInput.synonym.argument(in: trimmed) ?? wrong.typed.trimmingWhitespace
    let prompt = TextSanitizer.sanitized(wrong.card.prompt)
    // A refusal leaves the verdict as it was: before the round ends,
    // another input is read for it.
    if !wrong.card.blocked.isEmpty, AnswerMatcher.isCorrect(text, accepting: wrong.card.blocked) {
      held += "\(TextSanitizer.sanitized(text)) is blocked for \(prompt).\n"
      offeredBeforeEnd = false
      return
    }
    if case .cloze = wrong.card.kind {
      held += "A cloze deletion accepts only its own words; \(RoundInput.right.name) counts your answer as correct.\n"
      offeredBeforeEnd = false
      return
    }
    let (title, question) = round.origin(of: last.question)
    judging.forget(last.question)
    lastWrong = nil
    guard
      let step = try progress.addSynonym(
        text, card: question, in: title, prompt: wrong.card.prompt, answer: last.step, at: now())
    else {
      // Taken back meanwhile by an undo in another process.
      readBack()
      held += "Your answer to \(prompt) was taken back (by \(words.undo)); it is asked again.\n"
      askQuestion = true
      return
    }
    readBack()
    lastCorrection = Correction(input: .synonym, step: step, answer: last.step)
    held +=
      style.green("Accepted from now on:")
      + " \(TextSanitizer.sanitized(text)) for \(prompt); your answer counts as correct.\n"
    askQuestion = true
  }

  // MARK: - Card controls

  /// `:suspend`, `:bury`, `:flag`: a step on the question being asked. A
  /// suspended or buried question leaves the round, which goes on; a
  /// flagged one is asked again.
  private mutating func control(_ control: CardControl) throws {
    try release()
    guard let card = round.currentCard else { return }
    let (title, key) = round.origin(of: card.identity)
    let question = String(Card.questionIdentity(of: key))
    let prompt = TextSanitizer.sanitized(card.prompt)
    askQuestion = true
    retrying = true
    guard
      let step = try progress.recordCardControl(
        control, question: question, in: title, prompt: card.prompt, round: round.memento.id, at: now())
    else {
      held += "\(prompt) is already \(control.pastTense).\n"
      return
    }
    lastControl = (step, control, question, title, prompt)
    lastWrong = nil
    switch control {
    case .suspend, .bury:
      readBack()
      held +=
        control == .suspend
        ? "Suspended \(prompt): never asked again until \(words.unsuspend(group: title, question: question)).\n"
        : "Buried \(prompt) until the next learner day.\n"
    case .flag, .unflag, .unsuspend:
      held += "Flagged \(prompt); \(words.wording.text(.listFlagged)) lists it.\n"
    }
  }

  /// `:undo` right after a card control: takes the control back, and a
  /// question that left the round comes back to it.
  private mutating func undo(
    _ control: (step: StepID, control: CardControl, question: String, group: String, prompt: String)
  ) throws {
    lastControl = nil
    askQuestion = true
    guard
      try progress.takeBack(
        cardControl: control.step, control: control.control, question: control.question, in: control.group,
        round: round.memento.id, at: Timestamp(now()))
    else {
      held += "Your :\(control.control.rawValue) of \(control.prompt) was already taken back (by \(words.undo)).\n"
      return
    }
    readBack()
    held += "Took back your :\(control.control.rawValue) of \(control.prompt).\n"
  }

  // MARK: - :edit

  /// `:edit`: the question being asked, alone, in the learner's editor. A
  /// valid edit is one `edit` step that keeps the question's identity and
  /// memory, and the edited question is asked; an invalid one is offered
  /// again on a terminal, else dropped.
  private mutating func editQuestion() throws {
    try release()
    askQuestion = true
    retrying = true
    guard let card = round.currentCard else { return }
    let prompt = TextSanitizer.sanitized(card.prompt)
    guard let editor else {
      held += "There is no editor to open here; \(words.wording.text(.editQuestions)) changes the questions.\n"
      return
    }
    let (title, key) = round.origin(of: card.identity)
    let identity = String(Card.questionIdentity(of: key))
    guard var group = caretaker.groups.first(where: { $0.title == title }),
      let index = group.questions.firstIndex(where: { $0.identity == identity })
    else {
      held += "\(prompt) is no longer in the questions file.\n"
      return
    }
    let original = editedQuestions[RoundMemento.key(group: title, question: identity)] ?? group.questions[index]
    let text = QuestionEditText.text(of: original)
    let draft = try QuestionGroupCaretaker.writeDraft(text, in: caretaker.folder, now: now())
    defer { try? QuestionGroupCaretaker.removeDraft(draft) }
    var line: Int?
    while true {
      do {
        try editor(draft, line)
      } catch {
        // An editor that cannot start or fails ends the edit, not the round.
        held += "\(TextSanitizer.sanitized(String(describing: error))); nothing was changed.\n"
        return
      }
      guard let bytes = try QuestionGroupCaretaker.readFile(draft) else {
        held += "The edited copy is gone; nothing was changed.\n"
        return
      }
      if bytes == text {
        held += "No changes to \(prompt).\n"
        return
      }
      let problems: QuestionEditText.Problems
      switch QuestionEditText.question(from: bytes, original: original, title: title, path: draft) {
      case .success(let question):
        do {
          guard let installed = try progress.replaceQuestion(identity, in: title, with: question, at: now()) else {
            held += "\(prompt) is no longer in the questions file; nothing was changed.\n"
            return
          }
          editedQuestions[RoundMemento.key(group: title, question: identity)] = installed
          group.questions[index] = installed
          round.replaceCards(group.cards.filter { $0.questionIdentity == identity }, group: title)
          held += "Saved your edit of \(prompt); its memory stays. \(words.undo) takes it back.\n"
          return
        } catch QuestionEditError.invalid(let messages) {
          problems = QuestionEditText.Problems(lines: messages.map { "\(draft): error: \($0)" }, line: nil)
        }
      case .failure(let found):
        problems = found
      }
      terminal.write(problems.lines.map { TextSanitizer.sanitized($0) }.joined(separator: "\n") + "\n")
      guard terminal.isInteractive,
        terminal.confirm("The edited question is not valid. Edit again?", defaultAnswer: true) == true
      else {
        held += "Your edit of \(prompt) was dropped; nothing was changed.\n"
        return
      }
      line = problems.line
    }
  }

  // MARK: - The end

  /// `:quit`: what was graded is saved, and the round stays open.
  private mutating func quit() throws -> Next {
    try release()
    stop()
    return .end
  }

  /// The end of input (or an interrupted read), as `:quit`.
  private mutating func endOfInput() throws -> Next {
    try release()
    if terminal.isInteractive { terminal.write("\n") }
    stop()
    return .end
  }

  private func stop() {
    terminal.write(words.stopped(round))
    terminal.flush()
  }

  /// The summary, then what comes next in the day.
  private func finish(_ round: Round, memory: ProgressWithMemory) {
    // Practice changes no score: the group's is not its to tell.
    let overall = round.memento.isAcrossGroups || round.isPractice ? nil : caretaker.score(of: round.group)
    var text = words.summary(round, overall: overall)
    text += outlook.whatsNext(at: now(), memory: memory) + "\n"
    terminal.write(text)
    terminal.flush()
  }
}
