/// The order in which the Rust optimizer (fsrs-rs, the one Anki runs) takes
/// its batches in each epoch, reproduced so that a fit of several batches is
/// its fit too.
///
/// It draws from its generator, the `rand` crate's `StdRng` seeded from a
/// number: the 256-bit key that a PCG32 sequence from the number gives,
/// ChaCha with 12 rounds from block 0 of stream 0, four blocks at a time, one
/// 32-bit word a draw. Each epoch puts the batches back in their order and
/// shuffles them as `rand` does: Fisher–Yates from the front, each index
/// drawn from a product of several ranges at once (`IncreasingUniform`), a
/// draw below a bound taken by a widening multiplication (Canon's method).
///
/// This is the reference's generator, not memoquiz's own: everything else
/// random goes through ``SeededGenerator``.
struct ReferenceBatchOrder {
  private let key: [UInt32]
  private var block: UInt64 = 0
  private var words: [UInt32] = []
  private var next = 0

  /// The generator `StdRng::seed_from_u64(seed)` makes.
  init(seed: UInt64) {
    var state = seed
    var key: [UInt32] = []
    for _ in 0..<8 {
      state = state &* 0x5851_F42D_4C95_7F2D &+ 0xA176_54E4_6FBE_17F3
      let shifted = UInt32(truncatingIfNeeded: ((state >> 18) ^ state) >> 27)
      let rotation = UInt32(truncatingIfNeeded: state >> 59)
      key.append(shifted >> rotation | shifted << ((32 &- rotation) & 31))
    }
    self.key = key
  }

  /// The generator `StdRng::from_seed(key)` makes: `key` as eight
  /// little-endian words.
  init(key: [UInt32]) {
    self.key = key
  }

  /// The next 32-bit word of the key stream.
  mutating func nextWord() -> UInt32 {
    if next == words.count {
      words = (0..<4).flatMap { Self.chaCha12(key: key, block: block &+ UInt64($0)) }
      block &+= 4
      next = 0
    }
    defer { next += 1 }
    return words[next]
  }

  /// A number in `0..<bound`, as `rand` draws one below a 32-bit bound.
  mutating func next(below bound: UInt32) -> UInt32 {
    var (result, low) = nextWord().multipliedFullWidth(by: bound)
    if low > 0 &- bound {
      let (high, _) = nextWord().multipliedFullWidth(by: bound)
      if low.addingReportingOverflow(high).overflow { result += 1 }
    }
    return result
  }

  /// Shuffles `order` as `SliceRandom::shuffle` does.
  mutating func shuffle(_ order: inout [Int]) {
    guard order.count > 1 else { return }
    var seen: UInt32 = 0
    var chunk: UInt32 = 0
    // The first index is 0 whatever is drawn: nothing is.
    var chunkLeft = 1
    for position in order.indices {
      let range = seen + 1
      if chunkLeft == 0 {
        let (bound, count) = Self.bound(from: range)
        chunk = next(below: bound)
        chunkLeft = count
      }
      chunkLeft -= 1
      let index: UInt32
      if chunkLeft == 0 {
        index = chunk
      } else {
        index = chunk % range
        chunk /= range
      }
      seen = range
      order.swapAt(position, Int(index))
    }
  }

  /// The largest product `m·(m+1)·…` that fits in 32 bits, and how many
  /// factors it has.
  private static func bound(from m: UInt32) -> (product: UInt32, count: Int) {
    var product = m
    var factor = m + 1
    while case (let next, false) = product.multipliedReportingOverflow(by: factor) {
      product = next
      factor += 1
    }
    return (product, Int(factor - m))
  }

  /// One block of ChaCha with 12 rounds: the key, the block's number as a
  /// 64-bit counter, a zero stream.
  static func chaCha12(key: [UInt32], block: UInt64) -> [UInt32] {
    let start: [UInt32] =
      [0x6170_7865, 0x3320_646E, 0x7962_2D32, 0x6B20_6574] + key
      + [UInt32(truncatingIfNeeded: block), UInt32(truncatingIfNeeded: block >> 32), 0, 0]
    var state = start
    func quarter(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
      state[a] &+= state[b]
      state[d] = (state[d] ^ state[a]).rotatedLeft(by: 16)
      state[c] &+= state[d]
      state[b] = (state[b] ^ state[c]).rotatedLeft(by: 12)
      state[a] &+= state[b]
      state[d] = (state[d] ^ state[a]).rotatedLeft(by: 8)
      state[c] &+= state[d]
      state[b] = (state[b] ^ state[c]).rotatedLeft(by: 7)
    }
    for _ in 0..<6 {
      quarter(0, 4, 8, 12)
      quarter(1, 5, 9, 13)
      quarter(2, 6, 10, 14)
      quarter(3, 7, 11, 15)
      quarter(0, 5, 10, 15)
      quarter(1, 6, 11, 12)
      quarter(2, 7, 8, 13)
      quarter(3, 4, 9, 14)
    }
    return zip(state, start).map { $0 &+ $1 }
  }
}

extension UInt32 {
  fileprivate func rotatedLeft(by count: UInt32) -> UInt32 {
    self << count | self >> (32 - count)
  }
}
