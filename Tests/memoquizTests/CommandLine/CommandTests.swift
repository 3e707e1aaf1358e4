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
    #expect(rows.prefix(4).map { $0["title"] as? String } == ["Hiragana", "Katakana", "Basic Phrases", "Numbers"])
    #expect(rows.count == 10)
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
    let before = try Data(contentsOf: sandbox.historyFile)
    let result = try sandbox.run(["reset", "1"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--yes"))
    #expect(try Data(contentsOf: sandbox.historyFile) == before)
  }

  @Test func resetThenUndoBringsTheScoresBack() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\ni\nx\n:quit\n")
    let reset = try sandbox.run(["reset", "hiragana", "--yes"])
    #expect(reset.status == 0)
    #expect(try sandbox.storedScore("Hiragana") == (0, 0))
    let undo = try sandbox.run(["undo"])
    #expect(undo.status == 0)
    #expect(undo.stdout.contains("Took back step 4: reset of Hiragana"))
    #expect(try sandbox.storedScore("Hiragana") == (2, 1))
    // Redo brings the reset back.
    let redo = try sandbox.run(["redo"])
    #expect(redo.stdout.contains("Brought back step 4"))
    #expect(try sandbox.storedScore("Hiragana") == (0, 0))
  }

  @Test func resetAllThenUndoKeepsAnswersGivenSince() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1"], input: "x\n:quit\n")
    try sandbox.run(["play", "2"], input: "x\n:quit\n")
    try sandbox.run(["reset", "--all", "--yes"])
    #expect(try sandbox.storedScore("Hiragana") == (0, 0))
    #expect(try sandbox.storedScore("Katakana") == (0, 0))
    try sandbox.run(["play", "Katakana", "--restart", "--strategy", "sequential"], input: "a\n:quit\n")
    let undo = try sandbox.run(["undo", "3"])
    #expect(undo.status == 0)
    #expect(try sandbox.storedScore("Hiragana") == (0, 1))
    #expect(try sandbox.storedScore("Katakana") == (1, 1))
    let history = try sandbox.run(["history", "--json"])
    let steps = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    #expect(steps.map { $0["id"] as? Int } == [4, 3, 2, 1])
    #expect(steps[1]["kind"] as? String == "reset")
    #expect(steps[1]["undone"] as? Bool == true)
    #expect(steps[0]["typed"] as? String == "a")
    #expect(steps[0]["correct"] as? Bool == true)
    let again = try sandbox.run(["undo", "3"])
    #expect(again.status == 1)
    #expect(again.stderr.contains("already taken back"))
  }

  @Test func undoOfAStepThatDoesNotExistIsAUsageError() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "hiragana", "--strategy", "sequential"], input: "a\n:quit\n")
    let number = try sandbox.run(["undo", "999999"])
    #expect(number.status == 64)
    #expect(number.stderr == "memoquiz: error: there is no step 999999; `memoquiz history` lists them\n")
    let global = try sandbox.run(["undo", "0badc0de-9"])
    #expect(global.status == 64)
    #expect(try sandbox.storedScore("Hiragana") == (1, 0), "nothing was taken back")
  }

  @Test func undoWithNoSnapshotsSaysSo() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["undo"])
    #expect(result.status == 1)
    #expect(result.stderr == "memoquiz: error: there is nothing to take back\n")
  }

  @Test func pathsFollowTheEnvironment() throws {
    let sandbox = try MemoQuizSandbox()
    let home = sandbox.folder.path
    let result = try sandbox.run(["paths"])
    #expect(
      result.stdout
        == "data: \(home)\nquestions: \(home)/questions.json\nhistory: \(home)/history\n"
        + "local: \(home)/local\ncheckpoint: \(home)/local/checkpoint\n")
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
    UsageCase(arguments: ["scroes"], message: "unknown command 'scroes'; did you mean 'scores'?"),
    UsageCase(arguments: ["help", "histroy"], message: "unknown command 'histroy'; did you mean 'history'?"),
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

  @Test(arguments: [
    (["play", "hiragna"], "no group is called \"hiragna\"; did you mean \"Hiragana\"?"),
    (["scores", "Phrses"], "no group is called \"Phrses\"; did you mean \"Basic Phrases\"?"),
    (["play", "xyz"], "no group is called \"xyz\"; choose one of: 1. Hiragana, 2. Katakana, 3. Basic Phrases"),
  ])
  func aNearMissOfAGroupGetsASuggestion(_ arguments: [String], _ message: String) throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func aPrefixOfOneTitleNamesItsGroup() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["play", "basic", "--strategy", "sequential"], input: ":quit\n")
    #expect(result.stdout.hasPrefix("Basic Phrases: 26 questions"), "\(result.stdout)")
  }

  @Test func helpCoversEveryCommandWithExamples() throws {
    let sandbox = try MemoQuizSandbox()
    let help = try sandbox.run(["--help"])
    #expect(help.status == 0)
    let commands = [
      "play", "groups", "scores", "reset", "undo", "redo", "history", "snapshots", "restore", "edit", "validate",
      "paths",
    ]
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
    try damaged.write(to: sandbox.folder.appendingPathComponent("scores.json"))
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
    // The group comes back: so does its progress.
    try sandbox.writeNumberedGroups(["Old", "Kept"], count: 3)
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
