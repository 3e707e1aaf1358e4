/// How many answers of a group were right and wrong since the last reset.
///
/// `Score` is an originator: it is saved in `scores.json` and, as the
/// original tutorial app did, may also be carried inside a questions file.
public struct Score: Hashable, Sendable, Codable {
  public var correctCount: Int
  public var incorrectCount: Int

  /// The largest count a file may hold: the largest whole number that every
  /// JSON reader keeps exactly (2^53 - 1).
  public static let maximumCount = 9_007_199_254_740_991

  public init(correctCount: Int = 0, incorrectCount: Int = 0) {
    self.correctCount = correctCount
    self.incorrectCount = incorrectCount
  }

  /// All graded answers.
  public var answeredCount: Int {
    var total = correctCount
    total.addSaturating(incorrectCount)
    return total
  }

  /// The two scores added, never trapping on counts too large to add.
  public func adding(_ other: Score) -> Score {
    var sum = self
    sum.correctCount.addSaturating(other.correctCount)
    sum.incorrectCount.addSaturating(other.incorrectCount)
    return sum
  }

  /// The share of correct answers from 0 to 1, or `nil` before any answer.
  public var accuracy: Double? {
    answeredCount == 0 ? nil : Double(correctCount) / Double(answeredCount)
  }

  /// Counts one graded answer.
  public mutating func record(correct: Bool) {
    if correct { correctCount.addSaturating(1) } else { incorrectCount.addSaturating(1) }
  }

  /// Takes back one graded answer, never going below zero (a reset may have
  /// happened in between).
  public mutating func retract(correct: Bool) {
    if correct { correctCount = max(0, correctCount - 1) } else { incorrectCount = max(0, incorrectCount - 1) }
  }
}

extension Score {
  private enum CodingKeys: String, CodingKey {
    case correctCount, incorrectCount
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    correctCount = try container.decodeIfPresent(Int.self, forKey: .correctCount) ?? 0
    incorrectCount = try container.decodeIfPresent(Int.self, forKey: .incorrectCount) ?? 0
  }
}
