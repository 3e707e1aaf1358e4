import Testing

@testable import MemoQuizKit

@Suite struct QuestionStrategyTests {
  @Test(arguments: [0, 1, 2, 46, 1000])
  func everyStrategyAsksEveryQuestionOnce(_ count: Int) {
    for strategy in QuestionStrategies.all {
      let order = strategy.order(questionCount: count, seed: 7)
      #expect(order.sorted() == Array(0..<count), "\(strategy.name)")
    }
  }

  @Test func randomOrderIsFixedBySeed() {
    let random = RandomQuestionStrategy()
    #expect(random.order(questionCount: 46, seed: 1) == random.order(questionCount: 46, seed: 1))
    #expect(random.order(questionCount: 46, seed: 1) != random.order(questionCount: 46, seed: 2))
    #expect(random.order(questionCount: 46, seed: 1) != Array(0..<46))
  }

  @Test func randomOrderIsStableAcrossReleases() {
    // A saved round resumes in this exact order, so it must never change.
    #expect(RandomQuestionStrategy().order(questionCount: 10, seed: 42) == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7])
  }

  @Test func sequentialKeepsTheFileOrder() {
    #expect(SequentialQuestionStrategy().order(questionCount: 5, seed: 9) == [0, 1, 2, 3, 4])
  }

  @Test func strategiesAreFoundByName() {
    #expect(QuestionStrategies.named("Random")?.name == "random")
    #expect(QuestionStrategies.named("sequential")?.name == "sequential")
    #expect(QuestionStrategies.named("alphabetical") == nil)
  }
}
