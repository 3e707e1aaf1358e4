import Foundation
import MemoQuizKit
import Testing

/// `kill -9` at seeded random moments during review rounds, undo and redo,
/// and checkpoint writing: no acknowledged answer is ever lost, and every
/// later command works.
@Suite struct CrashTests {
  private let day1 = ["MEMOQUIZ_NOW": "2026-12-01T09:00:00Z"]
  private let day2 = ["MEMOQUIZ_NOW": "2026-12-02T10:00:00Z"]

  private func verdicts(_ output: String) -> Int {
    output.split(separator: "\n").count { $0.hasPrefix("Correct") || $0.hasPrefix("Incorrect") }
  }

  /// The answers in effect, as `history --json` lists them.
  private func answersInEffect(_ sandbox: MemoQuizSandbox) throws -> Int {
    let result = try sandbox.run(["history", "--json"])
    #expect(result.status == 0, "history reads after a kill: \(result.stderr)")
    let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return steps.count { $0["kind"] as? String == "answer" && $0["undone"] as? Bool == false }
  }

  @Test func killsDuringReviewRoundsNeverLoseAPrintedAnswer() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 400)
    // Every question missed on day 1, so all are due on day 2.
    try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: String(repeating: "x\n", count: 400), environment: day1)
    var generator = SeededGenerator(seed: 0x7265_7669_6577)
    var printed = 400
    for kill in 0..<12 {
      let running = try sandbox.launch(["play", "G", "--strategy", "review"], environment: day2)
      // Answers right and wrong; the wrong ones come back later in the round.
      running.send((0..<3000).map { $0 % 4 == 0 ? "x\n" : "a\($0 % 400)\n" }.joined())
      if kill % 2 == 1 { running.waitForOutput(containing: "orrect") }  // Correct or Incorrect
      Thread.sleep(forTimeInterval: Double(generator.next() % 30) / 1000)
      running.signal(SIGKILL)
      let result = running.wait()
      printed += verdicts(result.stdout)
      #expect(try answersInEffect(sandbox) >= printed, "kill \(kill): an answer shown was lost")
    }
    let resumed = try sandbox.run(["play", "G"], input: ":quit\n", environment: day2)
    #expect(resumed.status == 0)
    #expect(resumed.stderr.isEmpty, "no damage to report: \(resumed.stderr)")
  }

  @Test func killsDuringUndoAndRedoLeaveAWorkingHistory() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 100)
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: (0..<100).map { "a\($0)\n" }.joined())
    try sandbox.run(["play", "H", "--strategy", "sequential"], input: String(repeating: "x\n", count: 100))
    try sandbox.run(["reset", "G", "--yes"])
    var generator = SeededGenerator(seed: 0x756E_646F)
    for kill in 0..<16 {
      let before = try answersInEffect(sandbox)
      let running = try sandbox.launch([kill % 3 == 2 ? "redo" : "undo"])
      Thread.sleep(forTimeInterval: Double(generator.next() % 8) / 1000)
      running.signal(SIGKILL)
      _ = running.wait()
      let after = try answersInEffect(sandbox)
      #expect(abs(after - before) <= 1, "kill \(kill): one step at most changed")
      let scores = try sandbox.run(["scores", "--json"])
      #expect(scores.status == 0)
      #expect(scores.stderr.isEmpty, "kill \(kill): \(scores.stderr)")
    }
    // Undo still takes back exactly one step.
    let before = try sandbox.storedScore("H")
    let undo = try sandbox.run(["undo"])
    #expect(undo.status == 0)
    let after = try sandbox.storedScore("H")
    #expect(before.correct + before.incorrect - (after.correct + after.incorrect) <= 1)
  }

  @Test func killsDuringCheckpointWritingLoseNothing() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Big"], count: 6000)
    // Enough history for a checkpoint to be due when the next command starts.
    let answers = (0..<6000).map { $0 % 5 == 0 ? "x\n" : "a\($0)\n" }.joined()
    try sandbox.run(["play", "Big", "--strategy", "sequential"], input: answers)
    try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("local/checkpoint"))
    var generator = SeededGenerator(seed: 0x636B_7074)
    for kill in 0..<15 {
      let running = try sandbox.launch(["groups"])
      Thread.sleep(forTimeInterval: Double(generator.next() % 40) / 1000)
      running.signal(SIGKILL)
      _ = running.wait()
      // One read after each kill: it works, reports no damage and counts every answer.
      let scores = try sandbox.run(["scores", "Big", "--json"])
      #expect(scores.status == 0)
      #expect(scores.stderr.isEmpty, "kill \(kill): \(scores.stderr)")
      #expect(try MemoQuizSandbox.storedScore("Big", in: scores) == (4800, 1200), "kill \(kill)")
    }
    #expect(FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("local/checkpoint").path))
  }
}
