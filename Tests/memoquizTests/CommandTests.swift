import Foundation
import Testing

/// The commands around the rounds: listing, scores, reset, snapshots, paths, help.
@Suite struct CommandTests {
  @Test func groupsListsTheBundledGroupsNumberedFromOne() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["groups"])
    #expect(result.status == 0)
    let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    #expect(rows.contains { $0.starts(with: ["1", "Hiragana", "46"]) })
    #expect(rows.contains { $0.starts(with: ["2", "Katakana", "46"]) })
    #expect(rows.contains { $0.starts(with: ["3", "Basic", "Phrases"]) })
    #expect(rows.contains { $0.starts(with: ["4", "Numbers"]) })
  }

  @Test func scoresJSONFollowsTheGroupsOrder() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "katakana", "--strategy", "sequential"], input: "a\nx\n:quit\n")
    let result = try sandbox.run(["scores", "--json"])
    #expect(result.status == 0)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(rows.map { $0["title"] as? String } == ["Hiragana", "Katakana", "Basic Phrases", "Numbers"])
    #expect(rows[1]["correctCount"] as? Int == 1)
    #expect(rows[1]["incorrectCount"] as? Int == 1)
    #expect(rows[0]["correctCount"] as? Int == 0)
    let one = try sandbox.run(["scores", "2", "--json"])
    let single = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [[String: Any]])
    #expect(single.count == 1 && single[0]["title"] as? String == "Katakana")
  }

  @Test func scoresTableShowsAccuracyAndABar() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\ni\nu\nx\n:quit\n")
    let result = try sandbox.run(["scores"])
    let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Hiragana") })
    #expect(line.contains("75%"))
    #expect(line.contains("████████░░"))
    let ascii = try sandbox.run(["scores"], environment: ["LANG": "C", "LC_ALL": "C"])
    #expect(ascii.stdout.contains("########.."))
  }

  @Test func resetRefusesWithoutYesOffATerminal() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\n:quit\n")
    let before = try Data(contentsOf: sandbox.scoresFile)
    let result = try sandbox.run(["reset", "1"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--yes"))
    #expect(try Data(contentsOf: sandbox.scoresFile) == before)
  }

  @Test func resetThenUndoBringsTheScoresBack() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\ni\nx\n:quit\n")
    let before = try Data(contentsOf: sandbox.scoresFile)
    let reset = try sandbox.run(["reset", "hiragana", "--yes"])
    #expect(reset.status == 0)
    #expect(try sandbox.storedScore("Hiragana") == (0, 0))
    let list = try sandbox.run(["snapshots"])
    #expect(list.stdout.contains("before reset of Hiragana"))
    let undo = try sandbox.run(["undo"])
    #expect(undo.status == 0)
    #expect(try Data(contentsOf: sandbox.scoresFile) == before)
    #expect(try sandbox.storedScore("Hiragana") == (2, 1))
    // The undo is itself undoable.
    try sandbox.run(["undo"])
    #expect(try sandbox.storedScore("Hiragana") == (0, 0))
  }

  @Test func resetAllAndRestoreByID() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1"], input: "x\n:quit\n")
    try sandbox.run(["play", "2"], input: "x\n:quit\n")
    try sandbox.run(["reset", "--all", "--yes"])
    #expect(try sandbox.storedScore("Hiragana") == (0, 0))
    #expect(try sandbox.storedScore("Katakana") == (0, 0))
    let list = try sandbox.run(["snapshots"])
    let first = try #require(list.stdout.split(separator: "\n").dropFirst().first)
    #expect(first.contains("before reset of all groups"))
    let id = String(first.split(separator: " ")[0])
    let restore = try sandbox.run(["restore", id])
    #expect(restore.status == 0)
    #expect(try sandbox.storedScore("Hiragana") == (0, 1))
    #expect(try sandbox.storedScore("Katakana") == (0, 1))
    let missing = try sandbox.run(["restore", "999"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no snapshot 999"))
  }

  @Test func undoWithNoSnapshotsSaysSo() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["undo"])
    #expect(result.status == 1)
    #expect(result.stderr == "memoquiz: error: there are no snapshots to bring back\n")
  }

  @Test func pathsFollowTheEnvironment() throws {
    let sandbox = try MemoQuizSandbox()
    let home = sandbox.folder.path
    let result = try sandbox.run(["paths"])
    #expect(result.stdout == "data: \(home)\nquestions: \(home)/questions.json\nscores: \(home)/scores.json\n")
    var environment = sandbox.environment
    environment["MEMOQUIZ_HOME"] = nil
    environment["XDG_DATA_HOME"] = "/xdg"
    sandbox.environment = environment
    #expect(try sandbox.run(["paths"]).stdout.hasPrefix("data: /xdg/memoquiz\n"))
    environment["XDG_DATA_HOME"] = nil
    environment["HOME"] = "/home/learner"
    sandbox.environment = environment
    #expect(try sandbox.run(["paths"]).stdout.hasPrefix("data: /home/learner/.local/share/memoquiz\n"))
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    UsageCase(arguments: ["frobnicate"], message: "unknown command 'frobnicate'"),
    UsageCase(arguments: ["--frob"], message: "unknown option '--frob'"),
    UsageCase(arguments: ["play", "1", "--strategy", "alphabetical"], message: "unknown strategy 'alphabetical'"),
    UsageCase(arguments: ["play", "1", "--seed"], message: "--seed needs a value"),
    UsageCase(arguments: ["play", "1", "2"], message: "unexpected argument '2'"),
    UsageCase(arguments: ["groups", "--json"], message: "unknown option '--json'"),
    UsageCase(arguments: ["reset"], message: "reset needs a GROUP or --all"),
    UsageCase(arguments: ["reset", "1", "--all"], message: "not both"),
    UsageCase(arguments: ["restore"], message: "restore needs a snapshot ID"),
    UsageCase(arguments: ["restore", "latest"], message: "is not a snapshot ID"),
  ])
  func usageErrorsExit64WithAPointerToHelp(_ usage: UsageCase) throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(usage.arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("memoquiz: error: "))
    #expect(result.stderr.contains(usage.message))
    #expect(result.stderr.contains("--help`"))
    #expect(result.stdout.isEmpty)
  }

  @Test func helpCoversEveryCommandWithExamples() throws {
    let sandbox = try MemoQuizSandbox()
    let help = try sandbox.run(["--help"])
    #expect(help.status == 0)
    let commands = ["play", "groups", "scores", "reset", "snapshots", "restore", "undo", "edit", "validate", "paths"]
    for command in commands {
      #expect(help.stdout.contains("  \(command) "))
      let commandHelp = try sandbox.run([command, "--help"])
      #expect(commandHelp.status == 0)
      #expect(commandHelp.stdout.contains("Usage: memoquiz \(command)"))
      #expect(commandHelp.stdout.contains("Example"))
    }
    let version = try sandbox.run(["--version"])
    #expect(version.stdout.hasPrefix("memoquiz "))
    #expect(version.status == 0)
  }

  @Test func damagedScoresFileIsMovedAsideWithAWarning() throws {
    let sandbox = try MemoQuizSandbox()
    let damaged = Data("{\"version\": 1, \"scores\": {\"Hiragana\": {\"correctCount\": 3,".utf8)
    try damaged.write(to: sandbox.scoresFile)
    let result = try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\n:quit\n")
    #expect(result.status == 0)
    #expect(result.stderr.contains("memoquiz: warning:"))
    #expect(result.stderr.contains("was damaged"))
    let kept = try #require(try sandbox.files().first { $0.hasPrefix("scores.damaged-") })
    #expect(result.stderr.contains(kept))
    #expect(try Data(contentsOf: sandbox.folder.appendingPathComponent(kept)) == damaged)
    #expect(try sandbox.storedScore("Hiragana") == (1, 0))
  }

  @Test func scoresOfAGroupThatLeftTheQuestionsStayInTheScoresFile() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Old", "Kept"], count: 3)
    try sandbox.run(["play", "Old", "--strategy", "sequential"], input: "a0\n:quit\n")
    try sandbox.writeNumberedGroups(["Kept"], count: 3)
    try sandbox.run(["play", "Kept", "--strategy", "sequential"], input: "a0\n:quit\n")
    #expect(try sandbox.storedScore("Old") == (1, 0))
    #expect(try sandbox.storedScore("Kept") == (1, 0))
  }

  @Test func tutorialFileWithScoresLoadsUnchanged() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "Old App", "questions": [{"prompt": "2+2", "answer": "4", "hint": null}], "score": {"correctCount": 7, "incorrectCount": 2}}]"#
    )
    let json = try sandbox.run(["scores", "--json"])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(rows[0]["correctCount"] as? Int == 7)
    #expect(rows[0]["incorrectCount"] as? Int == 2)
    try sandbox.run(["play", "1"], input: "4\n")
    #expect(try sandbox.storedScore("Old App") == (8, 2))
  }
}
