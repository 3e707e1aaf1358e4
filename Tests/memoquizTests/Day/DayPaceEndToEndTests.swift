import Foundation
import Testing

/// New questions wait while reviews catch up, through the real binary.
@Suite struct DayPaceEndToEndTests {
  private let environment = ["TZ": "EST5EDT", "NO_COLOR": "1"]

  private func at(_ time: String) -> [String: String] { environment.merging(["MEMOQUIZ_NOW": time]) { $1 } }

  @Test func newQuestionsWaitWhileYesterdaysMissesAreDue() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 40)
    // Ten answers to new questions on the first day, four of them missed:
    // those four are due the next day.
    let misses = String(repeating: "x\n", count: 4) + (4..<10).map { "a\($0)\n" }.joined() + ":quit\n"
    #expect(try sandbox.run(["review"], input: misses, environment: at("2026-12-01T15:00:00Z")).status == 0)
    let firstDay = try sandbox.run(["today"], environment: at("2026-12-01T18:00:00Z"))
    #expect(
      firstDay.stdout == """
        Today: nothing due and 10 new, about 3 minutes
          G  0 due, 10 new
        `memoquiz review` plays them.

        """, "no pace on the first day: the cap alone")
    // The next day: ten answers yesterday, four due, room for five new.
    let nextDay = try sandbox.run(["today"], environment: at("2026-12-02T15:00:00Z"))
    #expect(
      nextDay.stdout == """
        Today: 4 due in 1 group and 5 new, about 2 minutes
          G  4 due, 5 new
        New questions wait while reviews catch up: 4 due now, 10 answers yesterday.
        `memoquiz review` plays them.

        """)
    let json = try sandbox.run(["today", "--json"], environment: at("2026-12-02T15:00:00Z"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["new"] as? Int == 5)
    // A group's review round takes the same five new questions, after the due ones.
    let round = try sandbox.run(
      ["play", "G", "--strategy", "review", "--restart"], input: ":quit\n", environment: at("2026-12-02T15:00:00Z"))
    #expect(round.stdout.contains("G: 9 questions, review order"), "\(round.stdout)")
  }
}
