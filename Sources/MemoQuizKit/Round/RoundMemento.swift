/// The saved state of a round: its plan and the answers given in it.
///
/// The questions still to ask are derived: every planned question not yet
/// answered, in the plan's order, and in a round that repeats missed
/// questions, each miss asked again three questions later until it is
/// answered correctly. Taking back an answer removes it from ``answers``,
/// which puts its question back.
public struct RoundMemento: Hashable, Sendable {
  /// One answer given in the round.
  public struct Answer: Hashable, Sendable {
    /// The history step that holds it.
    public var step: StepID
    public var question: String
    public var isCorrect: Bool
  }

  /// A missed question comes back after this many others.
  static let repeatGap = 3

  public var id: StepID
  /// The group it plays.
  public var group: String
  /// The strategy's name, such as "random".
  public var strategy: String
  public var seed: UInt64
  public var startedAt: Timestamp
  public var repeatsMissed: Bool
  /// The identities of the questions, in the order they are asked.
  public var plan: [String]
  /// How many of the plan's first questions were answered before the history began.
  public var skipped: Int
  public var answers: [Answer] = []

  init(_ start: RoundStart) {
    id = start.id
    group = start.group
    strategy = start.strategy
    seed = start.seed
    startedAt = start.time
    repeatsMissed = start.repeatsMissed
    plan = start.plan
    skipped = start.skipped
  }

  /// The questions still to ask, in order.
  public var remaining: [String] {
    Self.remaining(plan: plan, skipped: skipped, answers: answers, repeatsMissed: repeatsMissed)
  }

  /// Whether every planned question was answered (correctly, when missed
  /// questions repeat). Cheap until the last answers: a round needs at least
  /// one answer per planned question.
  public var isFinished: Bool { answers.count >= plan.count - skipped && remaining.isEmpty }

  /// The questions still to ask after `answers`, in order.
  static func remaining(plan: [String], skipped: Int, answers: [Answer], repeatsMissed: Bool) -> [String] {
    var queue = Array(plan.dropFirst(skipped))
    guard repeatsMissed else {
      // Each answer takes its question's first open place in the plan.
      var answered: [String: Int] = [:]
      for answer in answers { answered[answer.question, default: 0] += 1 }
      return queue.filter { question in
        guard let count = answered[question], count > 0 else { return true }
        answered[question] = count - 1
        return false
      }
    }
    for answer in answers {
      guard let index = queue.firstIndex(of: answer.question) else { continue }
      queue.remove(at: index)
      if !answer.isCorrect {
        queue.insert(answer.question, at: min(index + repeatGap, queue.count))
      }
    }
    return queue
  }
}
