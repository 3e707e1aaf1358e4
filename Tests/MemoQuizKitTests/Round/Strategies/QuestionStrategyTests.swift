import Testing

@testable import MemoQuizKit

@Suite struct QuestionStrategyTests {
  private func context(_ count: Int, seed: UInt64 = 7, memory: [MemoryState?]? = nil, newLimit: Int = 10)
    -> RoundPlanContext
  {
    RoundPlanContext(
      questions: (0..<count).map { Question(prompt: "q\($0)", answer: "a") }, seed: seed,
      memory: memory ?? Array(repeating: nil, count: count), now: Timestamp(rawValue: 10 * 86_400_000),
      newLimit: newLimit, today: 10)
  }

  @Test(arguments: [0, 1, 2, 46, 1000])
  func randomAndSequentialAskEveryQuestionOnce(_ count: Int) {
    for strategy: any QuestionStrategy in [RandomQuestionStrategy(), SequentialQuestionStrategy()] {
      #expect(strategy.plan(context(count)).sorted() == Array(0..<count), "\(strategy.name)")
    }
  }

  @Test func randomOrderIsFixedBySeed() {
    let random = RandomQuestionStrategy()
    #expect(random.order(questionCount: 46, seed: 1) == random.order(questionCount: 46, seed: 1))
    #expect(random.order(questionCount: 46, seed: 1) != random.order(questionCount: 46, seed: 2))
    #expect(random.order(questionCount: 46, seed: 1) != Array(0..<46))
  }

  @Test func randomOrderIsStableAcrossReleases() {
    // A round from the first release resumes in this exact order.
    #expect(RandomQuestionStrategy().order(questionCount: 10, seed: 42) == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7])
  }

  @Test func sequentialKeepsTheFileOrder() {
    #expect(SequentialQuestionStrategy().plan(context(5)) == [0, 1, 2, 3, 4])
  }

  @Test func reviewTakesDueQuestionsWeakestFirstThenNewOnesInFileOrder() {
    func state(reviewedDay: Int, stability: Double, interval: Int) -> MemoryState {
      MemoryState(
        stability: stability, difficulty: 5, lastReview: Timestamp(rawValue: Int64(reviewedDay) * 86_400_000),
        lastReviewDay: reviewedDay, interval: interval, reviewCount: 1)
    }
    let memory: [MemoryState?] = [
      state(reviewedDay: 8, stability: 2, interval: 2),  // due at day 10, recall high
      nil,
      state(reviewedDay: 1, stability: 2, interval: 2),  // due long ago, recall low
      state(reviewedDay: 9, stability: 30, interval: 30),  // not due
      nil, nil,
    ]
    #expect(ReviewQuestionStrategy().plan(context(6, memory: memory, newLimit: 2)) == [2, 0, 1, 4])
    #expect(ReviewQuestionStrategy().plan(context(6, memory: memory, newLimit: 0)) == [2, 0])
  }

  @Test func aGroupsReviewAndTheDaysReviewOrderCardsAlikeWithTheLearnersParameters() throws {
    func state(reviewedDay: Int, stability: Double, interval: Int) -> MemoryState {
      MemoryState(
        stability: stability, difficulty: 5, lastReview: Timestamp(rawValue: Int64(reviewedDay) * 86_400_000),
        lastReviewDay: reviewedDay, interval: interval, reviewCount: 1)
    }
    let memory: [MemoryState?] = [
      state(reviewedDay: 7, stability: 3, interval: 3),  // due at day 10
      nil,
      state(reviewedDay: 2, stability: 3, interval: 3),  // due long ago, recall lowest
      state(reviewedDay: 9, stability: 30, interval: 30),  // not due
      state(reviewedDay: 4, stability: 3, interval: 3),  // due, weaker than the first
      nil, nil,
    ]
    var values = FSRSParameters.default.values
    values[20] = 0.5  // a fitted decay, far from the published one
    let fitted = MemoryScheduler.fsrs6(FSRSScheduler(parameters: try FSRSParameters(values)))
    let questions = (0..<7).map { Question(prompt: "q\($0)", answer: "a") }
    let context = RoundPlanContext(
      cards: questions.map { Card(forward: $0) }, seed: 7, memory: memory, now: Timestamp(rawValue: 10 * 86_400_000),
      newLimit: 2, today: 10, scheduler: fitted)
    #expect(context.scheduler.parameters == fitted.parameters)
    let groupRound = ReviewQuestionStrategy().plan(context)
    let acrossGroups = ReviewQuestionStrategy.order(memory: memory, today: 10, newLimit: 2, scheduler: fitted) {
      "0\u{1F}q\($0)"
    }
    #expect(groupRound == [2, 4, 0, 1, 5])
    #expect(acrossGroups == groupRound)
  }

  @Test func strategiesAreFoundByName() {
    #expect(QuestionStrategies.named("Random")?.name == "random")
    #expect(QuestionStrategies.named("review")?.name == "review")
    #expect(QuestionStrategies.named("alphabetical") == nil)
  }
}
