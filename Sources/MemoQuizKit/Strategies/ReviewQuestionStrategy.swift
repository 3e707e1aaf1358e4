/// Asks the questions that are due, weakest first, then a few new ones:
/// spaced repetition with FSRS-6.
///
/// A question is due when its last review plus its interval is at or before
/// now. Due questions come in order of lowest retrievability (the chance of
/// recall now), then up to ``RoundPlanContext/newLimit`` questions never
/// answered, in the order of the file. A missed question comes back later in
/// the round until it is answered correctly.
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
    for (index, state) in context.memory.enumerated() {
      if let state {
        if state.due <= context.now {
          due.append((index, scheduler.retrievability(of: state, at: context.now)))
        }
      } else if new.count < context.newLimit {
        new.append(index)
      }
    }
    due.sort { $0.recall != $1.recall ? $0.recall < $1.recall : $0.index < $1.index }
    return due.map(\.index) + new
  }
}
