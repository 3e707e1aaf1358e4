import Foundation
import Testing

@testable import MemoQuizKit

/// Rounds of cards the learner grades: the answer shown, then Again, Hard,
/// Good or Easy, in the same round as typed cards.
@Suite struct SelfGradedRoundTests {
  /// A self-graded group of three questions, the last one typed.
  private static let questions = """
    [{"title": "Words", "grade": "self", "questions": [
      {"prompt": "聞く", "answer": "to listen; to ask", "hint": "きく"},
      {"prompt": "駅", "answer": "station"},
      {"prompt": "山", "answer": "yama", "grade": "typed"}
    ]}]
    """

  private func caretaker(_ folder: TemporaryFolder) throws -> QuestionGroupCaretaker {
    try folder.write("questions.json", Self.questions)
    return try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
  }

  /// Plays a sequential round of the lines, then reads the folder as a new process would.
  private func play(_ lines: [String], in folder: TemporaryFolder) throws -> (String, QuestionGroupCaretaker) {
    let terminal = ScriptedTerminal(lines: lines)
    let library = try caretaker(folder)
    var session = RoundSession(caretaker: library, terminal: terminal, outlook: DayOutlook(caretaker: library)) {
      Date(timeIntervalSince1970: 1_800_000_000)
    }
    try session.play(groupIndex: 0, options: .init(strategy: SequentialQuestionStrategy()))
    return (terminal.shown, try QuestionGroupCaretaker(folder: DataFolder(path: folder.path)))
  }

  @Test func theAnswerIsShownThenTheLearnerGrades() throws {
    let folder = try TemporaryFolder()
    let (shown, reloaded) = try play(["", "3", "to ask", "n", "yama"], in: folder)
    let keys = "Grade it: 1 Again · 2 Hard · 3 Good · 4 Easy (n Again, y Good).\n"
    #expect(
      shown.hasPrefix(
        "Words: 3 questions, sequential order\n"
          + "[1/3] 聞く\n" + "Answer: to listen; to ask\n" + "Hint: きく\n" + keys + "Correct: Good.\n"
          + "[2/3] 駅\n" + "Answer: station\n" + "You wrote: to ask\n" + keys + "Incorrect (Again).\n"
          + "[3/3] 山\n" + "Correct!\n"), "\(shown)")
    let group = reloaded.groups[0]
    #expect(reloaded.score(of: group) == Score(correctCount: 2, incorrectCount: 1))
    let records = try HistoryCaretaker(folder: DataFolder(path: folder.path)).readAll().records
    let answers = records.compactMap { record -> AnswerStep? in
      if case .answer(let answer) = record { return answer }
      return nil
    }
    #expect(answers.map(\.typed) == ["", "to ask", "yama"], "the attempt is kept as typed, never judged")
    #expect(answers.map(\.rating) == [.good, .again, .good])
  }

  @Test func easyReachesTheSchedulerAsEasy() throws {
    let folder = try TemporaryFolder()
    let (_, reloaded) = try play(["", "4", "", "2", ":quit"], in: folder)
    let group = reloaded.groups[0]
    // FSRS-6's initial stability of a first Easy is w3, of a first Hard w1.
    #expect(try reloaded.loadMemory().memory(of: group.cards[0], in: group)?.state?.stability == 8.2956)
    #expect(try reloaded.loadMemory().memory(of: group.cards[1], in: group)?.state?.stability == 1.2931)
  }

  @Test func otherInputAtTheGradeAsksForAGrade() throws {
    let folder = try TemporaryFolder()
    let (shown, reloaded) = try play(["", "5", "good", "?", "Y", ":quit"], in: folder)
    #expect(shown.components(separatedBy: "Grade it:").count == 4, "\(shown)")
    #expect(shown.contains("Hint: きく\nCorrect: Good.\n"), "\(shown)")
    let group = reloaded.groups[0]
    #expect(reloaded.score(of: group) == Score(correctCount: 1, incorrectCount: 0))
  }

  @Test func undoAndRightWorkOnASelfGrade() throws {
    let folder = try TemporaryFolder()
    let (shown, reloaded) = try play(["", "1", ":undo", "", "1", ":right", "", "3", ":quit"], in: folder)
    #expect(shown.contains("Took back your incorrect answer to 聞く.\n[1/3] 聞く\n"), "\(shown)")
    #expect(shown.contains("Counted as correct: your answer to 聞く.\n"), "\(shown)")
    let group = reloaded.groups[0]
    #expect(reloaded.score(of: group) == Score(correctCount: 2, incorrectCount: 0))
    // Again made Good by :right is a first Good: w2.
    #expect(try reloaded.loadMemory().memory(of: group.cards[0], in: group)?.state?.stability == 2.3065)
  }

  @Test func aRoundLeftAfterTheRevealAsksThatQuestionAgain() throws {
    let folder = try TemporaryFolder()
    let (first, _) = try play(["", "3", "station?", ":quit"], in: folder)
    #expect(first.contains("You wrote: station?"))
    let (resumed, reloaded) = try play(["", "4", "yama"], in: folder)
    #expect(resumed.contains("Resuming Words at question 2 of 3"), "\(resumed)")
    #expect(resumed.contains("[2/3] 駅\nAnswer: station\n"), "\(resumed)")
    #expect(reloaded.score(of: reloaded.groups[0]) == Score(correctCount: 3, incorrectCount: 0))
  }

  @Test func aQuestionsGradeOverridesItsGroups() throws {
    let group = try #require(QuestionFile(bytes: Array(Self.questions.utf8)).groups?.first)
    #expect(group.grade == .self)
    #expect(group.cards.map(\.grading) == [.self, .self, .typed])
    let typed = QuestionGroup(
      title: "T", questions: [Question(prompt: "p", answer: "a", grade: .self), Question(prompt: "q", answer: "b")])
    #expect(typed.cards.map(\.grading) == [.self, .typed])
  }

  @Test func theQuestionsFileKeepsTheGrade() throws {
    let group = try #require(QuestionFile(bytes: Array(Self.questions.utf8)).groups?.first)
    let written = QuestionExport.json([group])
    let text = String(decoding: written, as: UTF8.self)
    #expect(text.contains(#""grade": "self""#))
    #expect(text.contains(#"{"prompt": "山", "answer": "yama", "grade": "typed"}"#))
    #expect(QuestionFile(bytes: written).groups == [group])
    let decoded = try JSONDecoder().decode([QuestionGroup].self, from: Data(written))
    #expect(decoded == [group])
  }
}
