/// Asks the questions in the order the file lists them.
public struct SequentialQuestionStrategy: QuestionStrategy {
  public let name = "sequential"
  public let summary = "in the order of the file"

  public init() {}

  public func order(questionCount: Int, seed: UInt64) -> [Int] {
    Array(0..<questionCount)
  }
}
