import Foundation
import Testing

/// Edge cases outside the line editor: times, options,
/// reports and the files a round leaves behind.
@Suite struct CommandEdgeCaseTests {
  /// A group G of five questions, g0 to g4, answered a0 to a4.
  private func sandboxWithGroup() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "G", "questions": ["#
        + (0..<5).map { #"{"prompt": "g\#($0)", "answer": "a\#($0)"}"# }
        .joined(separator: ", ") + "]}]")
    return sandbox
  }

  /// The steps of the history, newest first.
  private func steps(_ sandbox: MemoQuizSandbox) throws -> [[String: Any]] {
    let result = try sandbox.run(["history", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
  }

  // MARK: - MEMOQUIZ_NOW within the years memoquiz reads back

  @Test(
    "a MEMOQUIZ_NOW outside the years 1 to 9999 is a usage error before anything is recorded",
    arguments: ["0000-01-01T00:00:00Z", "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"])
  func memoquizNowOutsideTheRecordableYearsIsRefused(_ now: String) throws {
    let sandbox = try sandboxWithGroup()
    let result = try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\n", environment: ["MEMOQUIZ_NOW": now])
    #expect(result.status == 64, "\(result.stdout)")
    #expect(
      result.stderr.contains("MEMOQUIZ_NOW is '\(now)', outside the times memoquiz can record"), "\(result.stderr)")
    #expect(result.stderr.contains("0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z"))
    #expect(!result.stdout.contains("Correct"))
    let after = try sandbox.run(["scores", "--json"])
    #expect(after.stderr.isEmpty, "nothing was moved aside: \(after.stderr)")
    #expect(try steps(sandbox).isEmpty)
  }

  @Test(
    "the first and the last recordable moments are recorded and read back",
    arguments: ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999Z"])
  func theBoundsOfTheRecordableYearsAreReadBack(_ now: String) throws {
    let sandbox = try sandboxWithGroup()
    let played = try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\n", environment: ["MEMOQUIZ_NOW": now])
    #expect(played.status == 0, "\(played.stderr)")
    #expect(played.stdout.contains("Correct"))
    let scores = try sandbox.run(["scores", "--json"], environment: ["MEMOQUIZ_NOW": now])
    #expect(scores.stderr.isEmpty, "\(scores.stderr)")
    #expect(try sandbox.storedScore("G") == (1, 0))
    #expect(try steps(sandbox).filter { $0["kind"] as? String == "answer" }.count == 1)
  }

  // MARK: - history --limit 0

  @Test("history --limit 0 is a usage error", arguments: [["--limit", "0"], ["--limit=0"]])
  func historyLimitZeroIsAUsageError(_ arguments: [String]) throws {
    let sandbox = try sandboxWithGroup()
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\na1\n")
    let refused = try sandbox.run(["history"] + arguments)
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--limit takes a whole number of 1 or more, not '0'"), "\(refused.stderr)")
    #expect(refused.stdout.isEmpty)
    let one = try sandbox.run(["history", "--limit", "1"])
    #expect(one.status == 0)
    #expect(one.stdout.contains("g1") && !one.stdout.contains("g0"), "\(one.stdout)")
  }

  // MARK: - a due date in the year 10000

  @Test("the scores GROUP table shows a due date in the year 10000 whole")
  func scoresTableShowsADueDateOfFiveDigitYearsWhole() throws {
    let sandbox = try sandboxWithGroup()
    let now = ["MEMOQUIZ_NOW": "9999-12-31T00:00:00Z", "TZ": "UTC"]
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\n:quit\n", environment: now)
    let json = try sandbox.run(["scores", "G", "--json"], environment: now)
    let groups = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    let questions = try #require(groups?.first?["questions"] as? [[String: Any]])
    let due = try #require(questions.first?["due"] as? String)
    let day = String(due.prefix { $0 != "T" })
    #expect(day.hasPrefix("10000-01-"), "the first review falls due after the year 9999: \(due)")
    let table = try sandbox.run(["scores", "G"], environment: now)
    #expect(table.status == 0)
    let row = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("g0 ") })
    #expect(row.hasSuffix("  " + day), "\(table.stdout)")
  }

  // MARK: - --new without a review round

  @Test(
    "--new without --strategy review is a usage error, and no round is left behind",
    arguments: [["--new", "5"], ["--strategy", "random", "--new", "5"], ["--new=0", "--strategy", "sequential"]])
  func newWithoutAReviewRoundIsAUsageError(_ options: [String]) throws {
    let sandbox = try sandboxWithGroup()
    let refused = try sandbox.run(["play", "G"] + options, input: "a0\n")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--new applies to review rounds only"), "\(refused.stderr)")
    #expect(!refused.stdout.contains("Correct"))
    let resumed = try sandbox.run(["play", "G", "--strategy", "sequential"], input: ":quit\n")
    #expect(!resumed.stdout.contains("Resuming"), "no round was started: \(resumed.stdout)")
    let review = try sandbox.run(["play", "G", "--strategy", "review", "--new", "2"], input: "a0\na1\n")
    #expect(review.status == 0, "\(review.stderr)")
    #expect(review.stdout.contains("2 questions, review order"), "\(review.stdout)")
  }

  // MARK: - the calendar's month labels

