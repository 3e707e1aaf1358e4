import Foundation
import Testing

/// The start screen and menu on a pseudo-terminal: the day's line, Enter for
/// today's review, a leftover round offered beside it, the order's fixed
/// numbers, `q` at every prompt and the command line's suggestion.
@Suite struct StartScreenTests {
  private func environment(_ sandbox: MemoQuizSandbox, _ time: String) -> [String: String] {
    sandbox.environment.merging(["MEMOQUIZ_NOW": time, "TZ": "EST5EDT"]) { $1 }
  }

  @Test func theDayIsShownAboveTheGroupsAndEnterStartsTheReview() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 4)
    try sandbox.run(["config", "new-per-day", "6"])
    let session = try PseudoTerminalSession(
      arguments: [], environment: environment(sandbox, "2026-12-01T15:00:00Z"))
    #expect(session.waitFor("Today: nothing due and 6 new, about 2 minutes"))
    #expect(session.waitFor("Enter for today's review, q to quit"))
    session.type("\n")
    #expect(session.waitFor(": 6 questions from 2 groups"))
    #expect(session.waitFor("G ·"))
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
    // Once all is done, the line says when the next falls due.
    let done = try sandbox.run(
      ["review"], input: (0..<4).map { "a\($0)\n" }.joined() + "a0\na1\n",
      environment: ["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z", "TZ": "EST5EDT"])
    #expect(done.stdout.contains("Round complete"))
    let later = try PseudoTerminalSession(
      arguments: [], environment: environment(sandbox, "2026-12-01T18:00:00Z"))
    // The next day is named: due from its start, at any hour of it.
    #expect(later.waitFor("Nothing due today; next: 2026-12-03 (6 questions)."))
    later.type("q\n")
    #expect(later.waitForExit() == 0)
  }

  @Test func aLeftoverRoundIsOfferedBesideTheReviewAndDecliningAsksTheOrder() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 4)
    try sandbox.run(
      ["play", "H", "--strategy", "sequential"], input: "a0\n:quit\n",
      environment: ["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"])
    let session = try PseudoTerminalSession(
      arguments: [], environment: environment(sandbox, "2026-12-01T16:00:00Z"))
    #expect(session.waitFor("Unfinished: a round of"))
    #expect(session.waitFor("to resume it."))
    #expect(session.text.contains("Enter for today's review"), "the review stays the default")
    session.type("2\n")
    #expect(session.waitFor("Resume it? (n starts over)"))
    session.type("n\n")
    #expect(session.waitFor("Order (1 random, 2 sequential, 3 review; Enter for random, q to quit)"))
    session.type("2\n")
    #expect(session.waitFor("sequential order"))
    #expect(session.waitFor("[1/4]"))
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
  }

  @Test func theOrderKeepsItsNumbersWhenQuestionsAreDue() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 2)
    try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\na1\n",
      environment: ["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"])
    let session = try PseudoTerminalSession(
      arguments: [], environment: environment(sandbox, "2026-12-05T15:00:00Z"))
    #expect(session.waitFor("Today: 2 due in 1 group and 0 new"))
    session.type("g\n")
    #expect(session.waitFor("2 questions are due for review."))
    #expect(session.waitFor("Order (1 random, 2 sequential, 3 review; Enter for review, q to quit)"))
    session.type("3\n")
    #expect(session.waitFor("review order"))
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
  }

  @Test(arguments: [["q\n"], ["2\n", "q\n"], ["1\n", "n\n", "q\n"], ["1\n", "q\n"]])
  func qLeavesEveryPrompt(_ keys: [String]) throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 3)
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\n:quit\n")
    let session = try PseudoTerminalSession(arguments: [], environment: sandbox.environment)
    #expect(session.waitFor("Group (number or name"))
    for key in keys { session.type(key) }
    #expect(session.waitForExit() == 0)
    #expect(!session.text.contains("[1/"), "no round started")
    #expect(!session.text.contains("Please"), "q is understood everywhere")
  }

  @Test func aMistypedGroupGetsTheCommandLinesSuggestion() throws {
    let sandbox = try MemoQuizSandbox()
    let line = try sandbox.run(["play", "Hiragna"])
    #expect(line.status != 0)
    let session = try PseudoTerminalSession(arguments: [], environment: sandbox.environment)
    #expect(session.waitFor("Group (number or name"))
    session.type("Hiragna\n")
    #expect(session.waitFor("Hiragana"))
    let suggestion = try #require(line.stderr.split(separator: "\n").first).replacingOccurrences(
      of: "memoquiz: error: ", with: "")
    #expect(session.waitFor(String(suggestion.prefix(40))), "\(line.stderr) / \(session.text)")
    session.type("q\n")
    #expect(session.waitForExit() == 0)
  }

  /// The start screen reads the outlook; the round picked from it needs every
  /// card's memory, read then: a history that cannot be read ends the
  /// command with its error, before any round starts.
  @Test func aRoundPickedFromTheStartScreenReadsTheMemoryAndEndsOnAHistoryItCannotRead() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 4)
    let played = try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "a0\na1\na2\na3\n",
      environment: ["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"])
    #expect(played.status == 0, "\(played.stderr)")
    try sandbox.run(["groups"], environment: ["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"])
    let outlook = sandbox.folder.appendingPathComponent("local/outlook")
    #expect(FileManager.default.fileExists(atPath: outlook.path))
    // The history's first line says a newer memoquiz wrote it; its size and
    // last bytes are unchanged, so the outlook still reaches as far as it.
    let historyFolder = sandbox.folder.appendingPathComponent("history")
    let names = try FileManager.default.contentsOfDirectory(atPath: historyFolder.path)
    try #require(names.count == 1)
    let history = historyFolder.appendingPathComponent(names[0])
    let text = try String(contentsOf: history, encoding: .utf8)
    let header = "memoquiz history\t2\t"
    try #require(text.hasPrefix(header))
    try Data(("memoquiz history\t9\t" + text.dropFirst(header.count)).utf8).write(to: history)

    let session = try PseudoTerminalSession(
      arguments: [], environment: environment(sandbox, "2026-12-01T16:00:00Z"))
    #expect(session.waitFor("Enter for today's review, q to quit"))
    session.type("2\n")
    #expect(session.waitFor("Order (1 random, 2 sequential, 3 review"))
    session.type("2\n")
    #expect(session.waitFor("update memoquiz"))
    #expect(session.waitForExit() == 1)
    // The message is wrapped to the terminal's width.
    let screen = session.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n  ", with: " ")
    #expect(
      screen.contains(
        "memoquiz: error: \(history.path) was written by a newer memoquiz (format version 9; this one reads up to 2); "
          + "update memoquiz"))
    #expect(!session.text.contains("could not be read"), "an error, not a warning and a round from nothing")
    #expect(!session.text.contains("sequential order"), "no round started")
  }
}
