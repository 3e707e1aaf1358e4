import Foundation
import Testing

@testable import MemoQuizKit

/// `kill -9` at seeded random moments during review rounds, undo and redo,
/// and checkpoint writing: no acknowledged answer is ever lost, and every
/// later command works.
@Suite struct CrashTests {
  private let day1 = ["MEMOQUIZ_NOW": "2026-12-01T09:00:00Z"]
  private let day2 = ["MEMOQUIZ_NOW": "2026-12-02T10:00:00Z"]

  private func verdicts(_ output: String) -> Int {
    output.split(separator: "\n").count { $0.hasPrefix("Correct") || $0.hasPrefix("Incorrect") }
  }

  /// The answers in effect, as `history` lists them: the steps a new
  /// process reads from the folder, without their JSON.
  private func answersInEffect(_ sandbox: MemoQuizSandbox) throws -> Int {
    var warnings: [String] = []
    let progress = try ProgressCaretaker(folder: DataFolder(path: sandbox.folder.path)) { warnings.append($0) }
    #expect(warnings.isEmpty, "history reads after a kill: \(warnings)")
    return try progress.steps().count { $0.kind == .answer && !$0.isUndone }
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
    let answers = (0..<6000).map { $0 % 5 == 0 ? "x\n" : "a\($0)\n" }.joined()
    try sandbox.run(["play", "Big", "--strategy", "sequential"], input: answers)
    let checkpoint = sandbox.folder.appendingPathComponent("local/checkpoint")
    var generator = SeededGenerator(seed: 0x636B_7074)
    for kill in 0..<15 {
      // With no checkpoint, `scores` reads every card's memory from the
      // whole history and writes the checkpoint once it has printed them:
      // the kill comes at any moment from there.
      try? FileManager.default.removeItem(at: checkpoint)
      let running = try sandbox.launch(["scores", "Big"])
      #expect(running.waitForOutput(containing: "Weakest questions"), "kill \(kill): scores printed")
      Thread.sleep(forTimeInterval: Double(generator.next() % 100) / 1000)
      running.signal(SIGKILL)
      _ = running.wait()
      // One read of every card's memory after each kill, as `scores` makes
      // it: it works, reports no damage and counts every answer.
      var warnings: [String] = []
      let progress = try ProgressCaretaker(folder: DataFolder(path: sandbox.folder.path)) { warnings.append($0) }
      let score = try progress.loadMemory().groups["Big"]?.answerScore
      #expect(warnings.isEmpty, "kill \(kill): \(warnings)")
      #expect(score == Score(correctCount: 4800, incorrectCount: 1200), "kill \(kill)")
    }
    // A command that runs to its end writes the checkpoint, and reads it back.
    try? FileManager.default.removeItem(at: checkpoint)
    let scores = try sandbox.run(["scores", "Big"])
    #expect(scores.stderr.isEmpty, "\(scores.stderr)")
    #expect(FileManager.default.fileExists(atPath: checkpoint.path))
    #expect(try MemoQuizSandbox.storedScore("Big", in: sandbox.run(["scores", "--json"])) == (4800, 1200))
  }
}
