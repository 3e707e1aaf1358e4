import FoundationEssentials

/// A round of a group: every question once, in the strategy's order.
///
/// `Round` is pure state; it grades, steps forward and steps back, and its
/// ``memento`` is what the caretaker saves. It knows nothing of terminals or
/// files.
public struct Round: Sendable {
  /// The result of grading one answer.
  public struct Verdict: Sendable {
    public let question: Question
    public let isCorrect: Bool
  }

  public let group: QuestionGroup
  public let strategy: any QuestionStrategy
  public private(set) var memento: RoundMemento
  /// The order of the round: indices into the group's questions.
  public let order: [Int]

  /// Starts a new round.
  public init(group: QuestionGroup, strategy: any QuestionStrategy, seed: UInt64, now: Date) {
    self.group = group
    self.strategy = strategy
    memento = RoundMemento(
      strategy: strategy.name, seed: seed, questionCount: group.questions.count,
      fingerprint: RoundMemento.fingerprint(of: group.questions), answers: "", startedAt: now)
    order = strategy.order(questionCount: group.questions.count, seed: seed)
  }

  /// Resumes a round from its memento.
  /// - Returns: `nil` when the memento does not fit the group any more (its
  ///   questions changed) or names an unknown strategy.
  public init?(group: QuestionGroup, resuming memento: RoundMemento) {
    guard let strategy = QuestionStrategies.named(memento.strategy),
      memento.questionCount == group.questions.count,
      memento.position < group.questions.count,
      memento.answers.utf8.allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") }),
      memento.fingerprint == RoundMemento.fingerprint(of: group.questions)
    else { return nil }
    self.group = group
    self.strategy = strategy
    self.memento = memento
    order = strategy.order(questionCount: group.questions.count, seed: memento.seed)
  }

  /// The number of questions in the round.
  public var count: Int { order.count }
  /// How many were answered: the index of the current question.
  public var position: Int { memento.position }
  public var isFinished: Bool { position >= order.count }

  /// The question being asked, or `nil` when the round is over.
  public var currentQuestion: Question? {
    isFinished ? nil : group.questions[order[position]]
  }

  /// Grades an answer to the current question and moves to the next one.
  public mutating func grade(_ input: String) -> Verdict? {
    guard let question = currentQuestion else { return nil }
    let correct = AnswerMatcher.isCorrect(input, for: question)
    memento.answers.append(correct ? "1" : "0")
    return Verdict(question: question, isCorrect: correct)
  }

  /// Takes back the last graded answer and returns to its question.
  /// - Returns: the answer taken back, or `nil` when there is none.
  public mutating func undo() -> Verdict? {
    guard let last = memento.answers.popLast() else { return nil }
    return Verdict(question: group.questions[order[position]], isCorrect: last == "1")
  }

  /// The round's results so far.
  public var summary: RoundSummary {
    var correct = 0
    var missed: [Question] = []
    for (index, answer) in memento.answers.utf8.enumerated() {
      if answer == UInt8(ascii: "1") {
        correct += 1
      } else {
        missed.append(group.questions[order[index]])
      }
    }
    return RoundSummary(correctCount: correct, incorrectCount: missed.count, missed: missed)
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
