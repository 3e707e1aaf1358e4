/// A round being played: its questions still to ask, and grading.
///
/// `Round` is pure state around a ``RoundMemento``; it knows nothing of
/// terminals or files. Answers it grades wait in ``unsaved`` until the
/// caretaker has written them; then they join the memento's answers, which
/// are the round's one record of what was answered.
public struct Round: Sendable {
  /// The result of grading one answer.
  public struct Verdict: Sendable {
    public let question: Question
    public let isCorrect: Bool
  }

  public let group: QuestionGroup
  public private(set) var memento: RoundMemento
  /// Graded answers not yet on disk, oldest first.
  private(set) var unsaved: [AnswerStep] = []
  /// The questions still to ask, as indices into the group's questions;
  /// those before `head` were asked.
  private var queue: [Int] = []
  private var head = 0
  /// Each identity's first index in the group's questions, built only when
  /// identities must be looked up (resuming, taking back).
  private var indexByIdentity: [String: Int]?
  /// How many questions the round plans.
  public private(set) var count = 0

  /// Plays a round from its memento: a new one, or one being resumed.
  /// - Parameter plan: the plan as indices into the group's questions, when
  ///   the round was just planned; a resumed round looks them up.
  public init(group: QuestionGroup, memento: RoundMemento, plan: [Int]? = nil) {
    self.group = group
    self.memento = memento
    if let plan, memento.answers.isEmpty, memento.skipped == 0 {
      queue = plan
      count = plan.count
    } else {
      rebuildQueue()
    }
  }

  /// The index of each identity, built on first use.
  private mutating func lookUp() -> [String: Int] {
    if let indexByIdentity { return indexByIdentity }
    let index = Dictionary(
      zip(group.questions.lazy.map(\.identity), group.questions.indices), uniquingKeysWith: { first, _ in first })
    indexByIdentity = index
    return index
  }

  /// Puts the queue back in line with the memento's answers.
  private mutating func rebuildQueue() {
    let index = lookUp()
    count = memento.plan.count { index[$0] != nil }
    queue = memento.remaining.compactMap { index[$0] }
    head = 0
  }

  /// How many planned questions are done: answered, or answered correctly
  /// in a round that repeats missed questions.
  public var doneCount: Int { max(0, count - (queue.count - head)) }
  public var isFinished: Bool { head >= queue.count }
  /// How many questions are still to ask, missed ones asked again included.
  public var leftCount: Int { queue.count - head }

  /// The question being asked, or `nil` when the round is over.
  public var currentQuestion: Question? {
    head < queue.count ? group.questions[queue[head]] : nil
  }

  /// Grades an answer to the current question and moves to the next one.
  /// - Parameters:
  ///   - usedHint: whether the hint was shown; a right answer is then rated Hard.
  ///   - duration: milliseconds since the question was shown.
  public mutating func grade(_ input: String, usedHint: Bool, at time: Timestamp, duration: Int) -> Verdict? {
    guard let question = currentQuestion else { return nil }
    let correct = AnswerMatcher.isCorrect(input, for: question)
    let (title, key) = origin(of: question.identity)
    unsaved.append(
      AnswerStep(
        id: memento.id, time: time, group: title, round: memento.id, question: key, prompt: question.prompt,
        typed: input, rating: ReviewRating(correct: correct, usedHint: usedHint), duration: duration))
    head += 1
    if !correct && memento.repeatsMissed {
      queue.insert(queue[head - 1], at: min(head + RoundMemento.repeatGap, queue.count))
    }
    return Verdict(question: question, isCorrect: correct)
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

  /// The title of the group a question of the round belongs to.
  public func groupTitle(of question: Question) -> String { origin(of: question.identity).group }

  /// The newest saved answer of the round.
  public var lastAnswer: RoundMemento.Answer? { memento.answers.last }

  /// Takes back the newest saved answer; its question is asked again.
  mutating func takeBackLastAnswer() {
    guard !memento.answers.isEmpty else { return }
    memento.answers.removeLast()
    rebuildQueue()
  }

  /// Counts the newest saved answer as correct (`:right`).
  mutating func regradeLastAnswer() {
    guard !memento.answers.isEmpty else { return }
    memento.answers[memento.answers.count - 1].isCorrect = true
    rebuildQueue()
  }

  /// The question with an identity, if the group still has it.
  public func question(_ identity: String) -> Question? {
    group.questions.first { $0.identity == identity }
  }

  /// The round's results so far.
  public var summary: RoundSummary {
    let correct = memento.answers.count { $0.isCorrect }
    var seen = Set<String>()
    let index =
      indexByIdentity
      ?? Dictionary(
        zip(group.questions.lazy.map(\.identity), group.questions.indices), uniquingKeysWith: { first, _ in first })
    let missed = memento.answers.filter { !$0.isCorrect && seen.insert($0.question).inserted }.compactMap {
      index[$0.question].map { group.questions[$0] }
    }
    return RoundSummary(
      correctCount: correct, incorrectCount: memento.answers.count - correct, missed: missed)
  }
}

/// What a round's answers came to.
public struct RoundSummary: Sendable {
  public let correctCount: Int
  public let incorrectCount: Int
  /// The questions answered wrongly, in the order they were asked.
  public let missed: [Question]

  /// The share of correct answers, from 0 to 100, rounded.
  public var percentage: Int {
    let total = correctCount + incorrectCount
    return total == 0 ? 0 : Int((Double(correctCount) * 100 / Double(total)).rounded())
  }
}
