/// A round being played: its cards still to ask, and grading.
///
/// A round asks its group's cards (``QuestionGroup/cards``) and knows them
/// only by their prompt, answers, hint and identity; once a card is
/// answered, its siblings leave the round (see ``RoundMemento``).
///
/// `Round` is pure state around a ``RoundMemento``; it knows nothing of
/// terminals or files. Answers it grades wait in ``unsaved`` until the
/// caretaker has written them; then they join the memento's answers, which
/// are the round's one record of what was answered.
public struct Round: Sendable {
  /// The result of grading one answer.
  public struct Verdict: Sendable {
    public let card: Card
    public let isCorrect: Bool
    /// What the typed answer meant, when one was typed and judged.
    public var judgement: AnswerJudgement? = nil
    /// The learner's own grade, for a self-graded card.
    public var rating: ReviewRating? = nil
  }

  public let group: QuestionGroup
  /// What the round asks from: the group's cards.
  public private(set) var cards: [Card]
  /// The burial of siblings, when any card has one (only reverse and
  /// cloze cards do).
  private var siblings: RoundSiblings?
  public private(set) var memento: RoundMemento
  /// Graded answers not yet on disk, oldest first.
  private(set) var unsaved: [AnswerStep] = []
  /// The cards still to ask, as indices into ``cards``;
  /// those before `head` were asked.
  private var queue: [Int] = []
  private var head = 0
  /// Each identity's first index in ``cards``, built only when
  /// identities must be looked up (resuming, taking back).
  private var indexByIdentity: [String: Int]?
  /// How many questions the round asks: its planned cards, each question's
  /// siblings counted once, as only one of them is asked.
  public private(set) var count = 0

  /// Plays a round from its memento: a new one, or one being resumed.
  /// - Parameters:
  ///   - plan: the plan as indices into the group's cards, when the round
  ///     was just planned; a resumed round looks them up.
  ///   - cards: the group's cards, when the caller has them already.
  public init(group: QuestionGroup, memento: RoundMemento, plan: [Int]? = nil, cards: [Card]? = nil) {
    self.group = group
    let cards = cards ?? group.cards
    self.cards = cards
    siblings = RoundSiblings(cards: cards)
    self.memento = memento
    if let plan, memento.answers.isEmpty, memento.skipped == 0 {
      queue = plan
      count = siblings?.questionCount(plan) ?? plan.count
      siblings?.reset(queue: plan[...], answered: [])
    } else {
      rebuildQueue()
    }
  }

  /// The index of each identity, built on first use.
  private mutating func lookUp() -> [String: Int] {
    if let indexByIdentity { return indexByIdentity }
    let index = Dictionary(zip(cards.lazy.map(\.identity), cards.indices), uniquingKeysWith: { first, _ in first })
    indexByIdentity = index
    return index
  }

  /// Puts the queue back in line with the memento's answers.
  private mutating func rebuildQueue() {
    let index = lookUp()
    if let siblings {
      count = siblings.questionCount(memento.plan.lazy.compactMap { index[$0] })
    } else {
      count = memento.plan.count { index[$0] != nil }
    }
    // The memento's queue has no buried card: it buries them as it goes.
    queue = memento.remaining.compactMap { index[$0] }
    head = 0
    siblings?.reset(queue: queue[...], answered: memento.answers.compactMap { index[$0.question] })
  }

  /// How many planned questions are done: answered, or answered correctly
  /// in a round that repeats missed questions.
  public var doneCount: Int {
    guard let siblings else { return max(0, count - (queue.count - head)) }
    return max(0, count - siblings.pendingQuestions)
  }
  public var isFinished: Bool { head >= queue.count }
  /// How many questions are still to ask, missed ones asked again included.
  public var leftCount: Int { queue.count - head }

  /// The card being asked, or `nil` when the round is over.
  public var currentCard: Card? {
    head < queue.count ? cards[queue[head]] : nil
  }

  /// Grades an answer to the current card and moves to the next one; the
  /// card's siblings leave the round. An answer judged a retry (see
  /// ``AnswerJudgement/retry(_:)``) is not graded: nothing is kept, and the
  /// same card stays current.
  /// - Parameters:
  ///   - usedHint: whether the hint was shown; a right answer is then rated Hard.
  ///   - duration: milliseconds since the question was shown.
  ///   - group: the cards of the card's group, whose answers a wrong
  ///     answer may be (see ``AnswerJudgement``); asked for only then.
  ///   - typos: whether near answers are forgiven where the card says nothing.
  ///   - confusions: whether another card's answer is asked again.
  public mutating func grade(
    _ input: String, usedHint: Bool, at time: Timestamp, duration: Int, group: () -> AnswerIndex = { AnswerIndex([]) },
    typos: TypoPolicy = .strict, confusions: ConfusionPolicy = .wrong
  ) -> Verdict? {
    guard let card = currentCard else { return nil }
    let judgement = AnswerJudgement(
      input, card: card, group: group, typos: card.typos ?? typos, confusions: confusions)
    let correct = judgement.isCorrect
    if !judgement.isRetry {
      record(input, rating: ReviewRating(correct: correct, usedHint: usedHint), at: time, duration: duration)
    }
    return Verdict(card: card, isCorrect: correct, judgement: judgement)
  }

