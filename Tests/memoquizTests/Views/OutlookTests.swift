import Foundation
import Testing

@testable import MemoQuizKit

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
    try Data("memoquiz checkpoint \(ProgressCheckpoint.version)\nnonsense\n".utf8).write(to: checkpoint)
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

  @Test func anOutlookEditedWithItsSumWorkedOutAgainIsRebuiltFromTheHistory() throws {
    let sandbox = try practised()
    let honest = try sandbox.run(["groups"])
    #expect(honest.stdout.contains("Numbers"))
    // 5,000 correct answers written into the outlook, and its last line's
    // sum worked out again as memoquiz works it out without a key.
    var lines = try String(contentsOf: outlook(sandbox), encoding: .utf8).split(separator: "\n").map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix("group\tNumbers\t") })
    var fields = lines[index].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    fields[2] = "5000"
    lines[index] = fields.joined(separator: "\t")
    let body = Array((lines.dropLast().joined(separator: "\n") + "\n").utf8)
    try Data(body + Array("sum\t\(ContentHash.of(body))\n".utf8)).write(to: outlook(sandbox))

    let groups = try sandbox.run(["groups"])
    #expect(groups.status == 0 && groups.stderr.isEmpty, "\(groups.stderr)")
    #expect(groups.stdout == honest.stdout)
    #expect(!(try String(contentsOf: outlook(sandbox), encoding: .utf8).contains("5000")), "it is written anew")
    #expect(try sandbox.run(["groups"]).stdout == honest.stdout)
  }

  /// A day the outlook does not reach (a clock set back) needs every card's
  /// memory: when neither the checkpoint nor the history can be read, the
  /// command ends with the error, not a plan counted from nothing.
  @Test func aDayTheOutlookMissesEndsWithAnErrorWhenTheMemoryCannotBeRead() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "Numbers", "questions": [{"prompt": "1", "answer": "one"}]}]"#)
    let round = try sandbox.run(["play", "Numbers"], input: "one\n", environment: at("2026-11-30T08:00:00Z"))
    #expect(round.status == 0, "\(round.stderr)")
    let groups = try sandbox.run(["groups"], environment: at("2026-11-30T09:00:00Z"))
    #expect(groups.status == 0, "\(groups.stderr)")
    #expect(FileManager.default.fileExists(atPath: outlook(sandbox).path))
    // A damaged checkpoint, and a history whose first line says a newer
    // memoquiz wrote it (its size and last bytes unchanged, so the outlook
    // still reaches as far as it).
    let checkpoint = sandbox.folder.appendingPathComponent("local/checkpoint")
    try Data("not a checkpoint\n".utf8).write(to: checkpoint)
    let historyFolder = sandbox.folder.appendingPathComponent("history")
    let names = try FileManager.default.contentsOfDirectory(atPath: historyFolder.path)
    try #require(names.count == 1)
    let history = historyFolder.appendingPathComponent(names[0])
    let text = try String(contentsOf: history, encoding: .utf8)
    let header = "memoquiz history\t\(MachineHistoryFile.version)\t"
    try #require(text.hasPrefix(header))
    try Data(("memoquiz history\t9\t" + text.dropFirst(header.count)).utf8).write(to: history)

    let today = try sandbox.run(["today"], environment: at("2026-11-01T10:00:00Z"))
    #expect(today.status == 1)
    #expect(today.stdout == "")
    let lines = today.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(today.stderr)")
    #expect(lines.first?.hasPrefix("memoquiz: warning: \(checkpoint.path) could not be read; it was kept as ") == true)
    #expect(
      lines.last == """
        memoquiz: error: \(history.path) was written by a newer memoquiz (format version 9; this one reads up to \
        \(MachineHistoryFile.version)); update memoquiz
        """)
  }
}
