import Foundation
import Testing

/// `memoquiz optimize` recommends the desired retention that leaves the most
/// in memory at the learner's pace, records it once, and `today` shows it.
@Suite struct RetentionRecommendationEndToEndTests {
  @Test func optimizeRecommendsARetentionOnceAndTodayShowsIt() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 40)
    sandbox.environment["TZ"] = "UTC"
    sandbox.environment["NO_COLOR"] = "1"
    sandbox.environment["MEMOQUIZ_NOW"] = "2026-12-01T09:00:00Z"
    let answers = (0..<10).map { "a\($0)\n" }.joined()
    #expect(try sandbox.run(["review", "--new", "10"], input: answers).status == 0)

    let dry = try sandbox.run(["optimize", "--dry-run", "--json"])
    #expect(dry.status == 0, "\(dry.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
    let recommended = try #require(report["recommendedRetention"] as? Double)
    #expect((0.70...0.95).contains(recommended))
    let value = String(format: "%.2f", recommended)
    #expect(!(try sandbox.run(["history"]).stdout.contains("recommended")), "a dry run records nothing")

    let text = try sandbox.run(["optimize"]).stdout
    #expect(text.contains("Recommended desired retention: \(value)"), "\(text)")
    #expect(text.contains("about 10 answers a day and 40 questions"), "\(text)")
    let history = try sandbox.run(["history", "--json"]).stdout
    #expect(history.components(separatedBy: "desired retention \(value) recommended").count == 2)
    // The same recommendation again adds no step.
    #expect(try sandbox.run(["optimize"]).status == 0)
    #expect(try sandbox.run(["history", "--json"]).stdout == history)

    let today = try sandbox.run(["today"]).stdout
    let line = "At your pace, desired retention \(value) would leave more in memory than 0.90"
    #expect(today.contains(line) == (value != "0.90"), "\(today)")
    // Once the learner takes it, `today` says nothing more of it.
    #expect(try sandbox.run(["config", "desired-retention", value]).status == 0)
    #expect(!(try sandbox.run(["today"]).stdout.contains("At your pace")))
  }
}
