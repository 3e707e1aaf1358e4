import Testing

@testable import MemoQuizKit

/// The one random number generator: its sequence is SplitMix64's, fixed by
/// the seed, and every random choice of memoquiz draws from it.
@Suite struct SeededRandomTests {
  @Test func theSequenceIsSplitMix64s() {
    var generator = SeededGenerator(seed: 0)
    #expect(
      [generator.next(), generator.next(), generator.next()] == [
        0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
      ])
  }

  @Test func theSameSeedGivesTheSameDraws() {
    var first = SeededGenerator(seed: 2026)
    var second = SeededGenerator(seed: 2026)
    let draws = (0..<100).map { _ in first.next(below: 7) }
    #expect(draws == (0..<100).map { _ in second.next(below: 7) })
    #expect(draws.allSatisfy { $0 < 7 })
    #expect(Set(draws).count == 7)
  }

  @Test func aUnitIsTheTop53BitsAsAFraction() {
    var generator = SeededGenerator(seed: 7)
    #expect(generator.unit() == 0.3898297483912715)
  }

  @Test func aRandomRoundShufflesWithTheGenerator() {
    var generator = SeededGenerator(seed: 42)
    var values = Array(0..<10)
    generator.shuffle(&values)
    #expect(values == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7])
    #expect(RandomQuestionStrategy().order(questionCount: 10, seed: 42) == values)
  }
}
