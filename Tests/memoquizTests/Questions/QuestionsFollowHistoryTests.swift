import Foundation
import Testing

/// The history is the truth of the questions: a change whose step is on disk
/// holds even when a crash came before the questions file was replaced, and
/// `undo` then takes it back. What memoquiz records on its own is timed by
/// `MEMOQUIZ_NOW`, as every command's steps are.
@Suite struct QuestionsFollowHistoryTests {
  private let day1 = ["MEMOQUIZ_NOW": "2026-12-01T09:00:00Z"]
  private let later = ["MEMOQUIZ_NOW": "2026-12-01T09:05:00Z"]
  private let day2 = ["MEMOQUIZ_NOW": "2026-12-02T10:00:00Z"]

  /// Imports two questions as the group Words; returns the file's path.
  @discardableResult
  private func importWords(_ sandbox: MemoQuizSandbox) throws -> String {
    let words = sandbox.folder.appendingPathComponent("words.tsv")
    try "Q1\tA1\nQ2\tA2\n".write(to: words, atomically: true, encoding: .utf8)
    let imported = try sandbox.run(["import", words.path, "--title", "Words"], environment: day1)
    #expect(imported.status == 0, "\(imported.stderr)")
    return words.path
  }

  private func questions(_ sandbox: MemoQuizSandbox) throws -> String {
    try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
  }

  /// The folder as a crash right after `command`'s step was appended leaves
  /// it: the questions file, and what memoquiz noted of it, as before.
  private func crashAfterStep(of command: [String], in sandbox: MemoQuizSandbox) throws {
    let state = sandbox.folder.appendingPathComponent("local/questions-state")
    let file = try Data(contentsOf: sandbox.questionsFile)
    let noted = try Data(contentsOf: state)
    let result = try sandbox.run(command, environment: later)
    #expect(result.status == 0, "\(result.stderr)")
    try file.write(to: sandbox.questionsFile)
    try noted.write(to: state)
  }

  /// How a crash between replacing the questions file and noting it leaves
  /// `local/questions-state`.
  enum LostNote: CaseIterable {
    /// As it was before the step.
    case asBefore
    /// Gone.
    case deleted
  }

  /// The folder as a crash right after `command` replaced the questions
  /// file, before memoquiz noted it, leaves it.
  private func crashBeforeNote(of command: [String], in sandbox: MemoQuizSandbox, _ lost: LostNote) throws {
    let state = sandbox.folder.appendingPathComponent("local/questions-state")
    let noted = try Data(contentsOf: state)
    let result = try sandbox.run(command, environment: later)
    #expect(result.status == 0, "\(result.stderr)")
    switch lost {
    case .asBefore: try noted.write(to: state)
    case .deleted: try FileManager.default.removeItem(at: state)
    }
  }

  /// The questions file a copy of the folder without `local/` shows.
  private func questionsOfAFreshCopy(_ sandbox: MemoQuizSandbox) throws -> String {
    let fresh = try MemoQuizSandbox()
    try FileManager.default.removeItem(at: fresh.folder)
    try FileManager.default.copyItem(at: sandbox.folder, to: fresh.folder)
    try FileManager.default.removeItem(at: fresh.folder.appendingPathComponent("local"))
    let groups = try fresh.run(["groups"], environment: day2)
    #expect(groups.status == 0, "\(groups.stderr)")
    return try questions(fresh)
  }

  @Test(arguments: LostNote.allCases)
  func anImportUndoneRightAfterACrashIsGoneAndNoLaterAddBringsItBack(_ lost: LostNote) throws {
    let sandbox = try MemoQuizSandbox()
    try importWords(sandbox)
    let more = sandbox.folder.appendingPathComponent("more.tsv")
    try "Q9\tA9\n".write(to: more, atomically: true, encoding: .utf8)
    try crashBeforeNote(of: ["import", more.path, "--title", "More"], in: sandbox, lost)
    #expect(try questions(sandbox).contains("\"More\""))

    let undo = try sandbox.run(["undo"], environment: day2)
    #expect(
      undo.stdout
        == "Took back step 2: import of \(more.path); the questions are as they were before it. `memoquiz redo` brings it back.\n"
    )
    #expect(undo.stderr == "")
    #expect(try !questions(sandbox).contains("More"))
    #expect(try questions(sandbox) == questionsOfAFreshCopy(sandbox))

