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
    let scheduler = FSRSScheduler()
    var due: [(index: Int, recall: Double)] = []
    var new: [Int] = []
    let cards = context.cards
    let buried = Self.buried(memory: context.memory, today: context.today) { cards[$0].questionIdentity }
    for (index, state) in context.memory.enumerated() where !buried.contains(index) {
      if let state {
        if state.isDue(onDay: context.today) {
          due.append((index, scheduler.retrievability(of: state, onDay: context.today)))
        }
      } else if new.count < context.newLimit {
        new.append(index)
      }
    }
    due.sort { $0.recall != $1.recall ? $0.recall < $1.recall : $0.index < $1.index }
    return due.map(\.index) + new
  }
}
