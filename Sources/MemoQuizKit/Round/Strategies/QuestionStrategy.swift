/// Decides which questions a round asks, and in what order.
///
/// A round's plan is decided once, when it starts, and saved with it; so a
/// round resumes in exactly the same order. To add a strategy, write one
/// conforming type and list it in ``QuestionStrategies``.
public protocol QuestionStrategy: Sendable {
  /// The name users type after `--strategy`, such as "random".
  var name: String { get }
  /// A few words for menus and help.
  var summary: String { get }
  /// Whether a question answered wrongly is asked again later in the round,
  /// until it is answered correctly.
  var repeatsMissed: Bool { get }
  /// Whether the plan depends on memory; the others are pure functions of
  /// the questions and the seed.
  var needsMemory: Bool { get }
  /// The cards of a new round, as indices into `context.cards`, in the
  /// order they will be asked.
  func plan(_ context: RoundPlanContext) -> [Int]
}

extension QuestionStrategy {
  public var repeatsMissed: Bool { false }
  public var needsMemory: Bool { false }
}

/// What a strategy may look at to plan a round.
public struct RoundPlanContext {
  /// What the group asks: its cards (``QuestionGroup/cards``).
  public let cards: [Card]
  /// Makes a random order repeatable.
  public let seed: UInt64
  /// The memory of each card, in the order of `cards` (`nil` for a card
  /// never answered); empty for a strategy that does not need it.
  public let memory: [MemoryState?]
  public let now: Timestamp
  /// The learner day `now` falls in (``LearnersDay/number``): a card is due
  /// from the start of its due day.
  public let today: Int
  /// The most questions never answered that a review round takes.
  public let newLimit: Int
  /// What reckons a card's chance of recall: the learner's installed
  /// parameters (``QuestionGroupCaretaker/scheduler``).
  public let scheduler: MemoryScheduler

  /// - Parameters:
  ///   - today: the learner day `now` falls in; when omitted, the one of
  ///     days starting at 04:00, local time.
  ///   - scheduler: the learner's; when omitted, the published parameters'.
  public init(
    cards: [Card], seed: UInt64, memory: [MemoryState?], now: Timestamp, newLimit: Int, today: Int? = nil,
    scheduler: MemoryScheduler = .fsrs6(FSRSScheduler())
  ) {
    self.scheduler = scheduler
    self.cards = cards
    self.seed = seed
    self.memory = memory
    self.now = now
    self.newLimit = newLimit
    self.today = today ?? LearnersDay.number(containing: now, startingAt: 4)
  }

  /// A context of each question's forward card alone: the rounds of the
  /// first release, which knew no other cards, planned so.
  public init(
    questions: [Question], seed: UInt64, memory: [MemoryState?], now: Timestamp, newLimit: Int, today: Int? = nil
  ) {
    self.init(
      cards: questions.map { Card(forward: $0) }, seed: seed, memory: memory, now: now, newLimit: newLimit,
      today: today)
  }
}

/// The strategies memoquiz offers.
public enum QuestionStrategies {
  /// Every strategy, the default first.
  public static let all: [any QuestionStrategy] = [
    RandomQuestionStrategy(), SequentialQuestionStrategy(), ReviewQuestionStrategy(),
  ]

  /// The strategy used when none is named.
  public static var standard: any QuestionStrategy { all[0] }

  /// The strategy called `name`, ignoring case.
  public static func named(_ name: String) -> (any QuestionStrategy)? {
    all.first { $0.name == name.lowercased() }
  }

  /// The names, for messages: "random, sequential, review".
  public static var names: String { all.map(\.name).joined(separator: ", ") }
}