  /// Takes the learner's own grade of the current card, a self-graded one,
  /// and moves to the next one, as ``grade(_:usedHint:at:duration:)`` does.
  /// - Parameters:
  ///   - attempt: what the learner typed before the answer was shown, kept
  ///     in the history as it is, never judged.
  ///   - duration: milliseconds since the question was shown.
  public mutating func rate(_ rating: ReviewRating, attempt: String, at time: Timestamp, duration: Int) -> Verdict? {
    guard let card = currentCard else { return nil }
    record(attempt, rating: rating, at: time, duration: duration)
    return Verdict(card: card, isCorrect: rating.isCorrect, rating: rating)
  }

  /// Keeps the answer to the current card until it is saved, and moves on:
  /// its siblings leave the round, and a missed card comes back later in a
  /// round that repeats missed ones.
  private mutating func record(_ typed: String, rating: ReviewRating, at time: Timestamp, duration: Int) {
    guard let card = currentCard else { return }
    let (title, key) = origin(of: card.identity)
    unsaved.append(
      AnswerStep(
        id: memento.id, time: time, group: title, round: memento.id, question: key, prompt: card.prompt,
        typed: typed, rating: rating, duration: duration))
    let index = queue[head]
    siblings?.answer(index)
    head += 1
    if !rating.isCorrect && memento.repeatsMissed {
      queue.insert(index, at: repeatPlace())
      siblings?.requeue(index)
    }
    passBuried()
  }

  /// Where a missed card goes back: at the end of the round, after every
  /// card planned. A learner who stops part way spends the answers on cards
  /// not yet asked, where an answer helps most; `Benchmarks/learning.py`
  /// keeps far more a month later this way than with the miss asked again
  /// after three other cards, on both of its simulated learners.
  private func repeatPlace() -> Int { queue.count }

  /// Moves past the buried cards at the head of the queue.
  private mutating func passBuried() {
    while head < queue.count, let siblings, siblings.isBuried(queue[head]) {
      self.siblings?.pass(queue[head])
      head += 1
    }
  }

  /// Records that the unsaved answers are on disk, with their step numbers.
  mutating func saved(_ answers: [AnswerStep]) {
    unsaved.removeAll()
    let acrossGroups = memento.isAcrossGroups
    memento.answers += answers.map {
      RoundMemento.Answer(
        step: $0.id, question: acrossGroups ? RoundMemento.key(group: $0.group, question: $0.question) : $0.question,
        isCorrect: $0.isCorrect)
    }
  }

  /// The group and identity a question of the round has in the history: a
  /// round across groups names its questions by ``RoundMemento/key(group:question:)``.
  public func origin(of identity: String) -> (group: String, question: String) {
    memento.isAcrossGroups ? RoundMemento.split(identity) : (group.title, identity)
  }

  /// The title of the group a card of the round belongs to.
  public func groupTitle(of card: Card) -> String { origin(of: card.identity).group }

  /// Whether the round's answers are practice (`memoquiz cram`), which
  /// change no memory.
  public var isPractice: Bool { memento.strategy == CramQuestionStrategy.strategyName }

  /// The newest saved answer of the round.
  public var lastAnswer: RoundMemento.Answer? { memento.answers.last }

  /// Takes the round as the history has it after a step that changed its
  /// answers (`:undo`, `:right`, `:synonym`, a card control, or another
  /// process's undo):
  /// the history is the round's one record, read back, never patched.
  mutating func readBack(_ memento: RoundMemento) {
    self.memento = memento
    rebuildQueue()
  }

  /// Puts the cards of an edited question (`:edit`) in place of the old
  /// ones with the same identities, in group `title`.
  mutating func replaceCards(_ edited: [Card], group title: String) {
    for card in edited {
      let named = memento.isAcrossGroups ? card.inRoundAcrossGroups(group: title) : card
      for index in cards.indices where cards[index].identity == named.identity {
        cards[index] = named
      }
    }
  }

  /// Ends the round: the history finished it (its last question left it).
  mutating func finish() {
    head = queue.count
  }

  /// The card with an identity, if the group still has it.
  public func card(_ identity: String) -> Card? {
    cards.first { $0.identity == identity }
  }

  /// The round's results so far.
  public var summary: RoundSummary {
    let correct = memento.answers.count { $0.isCorrect }
    var seen = Set<String>()
    let index =
      indexByIdentity
      ?? Dictionary(zip(cards.lazy.map(\.identity), cards.indices), uniquingKeysWith: { first, _ in first })
    let missed = memento.answers.filter { !$0.isCorrect && seen.insert($0.question).inserted }.compactMap {
      index[$0.question].map { cards[$0] }
    }
    return RoundSummary(
      correctCount: correct, incorrectCount: memento.answers.count - correct, missed: missed)
  }
}

/// What a round's answers came to.
public struct RoundSummary: Sendable {
  public let correctCount: Int
  public let incorrectCount: Int
  /// The cards answered wrongly, in the order they were asked.
  public let missed: [Card]

  /// The share of correct answers, from 0 to 100, rounded.
  public var percentage: Int {
    let total = correctCount + incorrectCount
    return total == 0 ? 0 : Int((Double(correctCount) * 100 / Double(total)).rounded())
  }
}
