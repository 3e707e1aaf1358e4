import Foundation
import Testing

/// The start screen under an exam goal: its day's line counts the new
/// questions the goal takes, as `today` does.
@Suite struct ExamStartScreenTests {
  @Test func theDaysLineCountsTheNewQuestionsTheGoalTakes() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 30)
    let environment = sandbox.environment.merging(["MEMOQUIZ_NOW": "2026-12-01T10:00:00Z", "TZ": "UTC"]) { $1 }
    try sandbox.run(["config", "new-per-day", "1"], environment: environment)
    try sandbox.run(["exam", "G", "--on", "2026-12-16"], environment: environment)
    let today = try sandbox.run(["today"], environment: environment)
    // 30 questions over the 14 days before the last: 3 today, not the 1 of new-per-day.
    #expect(today.stdout.hasPrefix("Today: nothing due and 3 new, about "), "\(today.stdout)")
    let headline = today.stdout.prefix { $0 != "\n" }
    let session = try PseudoTerminalSession(arguments: [], environment: environment)
    #expect(session.waitFor("Group (number or name"))
    #expect(session.text.contains(String(headline)), "\(session.text)")
    session.type("q\n")
    #expect(session.waitForExit() == 0)
  }
}
