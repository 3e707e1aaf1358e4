import Foundation
import Testing

/// `optimize`'s retention table simulates the due days as the settings
/// choose them: load balancing, Easy Days and exam goals change its rows.
@Suite struct OptimizeSchedulingTests {
  /// The table's rows, and the recommended retention.
  private func table(_ sandbox: MemoQuizSandbox) throws -> (rows: [[Double]], recommended: Double?) {
    let result = try sandbox.run(["optimize", "--dry-run", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let rows = try #require(report["retention"] as? [[String: Any]])
    return (
      rows.map {
        [$0["desired"] as? Double ?? 0, $0["reviewsPerDay"] as? Double ?? 0, $0["expectedRetention"] as? Double ?? 0]
      },
      report["recommendedRetention"] as? Double
    )
  }

  @Test func theTableFollowsTheSettings() throws {
    let sandbox = try MemoQuizSandbox.practisedGroup()
    let balanced = try table(sandbox)
    try sandbox.run(["config", "load-balance", "off"])
    let off = try table(sandbox)
    try sandbox.run(["config", "easy-days", "sat,sun"])
    let easy = try table(sandbox)
    try sandbox.run(["config", "easy-days", "none"])
    #expect(try table(sandbox).rows == off.rows, "the settings back, the table back")
    try sandbox.run(["exam", "G", "--on", "2026-12-31", "--retention", "0.99"])
    let goal = try table(sandbox)
    for other in [balanced, easy, goal] {
      #expect(other.rows.count == 4)
      #expect(other.rows != off.rows, "\(other.rows) against \(off.rows)")
      #expect(other.recommended != nil)
    }
    // Load balancing and Easy Days move days, not the work: within 5% of the reviews a day.
    for (row, plain) in zip(balanced.rows + easy.rows, off.rows + off.rows) {
      #expect(abs(row[1] / plain[1] - 1) < 0.05, "\(row) against \(plain)")
    }
    // A goal at 0.99 a month ahead: its reviews come sooner until the date, which keeps more in memory for
    // more reviews; at a desired retention of 0.95 the intervals are short enough already to change little.
    for (row, plain) in zip(goal.rows, off.rows) {
      #expect(row[2] >= plain[2], "\(goal.rows) against \(off.rows)")
      if row[0] < 0.95 { #expect(row[1] > plain[1] && row[2] > plain[2], "\(goal.rows) against \(off.rows)") }
    }
    // Nothing recorded by the dry runs: the last step is the goal's.
    #expect(try sandbox.run(["undo"]).stdout.hasPrefix("Took back step"), "undo takes back the goal")
  }
}
