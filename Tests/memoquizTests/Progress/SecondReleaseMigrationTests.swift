import Foundation
import Testing

/// A data folder written by the second release (`Fixtures/second-release`,
/// made by that release's binary: an added group, answers in four groups, a
/// `:right`, a reset, an answer taken back, a round left unfinished) is
/// carried over on first use: its single history becomes this machine's file
/// under `history/`, and every score, memory, step and round is as the
/// second release showed them (`expected-scores.json`,
/// `expected-history.json`, written by that binary).
@Suite struct SecondReleaseMigrationTests {
  private static let now = ["MEMOQUIZ_NOW": "2026-11-05T10:00:00Z", "TZ": "UTC"]

  private func sandbox() throws -> (MemoQuizSandbox, URL) {
    let sandbox = try MemoQuizSandbox()
    let fixture = try #require(
      Bundle.module.url(forResource: "second-release", withExtension: nil, subdirectory: "Fixtures"))
    for name in ["history.log", "questions.json", "snapshots"] {
      try FileManager.default.copyItem(
        at: fixture.appendingPathComponent(name), to: sandbox.folder.appendingPathComponent(name))
    }
    return (sandbox, fixture)
  }

  private func json(_ text: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
  }

  @Test func everyScoreMemoryAndStepIsCarriedOver() throws {
    let (sandbox, fixture) = try sandbox()
    let scores = try sandbox.run(["scores", "--json"], environment: Self.now)
    // The one recount in learner days is said in one line.
    #expect(scores.status == 0, "\(scores.stderr)")
    #expect(
      scores.stderr.split(separator: "\n").count == 1 && scores.stderr.contains("learner days"), "\(scores.stderr)")
    let expected = try json(String(contentsOf: fixture.appendingPathComponent("expected-scores.json"), encoding: .utf8))
    let actual = try json(scores.stdout)
    #expect(actual.map { $0["title"] as? String } == expected.map { $0["title"] as? String })
    for (group, old) in zip(actual, expected) {
      for key in ["correctCount", "incorrectCount", "due", "new"] {
        #expect("\(group[key] ?? "")" == "\(old[key] ?? "")", "\(group["title"] ?? ""): \(key)")
      }
      let questions = (group["questions"] as? [[String: Any]]) ?? []
      let oldQuestions = (old["questions"] as? [[String: Any]]) ?? []
      for (question, oldQuestion) in zip(questions, oldQuestions) {
        for key in ["correctCount", "incorrectCount", "stability", "difficulty", "lastReview"] {
          #expect("\(question[key] ?? "")" == "\(oldQuestion[key] ?? "")", "\(question["prompt"] ?? ""): \(key)")
        }
        // Due from the start of the learner day (04:00 UTC) the old due time fell in.
        if let due = oldQuestion["due"] as? String {
          #expect(question["due"] as? String == String(due.prefix(10)) + "T04:00:00Z", "\(question["prompt"] ?? "")")
        }
      }
    }
    let history = try json(sandbox.run(["history", "--json"], environment: Self.now).stdout)
    let oldHistory = try json(
      String(contentsOf: fixture.appendingPathComponent("expected-history.json"), encoding: .utf8))
    #expect(history.count == oldHistory.count)
    for (step, oldStep) in zip(history, oldHistory) {
      for key in ["id", "time", "kind", "group", "undone", "prompt", "typed", "correct"] {
        #expect("\(step[key] ?? "")" == "\(oldStep[key] ?? "")", "step \(oldStep["id"] ?? ""): \(key)")
      }
    }
    // The old file is kept under local/, and the folder has the new layout.
    let files = try sandbox.files()
    #expect(!files.contains("history.log"))
    #expect(files.contains("history") && files.contains("local"))
    let local = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.appendingPathComponent("local").path)
    #expect(local.contains { $0.hasPrefix("history-2") }, "\(local)")
  }

  @Test func theUnfinishedRoundResumesAndOldStepsStillUndo() throws {
    let (sandbox, _) = try sandbox()
    let resumed = try sandbox.run(["play", "Hiragana"], input: ":quit\n", environment: Self.now)
    #expect(resumed.stdout.contains("Resuming Hiragana at question 6 of 46"), "\(resumed.stdout)")
    #expect(resumed.stdout.contains("[6/46] か"))
    // The add of the first step is taken back: the questions as they were
    // before it, the bundled set.
    let undo = try sandbox.run(["undo", "1"], environment: Self.now)
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
    #expect(!(try sandbox.run(["groups"], environment: Self.now)).stdout.contains("Kanji"))
    #expect(try sandbox.run(["redo"], environment: Self.now).status == 0)
    #expect(try String(contentsOf: sandbox.questionsFile, encoding: .utf8).contains("Kanji"))
    #expect(try sandbox.storedScore("Kanji") == (1, 0))
  }
}
