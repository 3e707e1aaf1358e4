import Testing

@testable import MemoQuizKit

/// A round's end, counted answer by answer, is the end its remaining
/// questions give: with repeats and without, skipped questions, answers to
/// cards the round does not ask, taken-back and regraded answers, and
/// cards with siblings.
@Suite struct RoundMementoOpenCardsTests {
  private static let separator = String(Card.identitySeparator)

  private func memento(plan: [String], skipped: Int, repeatsMissed: Bool) -> RoundMemento {
    RoundMemento(
      RoundStart(
        id: StepID(machine: .test(1), sequence: 1), time: Timestamp(rawValue: 0), group: "G", strategy: "random",
        seed: 0, repeatsMissed: repeatsMissed, skipped: skipped, plan: plan))
  }

  @Test(arguments: [false, true])
  func eachAnswerEndsTheRoundExactlyWhenNothingIsLeftToAsk(withSiblings: Bool) {
    var generator = SeededGenerator(seed: withSiblings ? 0x5349_424C : 0x504C_4149)
    var counted = 0
    for _ in 0..<400 {
      var pool = (0..<Int.random(in: 1...6, using: &generator)).map { "q\($0)" }
      if withSiblings { pool.append(pool[0] + Self.separator + "reverse") }
      // Plans mostly ask each card once; some ask one twice.
      var plan = pool.shuffled(using: &generator)
      if Bool.random(using: &generator) { plan.append(pool.randomElement(using: &generator)!) }
      let skipped = Int.random(in: 0...min(2, plan.count - 1), using: &generator)
      var round = memento(plan: plan, skipped: skipped, repeatsMissed: Bool.random(using: &generator))
      // Answers to the round's cards and now and then to a card it does not ask.
      let answerable = pool + ["elsewhere"]
      for sequence in 2..<40 {
        let answer = RoundMemento.Answer(
          step: StepID(machine: .test(1), sequence: sequence), question: answerable.randomElement(using: &generator)!,
          isCorrect: Int.random(in: 0..<3, using: &generator) > 0)
        let finished = round.record(answer)
        #expect(finished == round.isFinished, "plan \(plan), skipped \(skipped), answers \(round.answers)")
        if round.openCardsCache.openCards != nil { counted += 1 }
        if finished { break }
        // Now and then an answer is taken back, or regraded as `:right` does.
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:
          let taken = round.answers.randomElement(using: &generator)?.step
          round.answers.removeAll { $0.step == taken }
        case 1:
          if let index = round.answers.indices.randomElement(using: &generator) {
            round.answers[index].isCorrect = true
          }
        default: break
        }
      }
    }
    // Rounds without siblings are counted answer by answer, not walked again.
    if !withSiblings {
      #expect(counted > 1000, "\(counted) answers counted without walking the plan")
    }
  }
}