  @Test(
    "the 12-week calendar names every month that starts in it, and the current one",
    arguments: [
      ("2026-12-02T12:00:00Z", ["Sep", "Oct", "Nov", "Dec"]),
      // October starts in the second week: its name wins over September's.
      ("2026-12-09T12:00:00Z", ["Oct", "Nov", "Dec"]),
      ("2026-03-04T12:00:00Z", ["Dec", "Jan", "Feb", "Mar"]),
    ])
  func calendarLabelsEveryMonth(_ now: String, _ months: [String]) throws {
    let sandbox = try sandboxWithGroup()
    let result = try sandbox.run(
      ["stats", "--weeks", "12"], environment: ["MEMOQUIZ_NOW": now, "TZ": "UTC", "COLUMNS": "80"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let monday = try #require(lines.firstIndex { $0.hasPrefix("Mon ") })
    let labels = lines[monday - 1]
    #expect(labels.split(separator: " ").map(String.init) == months, "\(result.stdout)")
    #expect(labels.count <= lines[monday].count, "the labels stay within the calendar's width")
  }

  // MARK: - Smaller things a new user meets in a week

  @Test("a group number out of range says how many groups there are, not which names are near")
  func aGroupNumberOutOfRangeSaysHowManyGroupsThereAre() throws {
    let sandbox = try MemoQuizSandbox()
    let count = try sandbox.scores().count
    for command in [["play", "99"], ["scores", "99"], ["stats", "0"]] {
      let result = try sandbox.run(command)
      #expect(result.status == 64)
      let number = command[1]
      #expect(
        result.stderr.contains("there is no group \(number): there are \(count) groups, numbered from 1"),
        "\(result.stderr)")
      #expect(!result.stderr.contains("Hiragana"), "no titles offered for a number: \(result.stderr)")
    }
  }

  @Test("stats shows a question missed a moment ago as missed, not as recalled at 100%")
  func statsShowsAMissJustNowAsAMiss() throws {
    let sandbox = try sandboxWithGroup()
    try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "x\n:quit\n",
      environment: ["MEMOQUIZ_NOW": "2026-11-20T10:00:00Z"])
    try sandbox.run(
      ["play", "G", "--strategy", "sequential", "--restart"], input: "x\n:quit\n",
      environment: ["MEMOQUIZ_NOW": "2026-11-20T10:01:00Z"])
    let soon = try sandbox.run(["stats", "G"], environment: ["MEMOQUIZ_NOW": "2026-11-20T10:02:00Z", "TZ": "UTC"])
    let row = try #require(soon.stdout.split(separator: "\n").first { $0.hasPrefix("  g0 ") })
    #expect(row.contains("2 misses"), "\(soon.stdout)")
    #expect(row.hasSuffix("missed just now"), "\(soon.stdout)")
    #expect(!soon.stdout.contains("recall 100%"), "\(soon.stdout)")
    // Days later the chance of recall is a figure again.
    let later = try sandbox.run(["stats", "G"], environment: ["MEMOQUIZ_NOW": "2026-11-23T10:00:00Z", "TZ": "UTC"])
    let laterRow = try #require(later.stdout.split(separator: "\n").first { $0.hasPrefix("  g0 ") })
    #expect(laterRow.contains("recall ") && laterRow.hasSuffix("%"), "\(later.stdout)")
  }

  @Test("the menu counts an unfinished round as its resumption does")
  func theMenuAndTheResumptionAgree() throws {
    let sandbox = try sandboxWithGroup()
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\na1\na2\n:quit\n")
    var environment = sandbox.environment
    environment["NO_COLOR"] = "1"
    let session = try PseudoTerminalSession(arguments: [], environment: environment)
    #expect(session.waitFor("Group (number or name"))
    #expect(session.text.contains("unfinished: question 4 of 5"), "\(session.text)")
    session.type("1\r")
    #expect(session.waitFor("Resume it?"))
    #expect(session.text.contains("(question 4 of 5, sequential order)"), "\(session.text)")
    session.type("\u{4}")
    #expect(session.waitForExit() == 0)
  }

  @Test("a round's lock file is removed when the round ends")
  func roundLockFilesDoNotPileUp() throws {
    let sandbox = try MemoQuizSandbox()
    for group in ["Hiragana", "Katakana", "Numbers"] {
      let result = try sandbox.run(["play", group, "--strategy", "sequential"], input: "x\n:quit\n")
      #expect(result.status == 0, "\(result.stderr)")
    }
    let finished = try sandbox.run(["play", "Numbers", "--restart"], input: String(repeating: "x\n", count: 20))
    #expect(finished.stdout.contains("Round complete"), "\(finished.stdout)")
    let files = try sandbox.files()
    #expect(files.filter { $0.hasPrefix(".round-") }.isEmpty, "\(files)")
  }

  @Test("with its lock file removed after each round, a group is still played by one process at a time")
  func removedLockFilesStillKeepARoundToOneProcess() throws {
    let sandbox = try sandboxWithGroup()
    for _ in 0..<3 {
      let first = try sandbox.launch(["play", "G", "--strategy", "sequential"])
      #expect(first.waitForOutput(containing: "[1/5] g0"))
      let second = try sandbox.run(["play", "G"], input: "a0\n")
      #expect(second.status == 1, "\(second.stdout)")
      #expect(second.stderr.contains("G"), "\(second.stderr)")
      first.send(":quit\n")
      first.closeInput()
      #expect(first.wait().status == 0)
    }
    #expect(try sandbox.files().filter { $0.hasPrefix(".round-") }.isEmpty)
  }
}
