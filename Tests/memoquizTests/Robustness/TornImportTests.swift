import Foundation
import Testing

/// A power cut inside `import` of a package: its reviews are written in one
/// append before the import step they belong to, and a disk that kept only
/// some of those lines must count none of them, as if the import never ran.
@Suite struct TornImportTests {
  private let now = ["MEMOQUIZ_NOW": "2026-12-01T09:00:00Z"]

  private func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "anki/\(name)", withExtension: nil, subdirectory: "Fixtures")).path
  }

  /// The folder as a power cut inside the import can leave it: the history
  /// holds the first `kept` of the import's reviews and nothing after, and
  /// neither the questions file nor the derived state was written, nor the
  /// mark of how far this machine's file reached (written after the append
  /// is on disk).
  private func cutShort(_ sandbox: MemoQuizSandbox, keeping kept: Int) throws {
    let text = try String(contentsOf: sandbox.historyFile, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count > kept + 2 && lines[kept + 1].hasPrefix("answer\t"))
    try (lines[...kept].joined(separator: "\n") + "\n").write(
      to: sandbox.historyFile, atomically: false, encoding: .utf8)
    for name in ["questions.json", "local/questions-state", "local/checkpoint", "local/outlook", "local/own-log"] {
      try? FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent(name))
    }
  }

  @Test func reviewsOfAnImportCutShortCountForNothingAndTheImportRunsAgain() throws {
    let sandbox = try MemoQuizSandbox()
    let package = try fixture("shared-deck.apkg")
    let first = try sandbox.run(["import", package], environment: now)
    #expect(first.status == 0, "\(first.stderr)")
    let fresh = try MemoQuizSandbox()
    let bundled = try fresh.run(["groups"], environment: now)
    try cutShort(sandbox, keeping: 5)

    let history = try sandbox.run(["history"], environment: now)
    #expect(history.status == 0)
    #expect(history.stdout == "No steps yet. Every answer, reset and edit will be listed here.\n")
    #expect(history.stderr == "")
    let groups = try sandbox.run(["groups"], environment: now)
    #expect(groups.stdout == bundled.stdout)
    #expect(groups.stderr == "")

    // The next import writes after the last whole step: its reviews come
    // whole, none counted twice, and the import is the step undo takes.
    let again = try sandbox.run(["import", package], environment: now)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == first.stdout)
    let steps =
      try JSONSerialization.jsonObject(
        with: Data(try sandbox.run(["history", "--json"], environment: now).stdout.utf8)) as? [[String: Any]] ?? []
    #expect(steps.count { $0["kind"] as? String == "answer" } == 15)
    let undo = try sandbox.run(["undo"], environment: now)
    #expect(undo.stdout.hasPrefix("Took back step 16: import of "), "\(undo.stdout)")
    #expect(try sandbox.run(["groups"], environment: now).stdout == bundled.stdout)
  }
}
