import Foundation
import Testing

@testable import MemoQuizKit

/// The round loop against a scripted terminal and a real data folder.
@Suite struct RoundSessionTests {
  private func caretaker(_ folder: TemporaryFolder, questions: Int) throws -> QuestionGroupCaretaker {
    let items = (0..<questions).map { #"{"prompt": "q\#($0)", "answer": "a\#($0)"}"# }
    try folder.write("questions.json", #"[{"title": "G", "questions": [\#(items.joined(separator: ","))]}]"#)
    return try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
  }

  /// The answers on disk, as another process reads them: its own
  /// caretaker, which reads what was appended to the history since it last
  /// looked.
  private final class StoredAnswers {
    let folder: TemporaryFolder
    private var progress: ProgressCaretaker?
    init(_ folder: TemporaryFolder) { self.folder = folder }

    var count: Int {
      if let progress {
        try? progress.loadMemory().refresh()
      } else {
        progress = try? ProgressCaretaker(folder: DataFolder(path: folder.path))
      }
      return progress?.progressWithoutMemory.groups["G"]?.answerScore.answeredCount ?? 0
    }
  }

  @Test(arguments: [true, false])
  func noVerdictIsShownBeforeItsAnswerIsOnDisk(_ allWaiting: Bool) throws {
    let folder = try TemporaryFolder()
    let answers = (0..<600).map { $0 % 3 == 0 ? "wrong" : "a\($0)" }
    let terminal = ScriptedTerminal(lines: answers, allWaiting: allWaiting)
    let stored = StoredAnswers(folder)
    var flushes = 0
    // The verdicts on the lines already ended are counted once each: only
    // what was shown since the last flush, and the line still open, are read.
    var ended = 0
    var endedVerdicts = 0
    func isVerdict(_ line: Substring) -> Bool { line.hasPrefix("Correct") || line.hasPrefix("Incorrect") }
    terminal.onFlush = { shown in
      flushes += 1
      let utf8 = shown.utf8
      let new = utf8.index(utf8.startIndex, offsetBy: ended)
      let lines = shown[new...].split(separator: "\n", omittingEmptySubsequences: false)
      endedVerdicts += lines.dropLast().count(where: isVerdict)
      ended = utf8.count - (lines.last?.utf8.count ?? 0)
      let verdicts = endedVerdicts + (lines.last.map { isVerdict($0) ? 1 : 0 } ?? 0)
      #expect(stored.count >= verdicts, "a verdict was shown before its answer was saved")
    }
    let library = try caretaker(folder, questions: 600)
    var session = RoundSession(caretaker: library, terminal: terminal, outlook: DayOutlook(caretaker: library))
    try session.play(groupIndex: 0, options: .init(strategy: SequentialQuestionStrategy()))
    #expect(stored.count == 600)
    #expect(
      try ProgressCaretaker(folder: DataFolder(path: folder.path)).progressWithoutMemory.groups["G"]?.answerScore
        .answeredCount == 600)
    #expect(terminal.shown.contains("Round complete"))
    if allWaiting {
      #expect(flushes < 20, "waiting answers are saved in groups, not one by one (\(flushes) flushes)")
    } else {
      #expect(flushes > 600, "answers typed one by one are each saved and shown at once")
    }
  }

  /// A long pipe of answers is saved in a handful of durable writes, each
  /// before the verdicts it holds are shown.
  @Test func undoStepsBackAcrossGroupCommits() throws {
    let folder = try TemporaryFolder()
    let terminal = ScriptedTerminal(lines: ["a0", "x", "a2", ":undo", ":undo", "a1", ":quit"])
    let library = try caretaker(folder, questions: 5)
    var session = RoundSession(caretaker: library, terminal: terminal, outlook: DayOutlook(caretaker: library))
    try session.play(groupIndex: 0, options: .init(strategy: SequentialQuestionStrategy()))
    let reloaded = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    #expect(reloaded.score(of: reloaded.groups[0]) == Score(correctCount: 2, incorrectCount: 0))
    #expect(try reloaded.unfinishedRound(of: "G", at: Date())?.answers.map(\.question) == ["q0", "q1"])
    #expect(try reloaded.unfinishedRound(of: "G", at: Date())?.remaining.first == "q2")
  }

  @Test func interactiveRoundExplainsTheCommandsAndPrompts() throws {
    let folder = try TemporaryFolder()
    let terminal = ScriptedTerminal(lines: [":quit"], allWaiting: false, isInteractive: true)
    let library = try caretaker(folder, questions: 2)
    var session = RoundSession(caretaker: library, terminal: terminal, outlook: DayOutlook(caretaker: library))
    try session.play(groupIndex: 0, options: .init(strategy: SequentialQuestionStrategy()))
    #expect(terminal.shown.contains(":undo"))
    #expect(terminal.shown.contains("> "))
  }
  /// A day that allows `newLeft` new questions, with its own words for
  /// what comes next.
  private struct FixedOutlook: RoundOutlook {
    let newLeft: Int
    func newQuestionsLeft(at now: Date, memory: ProgressWithMemory) -> Int { newLeft }
    func nextDue(at now: Date, memory: ProgressWithMemory) -> String { "next: tomorrow." }
    func whatsNext(at now: Date, memory: ProgressWithMemory) -> String { "Then: tomorrow." }
  }

  /// A review round takes no more new questions than the cap its starter
  /// gives, across groups and (at most ten) in one group's round.
  @Test(arguments: [(0, false), (3, false), (12, false), (3, true), (12, true)])
  func aReviewTakesAtMostTheNewQuestionsTheDayAllows(cap: Int, oneGroup: Bool) throws {
    let folder = try TemporaryFolder()
    let library = try caretaker(folder, questions: 20)
    let terminal = ScriptedTerminal(lines: [":quit"])
    var session = RoundSession(caretaker: library, terminal: terminal, outlook: FixedOutlook(newLeft: cap))
    let options = RoundSession.Options(strategy: ReviewQuestionStrategy())
    if oneGroup {
      try session.play(groupIndex: 0, options: options)
    } else {
      try session.review(groupIndices: [], options: options)
    }
    let reloaded = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    let round = try reloaded.unfinishedRound(of: oneGroup ? "G" : "", at: Date())
    #expect(round?.plan.count ?? 0 == (oneGroup ? min(cap, 10) : cap))
    if cap == 0 {
      terminal.flush()
      #expect(terminal.shown == "Nothing to review now; next: tomorrow.\n")
    }
  }

  /// The line after a round's summary is the outlook's, asked once the
  /// round's answers are given.
  @Test func theEndOfARoundSaysWhatTheOutlookSaysComesNext() throws {
    let folder = try TemporaryFolder()
    let library = try caretaker(folder, questions: 2)
    let terminal = ScriptedTerminal(lines: ["a0", "a1"])
    var session = RoundSession(caretaker: library, terminal: terminal, outlook: FixedOutlook(newLeft: 0))
    try session.play(groupIndex: 0, options: .init(strategy: SequentialQuestionStrategy()))
    #expect(terminal.shown.hasSuffix("Then: tomorrow.\n"))
  }
}
