import Foundation
import Testing

/// `groups`, `today` and the start screen read the outlook (`local/outlook`)
/// instead of every card's memory: they show exactly what the whole state
/// shows, and the outlook is left alone whenever the history or the
/// questions moved past it.
@Suite struct OutlookTests {
  private func at(_ time: String) -> [String: String] { ["MEMOQUIZ_NOW": time, "TZ": "UTC", "NO_COLOR": "1"] }
  private static let times = [
    "2026-12-01T10:00:00Z", "2026-12-02T12:00:00Z", "2026-12-05T09:00:00Z", "2027-02-01T09:00:00Z",
  ]

  private func outlook(_ sandbox: MemoQuizSandbox) -> URL {
    sandbox.folder.appendingPathComponent("local/outlook")
  }

  /// What `groups` and `today --json` say at each of ``times``.
  private func views(_ sandbox: MemoQuizSandbox) throws -> [String] {
    try Self.times.flatMap { time in
      let groups = try sandbox.run(["groups"], environment: at(time))
      let today = try sandbox.run(["today", "--json"], environment: at(time))
      #expect(groups.status == 0 && today.status == 0, "\(groups.stderr)\(today.stderr)")
      return [groups.stdout, today.stdout]
    }
  }

  /// The same views, read from the checkpoint and the history alone.
  private func viewsWithoutOutlook(_ sandbox: MemoQuizSandbox) throws -> [String] {
    let saved = try? Data(contentsOf: outlook(sandbox))
    try? FileManager.default.removeItem(at: outlook(sandbox))
    defer { if let saved { try? saved.write(to: outlook(sandbox)) } }
    // Each command writes a new outlook when done: it goes before the next.
    func run(_ arguments: [String], _ time: String) throws -> String {
      try? FileManager.default.removeItem(at: outlook(sandbox))
      return try sandbox.run(arguments, environment: at(time)).stdout
    }
    return try Self.times.flatMap { time in [try run(["groups"], time), try run(["today", "--json"], time)] }
  }

  /// A folder with answers on two days, in a reversed group and a plain one.
  private func practised() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [
        { "title": "Words", "reverse": true, "questions": [
          { "prompt": "犬", "answer": "dog" }, { "prompt": "鳥", "answer": "bird" }, { "prompt": "猫", "answer": "cat" } ] },
        { "title": "Numbers", "questions": [
          { "prompt": "1", "answer": "one" }, { "prompt": "2", "answer": "two" }, { "prompt": "3", "answer": "three" },
          { "prompt": "4", "answer": "four" } ] },
        { "title": "Later", "questions": [ { "prompt": "空", "answer": "sky" } ] }
      ]
      """)
    _ = try sandbox.run(
      ["play", "Numbers", "--strategy", "sequential"], input: "one\nzwei\nthree\n:quit\n",
      environment: at("2026-11-30T08:00:00Z"))
    _ = try sandbox.run(["review"], input: "dog\nbird\nwrong\ncat\n:quit\n", environment: at("2026-11-30T20:00:00Z"))
    return sandbox
  }

  @Test func groupsAndTodayShowWhatTheWholeStateShows() throws {
    let sandbox = try practised()
    #expect(FileManager.default.fileExists(atPath: outlook(sandbox).path), "a command that answered writes it")
    let withOutlook = try views(sandbox)
    #expect(withOutlook == (try viewsWithoutOutlook(sandbox)))
    #expect(withOutlook[0].contains("Words") && withOutlook[0].contains("Numbers"))
  }

  @Test func listingTheGroupsOfANewFolderWritesNothing() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 3)
    #expect(try sandbox.run(["groups"]).status == 0)
    #expect(try sandbox.run(["today"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("local").path))
  }

  @Test func theOutlookSparesReadingTheCheckpoint() throws {
    let sandbox = try practised()
    _ = try sandbox.run(["groups"])
    // A checkpoint no one can read: reading it would move it aside, saying so.
    let checkpoint = sandbox.folder.appendingPathComponent("local/checkpoint")
    try Data("memoquiz checkpoint 5\nnonsense\n".utf8).write(to: checkpoint)
    let groups = try sandbox.run(["groups"])
    #expect(groups.status == 0 && groups.stderr.isEmpty, "\(groups.stderr)")
    #expect(FileManager.default.fileExists(atPath: checkpoint.path))
    // A command that needs the memory reads it, and the history rebuilds it.
    let scores = try sandbox.run(["scores", "Words"])
    #expect(scores.status == 0)
    #expect(scores.stderr.contains("could not be read"))
  }

  @Test func anOutlookBehindTheHistoryOrTheQuestionsIsNotUsed() throws {
    let sandbox = try practised()
    _ = try sandbox.run(["groups"])
    let old = try Data(contentsOf: outlook(sandbox))
    // More answers; then the outlook of before them is put back, as a copy
    // from another machine or a crash before it was written would leave it.
    _ = try sandbox.run(
      ["play", "Numbers", "--strategy", "sequential", "--restart"], input: "one\ntwo\nthree\nfour\n",
      environment: at("2026-12-01T08:00:00Z"))
    try old.write(to: outlook(sandbox))
    #expect(try views(sandbox) == (try viewsWithoutOutlook(sandbox)))
    // A question added by hand: the outlook was made for other questions.
    _ = try sandbox.run(["groups"])
    var text = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    text = text.replacingOccurrences(
      of: #"{ "prompt": "4", "answer": "four" }"#,
      with: #"{ "prompt": "4", "answer": "four" }, { "prompt": "5", "answer": "five" }"#)
    try text.write(to: sandbox.questionsFile, atomically: true, encoding: .utf8)
    let after = try views(sandbox)
    #expect(after == (try viewsWithoutOutlook(sandbox)))
    #expect(after[1].contains("\"new\""))
  }
}
