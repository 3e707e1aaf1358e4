import Foundation
import Testing

/// What `today` and `exam` say of the new questions a goal takes: each
/// group's share of them, and a pace beyond reason.
@Suite struct ExamLoadTests {
  @Test func todaysListShowsTheNewQuestionsTheGoalTakes() throws {
    let sandbox = try ExamFolder.make(environment: ["TZ": "UTC", "NO_COLOR": "1"])
    try sandbox.run(["config", "new-per-day", "1"], environment: ExamFolder.at("01"))
    let before = try sandbox.run(["today"], environment: ExamFolder.at("01"))
    #expect(before.stdout.contains("\n  G  0 due, 1 new\n"), "\(before.stdout)")
    try sandbox.run(["exam", "G", "--on", "2026-12-16"], environment: ExamFolder.at("01"))
    let today = try sandbox.run(["today"], environment: ExamFolder.at("01"))
    #expect(today.status == 0, "\(today.stderr)")
    // 30 questions over the 14 days before the last: 3 today, not the 1 of new-per-day.
    #expect(today.stdout.hasPrefix("Today: nothing due and 3 new, about "), "\(today.stdout)")
    #expect(today.stdout.contains("\n  G  0 due, 3 new\n"), "\(today.stdout)")
    let json = try sandbox.run(["today", "--json"], environment: ExamFolder.at("01"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let groups = try #require(object["groups"] as? [[String: Any]])
    #expect(groups.first { $0["title"] as? String == "G" }?["new"] as? Int == 3, "\(groups)")
    #expect(object["new"] as? Int == 3)
    // What review then offers.
    let answers = (0..<30).map { "a\($0)\n" }.joined()
    let review = try sandbox.run(["review"], input: answers, environment: ExamFolder.at("01"))
    #expect(review.stdout.hasPrefix("Today's review: 3 questions from 1 group\n"), "\(review.stdout)")
    // Once taken, the goal needs no more today.
    let after = try sandbox.run(["today"], environment: ExamFolder.at("01", "11"))
    #expect(!after.stdout.contains("  G  0 due"), "\(after.stdout)")
  }

  @Test func aGoalFarBeyondNewPerDayIsFlaggedWithTheLoadItNeeds() throws {
    let sandbox = try ExamFolder.make(environment: ["TZ": "UTC", "NO_COLOR": "1"])
    try sandbox.run(["config", "new-per-day", "2"], environment: ExamFolder.at("01"))
    try sandbox.run(["exam", "G", "--on", "2026-12-06"], environment: ExamFolder.at("01"))
    let line =
      "Exam in 5 days (2026-12-06): predicted recall 0.00 over 30 questions; the date is out of reasonable "
      + "reach: it needs 8 new a day, more than 3 times new-per-day (2), about 16 answers a day for them alone "
      + "(30 not yet answered, 8 more today)\n"
    let today = try sandbox.run(["today"], environment: ExamFolder.at("01"))
    #expect(today.stdout.hasSuffix(line), "\(today.stdout)")
    #expect(
      try sandbox.run(["exam"], environment: ExamFolder.at("01")).stdout == "G: " + line.dropLast()
        + " (aiming at 0.90)\n")
    // At new-per-day 3, 8 a day is within three times it.
    try sandbox.run(["config", "new-per-day", "3"], environment: ExamFolder.at("01"))
    let reasonable = try sandbox.run(["today"], environment: ExamFolder.at("01"))
    #expect(
      reasonable.stdout.hasSuffix(
        "Exam in 5 days (2026-12-06): predicted recall 0.00 over 30 questions; 8 new a day to meet it "
          + "(30 not yet answered, 8 more today, beyond new-per-day if need be)\n"), "\(reasonable.stdout)")
  }
}
