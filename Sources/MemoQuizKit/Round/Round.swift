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
  /// The identities still to ask; those before `head` were asked.
  private var queue: [String] = []
  private var head = 0
  private let indexByIdentity: [String: Int]
  /// How many questions the round plans.
  public let count: Int

  /// Plays a round from its memento: a new one, or one being resumed.
  public init(group: QuestionGroup, memento: RoundMemento) {
    self.group = group
    self.memento = memento
    var index: [String: Int] = [:]
    for (position, question) in group.questions.enumerated() where index[question.identity] == nil {
      index[question.identity] = position
    }
    indexByIdentity = index
    count = memento.plan.count { index[$0] != nil }
    rebuildQueue()
  }

  /// Puts the queue back in line with the memento's answers.
  private mutating func rebuildQueue() {
    queue = memento.remaining.filter { indexByIdentity[$0] != nil }
    head = 0
  }

  /// How many planned questions are done: answered, or answered correctly
  /// in a round that repeats missed questions.
  public var doneCount: Int { max(0, count - (queue.count - head)) }
  public var isFinished: Bool { head >= queue.count }

  /// The question being asked, or `nil` when the round is over.
  public var currentQuestion: Question? {
    guard head < queue.count, let index = indexByIdentity[queue[head]] else { return nil }
    return group.questions[index]
  }

  /// Grades an answer to the current question and moves to the next one.
  /// - Parameters:
  ///   - usedHint: whether the hint was shown; a right answer is then rated Hard.
  ///   - duration: milliseconds since the question was shown.
  public mutating func grade(_ input: String, usedHint: Bool, at time: Timestamp, duration: Int) -> Verdict? {
    guard let question = currentQuestion else { return nil }
    let correct = AnswerMatcher.isCorrect(input, for: question)
    let key = queue[head]
    unsaved.append(
      AnswerStep(
        id: 0, time: time, group: group.title, round: memento.id, question: key, prompt: question.prompt,
        typed: input, rating: ReviewRating(correct: correct, usedHint: usedHint), duration: duration))
    head += 1
    if !correct && memento.repeatsMissed {
      queue.insert(key, at: min(head + RoundMemento.repeatGap, queue.count))
    }
    return Verdict(question: question, isCorrect: correct)
  }

  /// Records that the unsaved answers are on disk, with their step numbers.
  mutating func saved(_ answers: [AnswerStep]) {
    unsaved.removeAll()
    memento.answers += answers.map {
      RoundMemento.Answer(step: $0.id, question: $0.question, isCorrect: $0.isCorrect)
    }
  }

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
    indexByIdentity[identity].map { group.questions[$0] }
  }

  /// The round's results so far.
  public var summary: RoundSummary {
    let correct = memento.answers.count { $0.isCorrect }
    var seen = Set<String>()
    let missed = memento.answers.filter { !$0.isCorrect && seen.insert($0.question).inserted }.compactMap {
      question($0.question)
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
