import Foundation
import Testing

/// What an attack on the second release found in its history and
/// checkpoint, each proven by the real binary on a real data folder.
@Suite struct HistoryRecoveryTests {
  private static let oneGroup = """
    [{"title": "G", "questions": [
      {"prompt": "p1", "answer": "a1"}, {"prompt": "p2", "answer": "a2"}, {"prompt": "p3", "answer": "a3"}]}]
    """

  private func sandbox() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.oneGroup)
    return sandbox
  }

  private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  /// Six `add`s at once all keep their question.
  @Test func concurrentAddsAndImportsKeepEveryChange() throws {
    let sandbox = try sandbox()
    let running = try (1...6).map { try sandbox.launch(["add", "G\($0)", "p", "a", "--new-group"]) }
    for process in running { #expect(process.wait().status == 0) }
    let groups = try sandbox.run(["groups"]).stdout
    for index in 1...6 { #expect(groups.contains("G\(index) "), "G\(index) was lost:\n\(groups)") }
    let history = try sandbox.run(["history", "--json"]).stdout
    #expect(history.components(separatedBy: "\"kind\" : \"add\"").count - 1 == 6)
  }

  /// A record numbered at the largest number a file may hold:
  /// the next answer is refused before its verdict, never written unreadable.
  @Test func aRecordNumberAtTheLargestReadableValueIsNeverExceeded() throws {
    let sandbox = try sandbox()
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a1\n")
    var history = try text(sandbox.historyFile)
    history += "reset\t2147483647\t1795371738189\tOther\n"
    try history.write(to: sandbox.historyFile, atomically: false, encoding: .utf8)
    let result = try sandbox.run(["play", "G"], input: "a2\n")
    #expect(result.status == 1)
    #expect(!result.stdout.contains("Correct"), "no verdict for an answer that could not be saved")
    #expect(result.stderr.contains("holds as many records as a history file can"), "\(result.stderr)")
    let again = try sandbox.run(["scores", "--json"])
    #expect(again.status == 0 && again.stderr.isEmpty, "what was written can be read: \(again.stderr)")
  }

  /// One bad byte in the first line keeps every record.
  @Test func aDamagedFirstLineKeepsEveryRecord() throws {
    let sandbox = try sandbox()
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a1\na2\nx\n")
    var bytes = [UInt8](try Data(contentsOf: sandbox.historyFile))
    bytes[3] = 0xFF
    try Data(bytes).write(to: sandbox.historyFile)
    let result = try sandbox.run(["scores", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning"), "the damage is said")
    #expect(try sandbox.storedScore("G") == (2, 1), "every record kept")
  }

  /// A history shorter than the checkpoint says (an older copy
  /// restored) is noticed: the state is rebuilt and nothing is padded.
  @Test func aHistoryShorterThanTheCheckpointIsRebuiltAndNeverPadded() throws {
    let sandbox = try sandbox()
    try sandbox.writeNumberedGroups(["Big"], count: 3000)
    let answers = (0..<1500).map { "a\($0)\n" }.joined()
    try sandbox.run(["play", "Big", "--strategy", "sequential"], input: answers)
    let older = try Data(contentsOf: sandbox.historyFile)
    try sandbox.run(["play", "Big"], input: (1500..<3000).map { "a\($0)\n" }.joined())
    #expect(try sandbox.storedScore("Big") == (3000, 0))
    #expect(FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("local/checkpoint").path))
    try older.write(to: sandbox.historyFile)
    #expect(try sandbox.storedScore("Big") == (1500, 0))
    try sandbox.run(["play", "Big", "--strategy", "sequential", "--restart"], input: "a0\n")
    let after = try Data(contentsOf: sandbox.historyFile)
    #expect(!after.contains(0), "no NUL bytes")
    #expect(try sandbox.storedScore("Big") == (1501, 0))
  }

  /// A line repeated (as a copy can) is the same step once.
  @Test func aDuplicatedLineCountsOnceAndUndoTakesBackOne() throws {
    let sandbox = try sandbox()
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a1\na2\n")
    var lines = try text(sandbox.historyFile).split(separator: "\n", omittingEmptySubsequences: false)
    let answer = try #require(lines.lastIndex { $0.hasPrefix("answer\t") })
    lines.insert(lines[answer], at: answer + 1)
    try lines.joined(separator: "\n").write(to: sandbox.historyFile, atomically: false, encoding: .utf8)
    try? FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("local/checkpoint"))
    #expect(try sandbox.storedScore("G") == (2, 0))
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.storedScore("G") == (1, 0))
  }

  /// A checkpoint field out of range is damage, moved aside and
  /// rebuilt, never a trap.
  @Test func aCheckpointFieldOutOfRangeIsMovedAsideAndRebuilt() throws {
    let sandbox = try sandbox()
    try sandbox.writeNumberedGroups(["Big"], count: 3000)
    try sandbox.run(["play", "Big", "--strategy", "sequential"], input: (0..<3000).map { "a\($0)\n" }.joined())
    let checkpoint = sandbox.folder.appendingPathComponent("local/checkpoint")
    var lines = try text(checkpoint).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix("question\t") })
    var fields = lines[index].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    fields[8] = "9223372036854775807"  // the review count
    lines[index] = fields.joined(separator: "\t")
    try lines.joined(separator: "\n").write(to: checkpoint, atomically: false, encoding: .utf8)
    for command in [["play", "Big"], ["groups"], ["history"], ["stats"]] {
      let result = try sandbox.run(command, input: ":quit\n")
      #expect(result.status == 0 && !result.wasSignaled, "\(command): \(result.stderr)")
    }
    #expect(try sandbox.storedScore("Big") == (3000, 0))
    let local = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.appendingPathComponent("local").path)
    #expect(local.contains { $0.hasPrefix("checkpoint.damaged-") }, "\(local)")
  }

  /// An undo from another process during a round is seen by
  /// the round's `:right` and `:undo`.
  @Test func anUndoFromAnotherProcessIsSeenByTheRound() throws {
    let sandbox = try sandbox()
    let running = try sandbox.launch(["play", "G", "--strategy", "sequential"])
    running.send("wrong\n")
    #expect(running.waitForOutput(containing: "Incorrect"))
    #expect(try sandbox.run(["undo"]).status == 0)
    running.send(":right\n")
    #expect(running.waitForOutput(containing: "was taken back"))
    running.send(":quit\n")
    running.closeInput()
    _ = running.wait()
    #expect(try sandbox.storedScore("G") == (0, 0))
  }

  /// A mark that names a step no file holds never blocks redo.
  @Test func aMarkNamingNoStepNeverBlocksRedo() throws {
    let sandbox = try sandbox()
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a1\na2\n")
    var history = try text(sandbox.historyFile)
    let machine = sandbox.historyFile.deletingPathExtension().lastPathComponent
    history += "undo\t9\t1795371738189\t\(machine)-999\tanswer\tG\tp1\t0\t\n"
    try history.write(to: sandbox.historyFile, atomically: false, encoding: .utf8)
    #expect(try sandbox.run(["undo"]).status == 0)
    let redo = try sandbox.run(["redo"])
    #expect(redo.status == 0, "\(redo.stderr)")
    #expect(try sandbox.storedScore("G") == (2, 0))
  }

  /// Redo works as in an editor: only while no new step
  /// was made since the undo, and never for an in-round `:undo`.
  @Test func redoBringsBackOnlyWhileNoNewStepWasMade() throws {
    let sandbox = try sandbox()
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a1\na2\n")
    #expect(try sandbox.run(["undo"]).status == 0)
    try sandbox.run(["play", "G"], input: "a2\n")
    let redo = try sandbox.run(["redo"])
    #expect(redo.status == 1)
    #expect(redo.stderr.contains("nothing to bring back"), "\(redo.stderr)")
    // An in-round :undo is not brought back, even several steps later.
    try sandbox.run(["play", "G", "--restart", "--strategy", "sequential"], input: "x\n:undo\na1\n")
    #expect(try sandbox.run(["redo"]).status == 1)
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["redo"]).stdout.contains("Brought back"))
  }
}
