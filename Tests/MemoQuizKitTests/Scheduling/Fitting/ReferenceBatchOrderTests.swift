import Testing

@testable import MemoQuizKit

/// The Rust optimizer's generator gives the words the `rand` crate's own
/// tests of `StdRng` give.
@Suite struct ReferenceBatchOrderTests {
  @Test func aZeroKeyGivesTheChaCha12TestVector() {
    // draft-strombergson-chacha-test-vectors-01, TC1, 12 rounds, as rand's
    // test_chacha_true_values_1 reads it.
    var generator = ReferenceBatchOrder(key: Array(repeating: 0, count: 8))
    let words = (0..<8).map { _ in generator.nextWord() }
    #expect(
      words == [
        0x6A9A_F49B, 0x53F9_5507, 0x12CE_1F81, 0xD583_265F, 0xBBC3_2904, 0x1474_E049, 0xA589_007E, 0x5F15_AE2E,
      ])
  }

  @Test func aKeyGivesStdRngsFirstNumber() {
    // rand's test_stdrng_construction: seed bytes 1, 23, 456, 7890 as words.
    var generator = ReferenceBatchOrder(key: [1, 23, 456, 7890, 0, 0, 0, 0])
    let low = UInt64(generator.nextWord())
    let high = UInt64(generator.nextWord())
    #expect(high << 32 | low == 10_719_222_850_664_546_238)
  }

  @Test func aShuffleIsAPermutationAndTheSameForTheSameSeed() {
    var first = ReferenceBatchOrder(seed: 2023)
    var second = ReferenceBatchOrder(seed: 2023)
    for count in [0, 1, 2, 3, 13, 100] {
      var a = Array(0..<count)
      var b = Array(0..<count)
      first.shuffle(&a)
      second.shuffle(&b)
      #expect(a == b)
      #expect(a.sorted() == Array(0..<count))
    }
  }
}
