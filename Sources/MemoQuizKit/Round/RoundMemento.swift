/// The saved state of a round: its plan and the answers given in it.
///
/// The questions still to ask are derived: every planned question not yet
/// answered, in the plan's order, and in a round that repeats missed
/// questions, each miss asked again three questions later until it is
/// answered correctly. Taking back an answer removes it from ``answers``,
/// which puts its question back.
///
/// Siblings are buried, as Anki buries them: once a card of a question was
/// answered in the round, the question's other cards (its other direction,
/// its other cloze numbers) are not asked in it. The plan holds card
/// identities, and a card's identity names its question
/// (``Card/questionIdentity(of:)``), so the memento needs nothing more.
public struct RoundMemento: Hashable, Sendable {
  /// One answer given in the round.
  public struct Answer: Hashable, Sendable {
    /// The history step that holds it.
    public var step: StepID
    public var question: String
    public var isCorrect: Bool
  }

  public var id: StepID
  /// The group it plays: empty for a review round across groups, whose
  /// plan names each question by ``key(group:question:)``.
  public var group: String
  /// The strategy's name, such as "random".
  public var strategy: String
  public var seed: UInt64
  public var startedAt: Timestamp
  public var repeatsMissed: Bool {
    didSet { openCardsCache.openCards = nil }
  }
  /// The identities of the questions, in the order they are asked.
  public var plan: [String] {
    didSet {
      questionCount = Self.questionCount(plan)
      openCardsCache.openCards = nil
    }
  }
  /// How many questions the plan asks: one card each, as siblings are
  /// buried. Kept with the plan, as every answer asks whether the round is
  /// finished, and a round needs at least this many answers.
  private(set) var questionCount: Int
  /// How many of the plan's first questions were answered before the history began.
  public var skipped: Int {
    didSet { openCardsCache.openCards = nil }
  }
  public var answers: [Answer] = [] {
    didSet { openCardsCache.openCards = nil }
  }
  /// The cards still to ask, counted by ``record(_:)`` once the round's
  /// answers could have finished it.
  var openCardsCache = OpenCardsCache()

  init(_ start: RoundStart) {
    id = start.id
    group = start.group
    strategy = start.strategy
    seed = start.seed
    startedAt = start.time
    repeatsMissed = start.repeatsMissed
    plan = start.plan
    questionCount = Self.questionCount(start.plan)
    skipped = start.skipped
  }

  /// Whether the round asks questions of several groups (`memoquiz review`).
  public var isAcrossGroups: Bool { group.isEmpty }

  /// Names a card of a round across groups: its group's title and its
  /// identity, joined by a character no title or identity holds in practice
  /// (the record separator, U+001E). It is not the card identities' own
  /// separator (``Card/identitySeparator``), so the part before that one
  /// still names the card's question, and siblings are still buried.
  public static func key(group: String, question: String) -> String {
    group + "\u{1E}" + question
  }

  /// The group and identity a ``key(group:question:)`` joined.
  public static func split(_ key: String) -> (group: String, question: String) {
    // A round across groups has a key for each card: the bytes are searched,
    // not the characters.
    guard let separator = key.utf8.firstIndex(of: 0x1E) else { return ("", key) }
    return (String(key[..<separator]), String(key[key.utf8.index(after: separator)...]))
  }

  /// The plan as the history writes it: for a round across groups, each
  /// question as two fields, its group and its identity, so the record reads
  /// plainly (`Hiragana あ Katakana カ`).
  static func planFields(_ plan: [String], acrossGroups: Bool) -> [String] {
    guard acrossGroups else { return plan }
    var fields: [String] = []
    fields.reserveCapacity(2 * plan.count)
    for key in plan {
      let (group, question) = split(key)
      fields.append(group)
      fields.append(question)
    }
    return fields
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
  /// one answer per planned question (one of its cards).
  public var isFinished: Bool { answers.count >= questionCount - skipped && remaining.isEmpty }

  /// How many questions `plan` asks: its cards, siblings counted once.
  static func questionCount(_ plan: [String]) -> Int {
    guard hasSiblings(plan) else { return plan.count }
    return Set(plan.lazy.map { Card.questionIdentity(of: $0) }).count
  }

  /// Whether `plan` holds a card with siblings: only reverse and cloze
  /// cards have them, and their identities say so.
  static func hasSiblings(_ plan: [String]) -> Bool {
    plan.contains { Card.separatorOffset(in: $0) != nil }
  }

  /// The questions that have more than one card in `plan`.
  static func questionsWithSiblings(_ plan: [String]) -> Set<Substring> {
    guard hasSiblings(plan) else { return [] }
    var first: [Substring: String] = [:]
    var result = Set<Substring>()
    for identity in plan {
      let question = Card.questionIdentity(of: identity)
      if let known = first[question] {
        if known != identity { result.insert(question) }
      } else {
        first[question] = identity
      }
    }
    return result
  }

  /// A test of burial for the cards answered in `answers`, built once.
  static func burial(_ answers: [Answer]) -> (String) -> Bool {
    guard !answers.isEmpty else { return { _ in false } }
    // Each question's answered card, or `nil` once two different ones were.
    var answered: [Substring: String?] = [:]
    for answer in answers {
      let question = Card.questionIdentity(of: answer.question)
      switch answered[question] {
      case nil: answered[question] = .some(answer.question)
      case .some(let known?) where known != answer.question: answered[question] = .some(nil)
      default: break
      }
    }
    return { identity in
      guard let known = answered[Card.questionIdentity(of: identity)] else { return false }
      return known != identity
    }
  }

  /// The questions still to ask after `answers`, in order.
  static func remaining(plan: [String], skipped: Int, answers: [Answer], repeatsMissed: Bool) -> [String] {
    var queue = Array(plan.dropFirst(skipped))
    guard repeatsMissed else {
      let isBuried = burial(answers)
      // Each answer takes its question's first open place in the plan.
      var answered: [String: Int] = [:]
      for answer in answers { answered[answer.question, default: 0] += 1 }
      return queue.filter { question in
        guard let count = answered[question], count > 0 else { return !isBuried(question) }
        answered[question] = count - 1
        return false
      }
    }
    // Siblings are buried as each answer comes, before a miss goes back in
    // line, so the three questions before it are ones still to ask.
    let siblings = questionsWithSiblings(plan)
    for answer in answers {
      guard let index = queue.firstIndex(of: answer.question) else { continue }
      queue.remove(at: index)
      var position = index
      let question = Card.questionIdentity(of: answer.question)
      if siblings.contains(question) {
        var kept: [String] = []
        kept.reserveCapacity(queue.count)
        for (offset, identity) in queue.enumerated() {
          if identity != answer.question && Card.questionIdentity(of: identity) == question {
            if offset < index { position -= 1 }
          } else {
            kept.append(identity)
          }
        }
        queue = kept
      }
      if !answer.isCorrect {
        queue.append(answer.question)
      }
    }
    return queue
  }
}
