/// Asks the questions that are due, weakest first, then a few new ones:
/// spaced repetition with FSRS-6.
///
/// A question is due from the start of its due learner day (its last
/// review's day plus its interval). Due questions come in order of lowest
/// retrievability (the chance of recall today), then up to
/// ``RoundPlanContext/newLimit`` questions never answered, in the order of
/// the file. A card whose sibling was answered today waits for the next
/// learner day. A missed question comes back later in the round until it is
/// answered correctly.
public struct ReviewQuestionStrategy: QuestionStrategy {
  public let name = "review"
  public let summary = "due questions first, then new ones"
  public var repeatsMissed: Bool { true }
  public var needsMemory: Bool { true }
  /// New questions a review round takes when `--new` is not given.
  public static let defaultNewLimit = 10

  public init() {}

  public func plan(_ context: RoundPlanContext) -> [Int] {
    let cards = context.cards
    return Self.order(
      memory: context.memory, today: context.today, newLimit: context.newLimit, scheduler: context.scheduler
    ) { cards[$0].questionIdentity }
  }
}
