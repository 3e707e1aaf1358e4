import Foundation
import Testing

/// `memoquiz optimize` recommends the desired retention that gives the most
/// retention per minute of reviews, names that criterion, and records
/// nothing: no other command repeats it.
@Suite struct RetentionRecommendationEndToEndTests {
  @Test func optimizeRecommendsTheMostRetentionPerMinuteOfReviewsAndRecordsNothing() throws {
    let sandbox = try MemoQuizSandbox.practisedGroup()
    let dry = try sandbox.run(["optimize", "--dry-run", "--json"])
    #expect(dry.status == 0, "\(dry.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
    let recommended = try #require(report["recommendedRetention"] as? Double)
    #expect((0.70...0.95).contains(recommended))
    let value = String(format: "%.2f", recommended)

    let text = try sandbox.run(["optimize"]).stdout.replacingOccurrences(of: "\n", with: " ")
    #expect(text.contains("Recommended desired retention: \(value)"), "\(text)")
    #expect(
      text.contains("the most retention per minute of reviews, as Anki's \"Help Me Decide\" compares them"),
      "\(text)")
    // Its own figures give at least the retention per review a day of
    // every row of the table.
    let figures = try #require(text.firstMatch(of: /\((\d+\.\d)% for (\d+\.\d) reviews a day at (\d\.\d\d)/))
    #expect(figures.3 == value)
    let ratio = (Double(figures.1) ?? 0) / 100 / (Double(figures.2) ?? 1)
    let rows = try #require(report["retention"] as? [[String: Any]])
    #expect(rows.count == 4)
    for row in rows {
      let rowRatio = (row["expectedRetention"] as? Double ?? 1) / (row["reviewsPerDay"] as? Double ?? 1)
      #expect(ratio >= rowRatio * 0.995, "\(row) against \(figures.0)")
    }
    // No step of the history, and no other command says it.
    #expect(!(try sandbox.run(["history", "--json"]).stdout.contains("recommended")))
    #expect(try sandbox.run(["undo"]).stdout.contains("answer"), "undo takes back the newest answer")
    #expect(!(try sandbox.run(["today"]).stdout.contains("retention")))
  }

  @Test func aRecommendationAnEarlierReleaseRecordedIsIgnored() throws {
    let sandbox = try MemoQuizSandbox.practisedGroup()
    let history = sandbox.historyFile
    let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
    let number = lines.count
    try Data(
      (lines.joined(separator: "\n")
        + "\nsetting\t\(number)\t1796115700000\trecommended-retention\t0.95\toptimize: desired retention 0.95 "
        + "recommended\n").utf8
    ).write(to: history)
    let listed = try sandbox.run(["history"])
    #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
    #expect(!listed.stdout.contains("recommended"), "\(listed.stdout)")
    let today = try sandbox.run(["today"])
    #expect(today.status == 0 && !today.stdout.contains("0.95"), "\(today.stdout)")
    let undo = try sandbox.run(["undo"])
    #expect(undo.stdout.hasPrefix("Took back step 10: answer"), "\(undo.stdout)")
  }
}
