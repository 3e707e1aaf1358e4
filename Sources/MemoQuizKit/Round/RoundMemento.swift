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
  /// The group it plays: empty for a review round across groups, whose
  /// plan names each question by ``key(group:question:)``.
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

  /// Whether the round asks questions of several groups (`memoquiz review`).
  public var isAcrossGroups: Bool { group.isEmpty }

  /// Names a question of a round across groups: its group's title and its
  /// identity, joined by a character no title or identity holds in practice
  /// (the unit separator).
  public static func key(group: String, question: String) -> String {
    group + "\u{1F}" + question
  }

  /// The group and identity a ``key(group:question:)`` joined.
  public static func split(_ key: String) -> (group: String, question: String) {
    guard let separator = key.firstIndex(of: "\u{1F}") else { return ("", key) }
    return (String(key[..<separator]), String(key[key.index(after: separator)...]))
  }

  /// The plan as the history writes it: for a round across groups, each
  /// question as two fields, its group and its identity, so the record reads
  /// plainly (`Hiragana あ Katakana カ`).
  static func planFields(_ plan: [String], acrossGroups: Bool) -> [String] {
    guard acrossGroups else { return plan }
    return plan.flatMap { key in
      let (group, question) = split(key)
      return [group, question]
    }
  }

  /// The plan a history record's fields give.
  /// - Throws: when a round across groups has an odd number of fields.
  static func plan(fromFields fields: [String], acrossGroups: Bool) throws(RecordFields.Malformed) -> [String] {
    guard acrossGroups else { return fields }
    guard fields.count % 2 == 0 else { throw RecordFields.Malformed() }
    return stride(from: 0, to: fields.count, by: 2).map { key(group: fields[$0], question: fields[$0 + 1]) }
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
