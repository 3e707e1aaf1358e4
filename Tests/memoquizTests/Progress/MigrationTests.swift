import Foundation
import Testing

/// A data folder written by the first release (`Fixtures/first-release`,
/// made by that release's binary: rounds left unfinished in Hiragana and
/// Katakana, Numbers finished, Basic Phrases reset, one edit) is carried
/// over on first run with every count and round kept.
@Suite struct MigrationTests {
  private func sandboxWithFirstReleaseData() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    let fixture = try #require(
      Bundle.module.url(forResource: "first-release", withExtension: nil, subdirectory: "Fixtures"))
    for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
      try FileManager.default.copyItem(
        at: fixture.appendingPathComponent(name), to: sandbox.folder.appendingPathComponent(name))
    }
    return sandbox
  }

  @Test func everyCountIsCarriedOver() throws {
    let sandbox = try sandboxWithFirstReleaseData()
    #expect(try sandbox.storedScore("Hiragana") == (2, 1))
    #expect(try sandbox.storedScore("Katakana") == (0, 2))
    #expect(try sandbox.storedScore("Numbers") == (20, 0))
    #expect(try sandbox.storedScore("Basic Phrases") == (0, 0))
    let files = try sandbox.files()
    #expect(files.contains("scores.v1.json"))
    #expect(!files.contains("scores.json"))
    // New answers add to the carried counts.
    try sandbox.run(["play", "Numbers", "--strategy", "sequential", "--restart"], input: "0\n")
    #expect(try sandbox.storedScore("Numbers") == (21, 0))
  }

  @Test func unfinishedRoundsResumeAtTheSameQuestionInTheSameOrder() throws {
    let sandbox = try sandboxWithFirstReleaseData()
    let hiragana = try sandbox.run(["play", "hiragana"], input: ":quit\n")
    #expect(hiragana.stdout.contains("Resuming Hiragana at question 4 of 46"))
    #expect(hiragana.stdout.contains("[4/46] え"))
    // The random round of seed 42 goes on as the first release ordered it.
    let katakana = try sandbox.run(["play", "katakana"], input: ":quit\n")
    #expect(katakana.stdout.contains("Resuming Katakana at question 3 of 46"))
    #expect(katakana.stdout.contains("[3/46] リ"))
  }

  @Test func questionsSnapshotsStayAndScoresSnapshotsAreLeftOut() throws {
    let sandbox = try sandboxWithFirstReleaseData()
    let list = try sandbox.run(["snapshots"])
    #expect(list.stdout.contains("before edit"))
    #expect(!list.stdout.contains("before reset"))
    #expect(!list.stdout.contains("damaged"))
    let restore = try sandbox.run(["restore", "2"])
    #expect(restore.status == 0)
    // Before the edit there was no questions file: the bundled set is back.
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
    let undo = try sandbox.run(["undo"])
    #expect(undo.status == 0)
    #expect(FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
  }
}
