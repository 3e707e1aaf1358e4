import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct RoundTests {
  let group = QuestionGroup(
    title: "G", questions: (0..<5).map { Question(prompt: "q\($0)", answer: "a\($0)") })

  @Test func gradingAdvancesAndUndoStepsBackExactly() throws {
    var round = Round(group: group, strategy: SequentialQuestionStrategy(), seed: 0, now: Date())
    #expect(round.currentQuestion?.prompt == "q0")
    #expect(round.grade("a0")?.isCorrect == true)
    #expect(round.grade("nope")?.isCorrect == false)
    #expect(round.position == 2)
    #expect(round.memento.answers == "10")
    let undone = round.undo()
    let taken = try #require(undone)
    #expect(taken.isCorrect == false)
    #expect(taken.question.prompt == "q1")
    #expect(round.currentQuestion?.prompt == "q1")
    #expect(round.undo()?.isCorrect == true)
    #expect(round.undo() == nil)
    #expect(round.position == 0)
  }

  @Test func aMementoResumesTheSameOrderAndPosition() throws {
    var round = Round(group: group, strategy: RandomQuestionStrategy(), seed: 99, now: Date())
    _ = round.grade("x")
    _ = round.grade("y")
    let resumed = try #require(Round(group: group, resuming: round.memento))
    #expect(resumed.order == round.order)
    #expect(resumed.position == 2)
    #expect(resumed.currentQuestion == round.currentQuestion)
  }

  @Test func aMementoOfChangedQuestionsDoesNotResume() {
    let round = Round(group: group, strategy: SequentialQuestionStrategy(), seed: 0, now: Date())
    var changed = group
    changed.questions[2].answer = "different"
    #expect(Round(group: changed, resuming: round.memento) == nil)
    changed = group
    changed.questions.removeLast()
    #expect(Round(group: changed, resuming: round.memento) == nil)
  }

  @Test func summaryCountsAndListsMissedQuestions() {
    var round = Round(group: group, strategy: SequentialQuestionStrategy(), seed: 0, now: Date())
    for answer in ["a0", "x", "a2", "y", "a4"] { _ = round.grade(answer) }
    #expect(round.isFinished)
    let summary = round.summary
    #expect(summary.correctCount == 3)
    #expect(summary.incorrectCount == 2)
    #expect(summary.percentage == 60)
    #expect(summary.missed.map(\.prompt) == ["q1", "q3"])
  }
}
