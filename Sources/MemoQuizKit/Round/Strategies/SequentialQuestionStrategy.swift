/// Asks the questions in the order the file lists them.
public struct SequentialQuestionStrategy: QuestionStrategy {
  public let name = "sequential"
  public let summary = "in the order of the file"

  public init() {}

  public func plan(_ context: RoundPlanContext) -> [Int] {
    Array(context.cards.indices)
  }
}