    let add = try sandbox.run(["add", "Words", "Q3", "A3"], environment: day2)
    #expect(add.status == 0, "\(add.stderr)")
    #expect(try !questions(sandbox).contains("More"))
    #expect(try questions(sandbox).contains("\"Q3\""))
    #expect(try !sandbox.run(["groups"], environment: day2).stdout.contains("More"))
    #expect(try questions(sandbox) == questionsOfAFreshCopy(sandbox))
    let history = try sandbox.run(["history"], environment: day2)
    #expect(!history.stdout.contains("by hand"), "\(history.stdout)")
  }

  @Test func undoOfAForeignChangeThatCarriesNoEarlierVersionSaysTheFileStays() throws {
    // Another machine's change of the questions that names no version
    // before it, as a change recorded by hand in its file would.
    let other = try MemoQuizSandbox()
    let words = other.folder.appendingPathComponent("words.tsv")
    try "Q1\tA1\n".write(to: words, atomically: true, encoding: .utf8)
    #expect(try other.run(["import", words.path, "--title", "Words"], environment: day1).status == 0)
    let log = other.historyFile
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.hasSuffix("\t0\t\n"))
    let crafted = String(text.dropLast(4)) + "\t\t\n"

    let sandbox = try MemoQuizSandbox()
    #expect(try sandbox.run(["groups"], environment: day1).status == 0)
    let history = sandbox.folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    try Data(crafted.utf8).write(to: history.appendingPathComponent(log.lastPathComponent))
    #expect(try sandbox.run(["groups"], environment: day2).stdout.contains("Words"))
    let before = try questions(sandbox)

    let undo = try sandbox.run(["undo"], environment: day2)
    #expect(undo.stderr == "")
    #expect(
      undo.stdout
        == "Took back step 1: import of \(words.path); the history holds no earlier version of the questions, so questions.json stays as it is. `memoquiz redo` brings it back.\n"
    )
    #expect(try questions(sandbox) == before)
    #expect(try questions(sandbox) == questionsOfAFreshCopy(sandbox))
  }

  @Test func anAddWhoseFileWasNotWrittenHoldsAndUndoTakesItBack() throws {
    let sandbox = try MemoQuizSandbox()
    let words = try importWords(sandbox)
    try crashAfterStep(of: ["add", "Words", "Q3", "A3"], in: sandbox)
    #expect(try !questions(sandbox).contains("Q3"))

    let groups = try sandbox.run(["groups"], environment: day2)
    #expect(groups.stderr == "")
    #expect(try questions(sandbox).contains("\"Q3\""))
    let undo = try sandbox.run(["undo"], environment: day2)
    #expect(
      undo.stdout
        == "Took back step 2: add of Q3 to Words; the questions are as they were before it. `memoquiz redo` brings it back.\n"
    )
    #expect(undo.stderr == "")
    #expect(try !questions(sandbox).contains("Q3"))
    #expect(try questions(sandbox).contains("\"Q2\""))
    let history = try sandbox.run(["history"], environment: day2)
    #expect(
      history.stdout == """
        ID  Time              Step
         2  2026-12-01 09:05  add of Q3 to Words (taken back)
         1  2026-12-01 09:00  import of \(words)

        """)
  }

  @Test func anImportWhoseFileWasNotWrittenCanStillBeUndone() throws {
    let sandbox = try MemoQuizSandbox()
    try importWords(sandbox)
    let more = sandbox.folder.appendingPathComponent("more.tsv")
    try "Q9\tA9\n".write(to: more, atomically: true, encoding: .utf8)
    try crashAfterStep(of: ["import", more.path, "--title", "More"], in: sandbox)

    let first = try sandbox.run(["scores", "More"], environment: day2)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try questions(sandbox).contains("\"More\""))
    let undo = try sandbox.run(["undo"], environment: day2)
    #expect(undo.stdout.hasPrefix("Took back step 2: import of "), "\(undo.stdout)")
    #expect(try !questions(sandbox).contains("More"))
    // No command after took the file for a hand edit.
    let history = try sandbox.run(["history"], environment: day2)
    #expect(!history.stdout.contains("by hand"), "\(history.stdout)")
    #expect(history.stdout.split(separator: "\n").count == 3, "\(history.stdout)")
  }

  @Test func aHandEditRecordedByACommandIsTimedByMemoquizNow() throws {
    let sandbox = try MemoQuizSandbox()
    let words = try importWords(sandbox)
    let edited = try questions(sandbox).replacingOccurrences(of: "\"A1\"", with: "\"A1b\"")
    try edited.write(to: sandbox.questionsFile, atomically: true, encoding: .utf8)
    // The history moves on while the file holds the learner's edit: the
    // edit becomes a step of its own, kept.
    try sandbox.run(["undo"], environment: day2)
    let history = try sandbox.run(["history"], environment: day2)
    #expect(
      history.stdout == """
        ID  Time              Step
         2  2026-12-02 10:00  edit of questions.json by hand
         1  2026-12-01 09:00  import of \(words) (taken back)

        """)
    #expect(try questions(sandbox) == edited)
  }
}
