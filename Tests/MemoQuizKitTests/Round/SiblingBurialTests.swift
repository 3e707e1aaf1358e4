import Testing

@testable import MemoQuizKit

/// A question's cards are siblings: once one is answered in a round, the
/// others are not asked in it, and a resumed round agrees with the live one.
@Suite struct SiblingBurialTests {
  /// Three reversed questions and a cloze question with two numbers: nine cards.
  let group = QuestionGroup(
    title: "G",
    questions: (0..<3).map { Question(prompt: "q\($0)", answer: "a\($0)") } + [
      Question(cloze: "{{c1::x}} and {{c2::y}}", id: "xy")
    ], reverse: true)

  private func round(_ strategy: any QuestionStrategy, seed: UInt64 = 0, plan: [Int]? = nil) -> Round {
    let cards = group.cards
    let context = RoundPlanContext(
      cards: cards, seed: seed, memory: cards.map { _ in nil }, now: Timestamp(rawValue: 0), newLimit: 100)
    let order = plan ?? strategy.plan(context)
    let memento = RoundMemento(
      RoundStart(
        id: StepID(machine: .test(7), sequence: 1), time: Timestamp(rawValue: 0), group: "G", strategy: strategy.name,
        seed: seed,
        repeatsMissed: strategy.repeatsMissed, skipped: 0, plan: order.map { cards[$0].identity }))
    return Round(group: group, memento: memento, plan: order)
  }

  private func answer(_ round: inout Round, _ input: String) {
    _ = round.grade(input, usedHint: false, at: Timestamp(rawValue: 0), duration: 0)
    let first = (round.memento.answers.last?.step.sequence ?? 1) + 1
    round.saved(
      round.unsaved.enumerated().map { offset, answer in
        var answer = answer
        answer.id = StepID(machine: .test(7), sequence: first + offset)
        return answer
      })
  }

  /// Plays the round to its end, answering wrongly where `wrong` says so,
  /// and checks after each answer that the memento resumes where the round is.
  private func play(_ round: inout Round, wrong: (Card, Int) -> Bool = { _, _ in false }) -> [String] {
    var asked: [String] = []
    while let card = round.currentCard {
      asked.append(card.prompt)
      #expect(round.count == 4)
      answer(&round, wrong(card, asked.count { $0 == card.prompt }) ? "wrong" : card.answer)
      let resumed = Round(group: group, memento: round.memento)
      #expect(resumed.currentCard == round.currentCard)
      #expect(resumed.count == round.count)
      #expect(resumed.doneCount == round.doneCount)
      #expect(round.memento.isFinished == round.isFinished)
    }
    return asked
  }

  @Test func aSequentialRoundAsksEachQuestionOnce() {
    var round = round(SequentialQuestionStrategy())
    // Four questions, whichever of their cards is asked.
    #expect(round.count == 4)
    let asked = play(&round)
    #expect(asked == ["q0", "q1", "q2", "[...] and y"])
    #expect(round.doneCount == 4)
    #expect(round.memento.isFinished)
  }

  @Test func theFirstCardAskedBuriesItsSiblingsWhateverItsKind() {
    // The reverse of q1 first, then the cloze's second number.
    var round = round(SequentialQuestionStrategy(), plan: [3, 0, 1, 2, 4, 5, 7, 6])
    let asked = play(&round)
    #expect(asked == ["a1", "q0", "q2", "x and [...]"])
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func aRandomRoundAsksOneCardOfEachQuestion(seed: UInt64) {
    var round = round(RandomQuestionStrategy(), seed: seed)
    let asked = play(&round)
    let cards = group.cards
    let questions = asked.compactMap { prompt in cards.first { $0.prompt == prompt }?.questionIdentity }
    #expect(questions.count == 4)
    #expect(Set(questions).count == 4)
  }

  @Test func aReviewRoundRepeatsAMissButNotItsSiblings() {
    var round = round(ReviewQuestionStrategy())
    // The first answer to each of q0 and the cloze's first number is wrong.
    let asked = play(&round) { card, times in times == 1 && (card.prompt == "q0" || card.prompt == "[...] and y") }
    #expect(asked == ["q0", "q1", "q2", "[...] and y", "q0", "[...] and y"])
    #expect(round.memento.isFinished)
  }

  @Test func takingBackTheAnswerBringsTheSiblingsBack() {
    var round = round(SequentialQuestionStrategy())
    answer(&round, "a0")
    #expect(round.doneCount == 1)
    #expect(round.memento.remaining.count == 6)
    round.readBack(round.memento.withoutLastAnswer)
    #expect(round.doneCount == 0)
    #expect(round.memento.remaining.count == 8)
    #expect(round.currentCard?.prompt == "q0")
  }

  @Test func theCardAnsweredLeastRecentlyTakesItsQuestionsFirstPlace() {
    let cards = group.cards
    // q0's forward card and the cloze's first number were answered; the others never.
    let answered: [String: Timestamp] = [
      cards[0].identity: Timestamp(rawValue: 5), cards[6].identity: Timestamp(rawValue: 9),
      cards[7].identity: Timestamp(rawValue: 7),
    ]
    let plan = SiblingOrder.arranged(Array(cards.indices), cards: cards) { answered[cards[$0].identity] }
    #expect(plan == [1, 0, 2, 3, 4, 5, 7, 6])
    // Questions without siblings keep the strategy's order exactly.
    let plain = QuestionGroup(title: "P", questions: [Question(prompt: "a", answer: "b")]).cards
    #expect(SiblingOrder.arranged([0], cards: plain) { _ in nil } == [0])
  }
}
