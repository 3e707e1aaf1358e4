/// Asks the questions in a shuffled order that a seed repeats exactly.
///
/// The shuffle is `SeededGenerator`'s own (Fisher-Yates over SplitMix64),
/// not the standard library's, whose algorithm may change between releases:
/// an unfinished round must resume in the same order after an upgrade.
public struct RandomQuestionStrategy: QuestionStrategy {
  public let name = "random"
  public let summary = "shuffled"

  public init() {}

  public func plan(_ context: RoundPlanContext) -> [Int] {
    order(questionCount: context.cards.count, seed: context.seed)
  }

  /// Every index in `0..<questionCount` once, shuffled by `seed`.
  public func order(questionCount: Int, seed: UInt64) -> [Int] {
    var order = Array(0..<questionCount)
    var generator = SeededGenerator(seed: seed)
    generator.shuffle(&order)
    return order
  }
}
