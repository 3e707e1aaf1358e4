/// The one random number generator of memoquiz: SplitMix64, whose sequence
/// its seed fixes on every platform and in every release.
///
/// Everything random goes through it: a random round's order, the fuzz of a
/// due time, the optimizer's shuffles and the retention simulations, each
/// from a seed of its own, so the same seed gives the same result after an
/// upgrade (an unfinished round resumes in the same order). What must
/// differ every time (a new round's seed, a new machine's identity) starts
/// from `fromSystem()`, the only place the system's entropy is read. Tests
/// seed it.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose whole sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// A generator seeded from the system's entropy.
  public static func fromSystem() -> SeededGenerator {
    var system = SystemRandomNumberGenerator()
    return SeededGenerator(seed: system.next())
  }

  /// The next value of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `0..<bound`, without modulo bias (Lemire's method).
  public mutating func next(below bound: UInt64) -> UInt64 {
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
    }
    return product.high
  }

  /// A uniform number in `0..<1`, from the top 53 bits of the next value.
  public mutating func unit() -> Double {
    Double(next() >> 11) / Double(UInt64(1) << 53)
  }

  /// A Fisher–Yates shuffle, written out rather than taken from the
  /// standard library, whose algorithm may change between releases.
  public mutating func shuffle(_ values: inout [Int]) {
    guard values.count > 1 else { return }
    for index in stride(from: values.count - 1, to: 0, by: -1) {
      let other = Int(next(below: UInt64(index + 1)))
      values.swapAt(index, other)
    }
  }
}
