import Foundation
import Testing

@testable import MemoQuizKit

/// Progress loaded from the outlook holds no card's memory until it is read
/// by the explicit, throwing call; a history that cannot be read then is an
/// error, and leaves the state as it was.
@Suite struct ProgressStoreTests {
  private let group = QuestionGroup(
    title: "G", questions: (0..<4).map { Question(prompt: "q\($0)", answer: "a\($0)") })

  /// A folder with answers to three of the group's cards, and an outlook
  /// written for the group; the caretaker that wrote them.
  private func practised(_ folder: TemporaryFolder) throws -> ProgressCaretaker {
    let caretaker = try ProgressCaretaker(folder: DataFolder(path: folder.path))
    let cards = group.cards
    let answers = (0..<3).map { index in
      AnswerStep(
        id: StepID(machine: MachineID.test(1), sequence: 1),
        time: Timestamp(rawValue: 1_767_600_000_000 + Int64(index)),
        group: "G", round: nil, question: cards[index].identity, prompt: cards[index].prompt, typed: "a",
        rating: index == 1 ? .again : .good, duration: 1000)
    }
    _ = try caretaker.record(answers)
    caretaker.questionsInUse = (42, [group])
    try caretaker.saveCheckpointIfDue()
    return caretaker
  }

  /// The progress the commands that need no memory read.
  private func fromOutlook(_ folder: TemporaryFolder) throws -> ProgressCaretaker {
    let data = DataFolder(path: folder.path)
    let read = ProgressCaches.readOutlookOrCheckpoint(in: data)
    let outlook = try #require(read.outlook, "the outlook reaches as far as the history")
    return try #require(ProgressCaretaker(folder: data, outlook: outlook, key: 42) { _ in })
  }

  @Test func theMemoryIsReadOnlyWhenAskedAndIsTheWholeStates() throws {
    let folder = try TemporaryFolder()
    let whole = try practised(folder).loadMemory()
    let progress = try fromOutlook(folder)
    #expect(!progress.hasMemory)
    #expect(progress.progressWithoutMemory.groups["G"]?.questions.isEmpty == true)
    #expect(progress.progressWithoutMemory.groups["G"]?.answerScore == whole.groups["G"]?.answerScore)
    let loaded = try progress.loadMemory()
    #expect(progress.hasMemory)
    #expect(loaded.groups["G"]?.questions == whole.groups["G"]?.questions)
    #expect(loaded.groups["G"]?.questions.count == 3)
  }

  @Test func aHistoryThatCannotBeReadIsAnErrorAndKeepsTheStateAsItWas() throws {
    let folder = try TemporaryFolder()
    let machine = try practised(folder).machine().id
    let progress = try fromOutlook(folder)
    let before = progress.progressWithoutMemory.groups["G"]?.answerScore
    // The history's first line says a newer memoquiz wrote it.
    let path = HistoryCaretaker(folder: DataFolder(path: folder.path)).file(of: machine).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let header = "memoquiz history\t\(MachineHistoryFile.version)\t"
    try #require(text.hasPrefix(header))
    try ("memoquiz history\t9\t" + text.dropFirst(header.count)).write(toFile: path, atomically: false, encoding: .utf8)
    let error = #expect(throws: PersistenceError.self) { try progress.loadMemory() }
    #expect(
      error?.description
        == "\(path) was written by a newer memoquiz (format version 9; this one reads up to "
        + "\(MachineHistoryFile.version)); update memoquiz")
    #expect(!progress.hasMemory)
    #expect(progress.progressWithoutMemory.groups["G"]?.answerScore == before)
    #expect(before?.answeredCount == 3)
  }

  /// A pipe's long group of answers is counted on a second thread while it
  /// is written: what the caretaker holds after it is what a new reader of
  /// the folder reads, also when another machine's clock is ahead and the
  /// answers do not apply on top of what was read, so that the whole
  /// history is replayed.
  @Test(arguments: [false, true])
  func aLongGroupOfAnswersIsCountedAsANewReaderCountsIt(anotherClockIsAhead: Bool) throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let start: Int64 = 1_767_600_000_000
    if anotherClockIsAhead {
      let history = folder.path + "/history"
      try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
      let later = start + 10 * 86_400_000
      try """
      memoquiz history\t\(MachineHistoryFile.version)\t0000beef\tlaptop
      answer\t1\t\(later)\tG\t\tq1\tq1\ta\t3\t2000

      """.write(toFile: history + "/0000beef.log", atomically: true, encoding: .utf8)
    }
    let caretaker = try ProgressCaretaker(folder: data)
    let answers = (0..<3 * ProgressStore.recordsFoldedAside).map { index in
      AnswerStep(
        id: StepID(machine: MachineID.test(1), sequence: 1), time: Timestamp(rawValue: start + Int64(index) * 1000),
        group: "G", round: nil, question: "q\(index % 50)", prompt: "q\(index % 50)", typed: "a",
        rating: index % 3 == 0 ? .again : .good, duration: 1000)
    }
    _ = try caretaker.record(answers)
    let counted = caretaker.progressWithoutMemory
    #expect(counted.groups["G"]?.answerScore.answeredCount == answers.count + (anotherClockIsAhead ? 1 : 0))
    #expect(counted == (try ProgressCaretaker(folder: data).progressWithoutMemory))
  }
}
