import Foundation
import Testing

/// `memoquiz stats` shows the retention the learner reached, week by week,
/// beside the desired retention.
@Suite struct RetentionByWeekTests {
  private func review(_ sandbox: MemoQuizSandbox, _ input: String, at now: String) throws {
    let result = try sandbox.run(["review"], input: input, environment: ["MEMOQUIZ_NOW": now, "TZ": "UTC"])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func eachWeeksRetentionIsShownBesideTheDesiredOne() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 2)
    #expect(try sandbox.run(["config", "desired-retention", "0.8"]).status == 0)
    // Monday 30 November: two new questions (q0 missed, then right).
    try review(sandbox, "x\na1\na0\n", at: "2026-11-30T09:00:00Z")
    // Tuesday: q0 is due and missed: the first week reaches 0% of 1 review.
    try review(sandbox, "x\na0\n", at: "2026-12-01T09:00:00Z")
    // The next Tuesday: q0 is due again and right.
    try review(sandbox, "a0\n", at: "2026-12-08T09:00:00Z")
    let environment = ["MEMOQUIZ_NOW": "2026-12-09T09:00:00Z", "TZ": "UTC", "NO_COLOR": "1"]
    let text = try sandbox.run(["stats"], environment: environment).stdout
    #expect(
      text.contains(
        """
        Retention: 50% of 2 reviews of due questions were right (target 80%).
        Retention by week (target 80%):
          week of 30 Nov    0% of 1 review  below
          week of  7 Dec  100% of 1 review

        """), "\(text)")
    let json = try sandbox.run(["stats", "--json"], environment: environment).stdout
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["desiredRetention"] as? Double == 0.8)
    let weeks = try #require(object["retentionByWeek"] as? [[String: Any]])
    #expect(weeks.count == 8)
    #expect(weeks.map { $0["week"] as? String ?? "" }.suffix(2) == ["2026-11-30", "2026-12-07"])
    #expect(weeks.map { $0["reviews"] as? Int ?? -1 } == [0, 0, 0, 0, 0, 0, 1, 1])
    #expect(weeks.map { $0["correct"] as? Int ?? -1 } == [0, 0, 0, 0, 0, 0, 0, 1])
    #expect(weeks.last?["retention"] as? Double == 1.0)
    #expect(weeks.first?["retention"] is NSNull)
  }
}
