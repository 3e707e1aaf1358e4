import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct RoundTests {
  let group = QuestionGroup(
    title: "G", questions: (0..<5).map { Question(prompt: "q\($0)", answer: "a\($0)") })

  private func memento(_ strategy: any QuestionStrategy, seed: UInt64 = 0) -> RoundMemento {
    let context = RoundPlanContext(
      questions: group.questions, seed: seed, memory: group.questions.map { _ in nil }, now: Timestamp(rawValue: 0),
      newLimit: 10)
    let plan = strategy.plan(context).map { group.questions[$0].identity }
    return RoundMemento(
      RoundStart(
        id: StepID(machine: .test(7), sequence: 1), time: Timestamp(rawValue: 0), group: "G", strategy: strategy.name,
        seed: seed,
        repeatsMissed: strategy.repeatsMissed, skipped: 0, plan: plan))
  }

  /// Grades and saves, numbering the answers as the caretaker would.
  private func answer(_ round: inout Round, _ inputs: [String]) {
    for input in inputs { _ = round.grade(input, usedHint: false, at: Timestamp(rawValue: 0), duration: 0) }
    let first = (round.memento.answers.last?.step.sequence ?? 1) + 1
    round.saved(
      round.unsaved.enumerated().map { offset, answer in
        var answer = answer
        answer.id = StepID(machine: .test(7), sequence: first + offset)
        return answer
      })
  }

  @Test func gradingAdvancesAndTakingBackStepsBackExactly() {
    var round = Round(group: group, memento: memento(SequentialQuestionStrategy()))
    #expect(round.currentCard?.prompt == "q0")
    answer(&round, ["a0", "nope"])
    #expect(round.doneCount == 2)
    #expect(round.memento.answers.map(\.isCorrect) == [true, false])
    round.readBack(round.memento.withoutLastAnswer)
    #expect(round.currentCard?.prompt == "q1")
    round.readBack(round.memento.withoutLastAnswer)
    #expect(round.currentCard?.prompt == "q0")
    #expect(round.doneCount == 0)
  }

  @Test func aMementoResumesTheSameOrderAndPosition() {
    var round = Round(group: group, memento: memento(RandomQuestionStrategy(), seed: 99))
    answer(&round, ["x", "y"])
    let resumed = Round(group: group, memento: round.memento)
    #expect(resumed.doneCount == 2)
    #expect(resumed.currentCard == round.currentCard)
  }

  @Test func questionsRemovedSinceAreSkippedOnResume() {
    var round = Round(group: group, memento: memento(SequentialQuestionStrategy()))
    answer(&round, ["a0"])
    var changed = group
    changed.questions.remove(at: 1)
    let resumed = Round(group: changed, memento: round.memento)
    #expect(resumed.currentCard?.prompt == "q2")
    #expect(resumed.count == 4)
  }

  @Test func aReviewRoundAsksAMissedQuestionAgainAtTheEndUntilRight() {
    var round = Round(group: group, memento: memento(ReviewQuestionStrategy()))
    var asked: [String] = []
    while let question = round.currentCard {
      asked.append(question.prompt)
      // q1 is missed twice, then answered.
      let missed = question.prompt == "q1" && asked.filter { $0 == "q1" }.count <= 2
      answer(&round, [missed ? "wrong" : question.answer])
    }
    #expect(asked == ["q0", "q1", "q2", "q3", "q4", "q1", "q1"])
    #expect(round.isFinished)
  }

  @Test func aMissComesBackAfterEveryPlannedCardAndResumesThere() {
    var round = Round(group: group, memento: memento(ReviewQuestionStrategy()))
    answer(&round, ["wrong", "a1"])
    #expect(round.memento.remaining == ["q2", "q3", "q4", "q0"])
    let resumed = Round(group: group, memento: round.memento)
    var asked: [String] = []
    while let question = round.currentCard {
      asked.append(question.prompt)
      answer(&round, [question.answer])
    }
    #expect(asked == ["q2", "q3", "q4", "q0"])
    #expect(resumed.currentCard?.prompt == "q2")
    #expect(resumed.leftCount == 4)
  }

  @Test func rightRemovesTheRepeatOfAMissedQuestion() {
    var round = Round(group: group, memento: memento(ReviewQuestionStrategy()))
    answer(&round, ["wrong"])
    #expect(round.memento.remaining == ["q1", "q2", "q3", "q4", "q0"])
    round.readBack(round.memento.withLastAnswerRight)
    #expect(round.memento.remaining == ["q1", "q2", "q3", "q4"])
  }

  @Test func summaryCountsAndListsMissedQuestions() {
    var round = Round(group: group, memento: memento(SequentialQuestionStrategy()))
    answer(&round, ["a0", "x", "a2", "y", "a4"])
    #expect(round.isFinished)
    let summary = round.summary
    #expect(summary.correctCount == 3)
    #expect(summary.incorrectCount == 2)
    #expect(summary.percentage == 60)
    #expect(summary.missed.map(\.prompt) == ["q1", "q3"])
  }
}
