/// Asks the questions in a shuffled order that a seed repeats exactly.
///
/// The shuffle is written out here (Fisher-Yates over SplitMix64) rather
/// than taken from the standard library, whose algorithm may change between
/// releases: an unfinished round must resume in the same order after an
/// upgrade.
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
    var generator = SplitMix64(seed: seed)
    guard questionCount > 1 else { return order }
    for index in stride(from: questionCount - 1, to: 0, by: -1) {
      let other = Int(generator.next(below: UInt64(index + 1)))
      order.swapAt(index, other)
    }
    return order
  }
}

/// A small, fast generator whose sequence is fixed by its seed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `0..<bound`, without modulo bias (Lemire's method).
  mutating func next(below bound: UInt64) -> UInt64 {
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
    }
    return product.high
  }
}
