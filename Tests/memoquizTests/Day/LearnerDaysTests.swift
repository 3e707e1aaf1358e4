import Foundation
import Testing

@testable import MemoQuizKit

/// Time in memory counted in learner days, through the real binary: the
/// days between reviews, due days at any hour, siblings buried until the
/// next day, stale review rounds, and machines in different time zones.
/// New York (`EST5EDT`) in December is UTC-5; days start at 04:00.
@Suite struct LearnerDaysTests {
  private static let zone = "EST5EDT"

  private func at(_ time: String, zone: String = Self.zone) -> [String: String] {
    ["MEMOQUIZ_NOW": time, "TZ": zone]
  }

  /// The JSON a command prints at `time`.
  private func json(_ sandbox: MemoQuizSandbox, _ arguments: [String], at time: String) throws -> Any {
    let result = try sandbox.run(arguments, environment: at(time))
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// The memory `scores --json` shows of the first card of `group`.
  private func firstCard(_ sandbox: MemoQuizSandbox, _ group: String, at time: String) throws -> [String: Any] {
    let groups = try #require(try json(sandbox, ["scores", group, "--json"], at: time) as? [[String: Any]])
    let questions = try #require(groups.first?["questions"] as? [[String: Any]])
    return try #require(questions.first)
  }

  /// The prompts asked in a round's output, in order.
  private func asked(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("[") }.map { String($0.split(separator: " ").last ?? "") }
  }

  @Test func anEveningAnEveningAndAMorningAreEachOneDayLater() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 1)
    // 21:00 on 30 November, 20:00 on 1 December, 08:00 on 2 December.
    let times = ["2026-12-01T02:00:00Z", "2026-12-02T01:00:00Z", "2026-12-02T13:00:00Z"]
    let scheduler = FSRSScheduler()
    var expected: MemoryState?
    for (offset, time) in times.enumerated() {
      let played = try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\n", environment: at(time))
      #expect(played.stdout.contains("Correct"), "\(played.stdout)")
      expected = scheduler.review(expected, rating: .good, at: Timestamp(rawValue: 0), day: offset, fuzz: nil)
      let card = try firstCard(sandbox, "G", at: time)
      let stability = try #require(card["stability"] as? Double)
      #expect(abs(stability - (expected?.stability ?? 0)) < 1e-9, "review \(offset + 1): \(stability)")
    }
    // Each review a learner day after the one before: far above the
    // same-day formula's 2.31 days.
    #expect((expected?.stability ?? 0) > 10)
  }

  @Test func aCardIsDueFromTheStartOfItsDueDayAtAnyHour() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 1)
    try sandbox.run(["config", "new-per-day", "0"])
    // Good at 21:00 on 30 November: a two-day interval, due on 2 December.
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\n", environment: at("2026-12-01T02:00:00Z"))
    let card = try firstCard(sandbox, "G", at: "2026-12-01T02:00:00Z")
    #expect(card["due"] as? String == "2026-12-02T09:00:00Z", "04:00 New York time on 2 December")
    // 03:00 on 2 December is still the learner day of 1 December.
    let night = try #require(try json(sandbox, ["today", "--json"], at: "2026-12-02T08:00:00Z") as? [String: Any])
    #expect(night["due"] as? Int == 0)
    #expect(night["next"] as? String == "2026-12-02T09:00:00Z")
    let nightText = try sandbox.run(["today"], environment: at("2026-12-02T08:00:00Z"))
    #expect(nightText.stdout == "Nothing due today; next: 2026-12-02 (1 question).\n")
    // 05:00 and 20:00 on 2 December: due, in every view.
    for time in ["2026-12-02T10:00:00Z", "2026-12-03T01:00:00Z"] {
      let today = try #require(try json(sandbox, ["today", "--json"], at: time) as? [String: Any])
      #expect(today["due"] as? Int == 1, "\(time)")
      let groups = try sandbox.run(["groups"], environment: at(time))
      #expect(groups.stdout.contains("  1    1  "), "\(time): \(groups.stdout)")
      let scores = try #require(try json(sandbox, ["scores", "--json"], at: time) as? [[String: Any]])
      #expect(scores.first?["due"] as? Int == 1)
      let stats = try #require(try json(sandbox, ["stats", "--json"], at: time) as? [String: Any])
      let forecast = try #require(stats["forecast"] as? [[String: Any]])
      #expect(forecast.first?["due"] as? Int == 1)
      #expect(forecast.first?["date"] as? String == "2026-12-02")
    }
    // A morning review asks it, and says when the next one falls due.
    let review = try sandbox.run(["review"], input: "a0\n", environment: at("2026-12-02T13:00:00Z"))
    #expect(asked(review.stdout) == ["q0"], "\(review.stdout)")
    #expect(review.stdout.contains("Nothing more is due today; next: 2026-12-"))
    let group = try sandbox.run(
      ["play", "G", "--strategy", "review"], input: "", environment: at("2026-12-02T13:00:00Z"))
    #expect(group.stdout.contains("the next question falls due on 2026-12-"), "\(group.stdout)")
  }

  @Test func theReverseIsNotAskedAgainTheSameLearnerDay() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "R", "reverse": true, "questions": [{"prompt": "あ", "answer": "a"}]}]"#)
    let first = try sandbox.run(["review"], input: "a\n", environment: at("2026-12-01T23:00:00Z"))
    #expect(asked(first.stdout) == ["あ"], "\(first.stdout)")
    #expect(first.stdout.contains("Nothing more is due today"), "no second round is suggested: \(first.stdout)")
    // A minute later, and at 03:00 the next night: the same learner day.
    for time in ["2026-12-01T23:01:00Z", "2026-12-02T08:00:00Z"] {
      let again = try sandbox.run(["review"], input: "あ\n", environment: at(time))
      #expect(again.stdout.contains("Nothing to review now"), "\(time): \(again.stdout)")
      let group = try sandbox.run(["play", "R", "--strategy", "review"], input: "あ\n", environment: at(time))
      #expect(group.stdout.contains("Nothing to review in R"), "\(time): \(group.stdout)")
    }
    // The next learner day, the reverse is asked.
    let next = try sandbox.run(["review"], input: "あ\n", environment: at("2026-12-02T10:00:00Z"))
    #expect(asked(next.stdout) == ["a"], "\(next.stdout)")
  }

  @Test func theDaysCountsLeaveOutWhatASiblingsAnswerBuries() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "R", "reverse": true, "questions": [{"prompt": "あ", "answer": "a"}]}]"#)
    /// `today --json`'s due and new, and the due count `groups` shows.
    func counts(_ time: String) throws -> [Int] {
      let today = try #require(try json(sandbox, ["today", "--json"], at: time) as? [String: Any])
      let groups = try sandbox.run(["groups"], environment: at(time)).stdout
      let row = groups.split(separator: "\n").first { $0.contains(" R ") }.map(String.init) ?? ""
      let due = row.split(separator: " ").dropFirst(3).first.flatMap { Int($0) } ?? -1
      return [today["due"] as? Int ?? -1, today["new"] as? Int ?? -1, due]
    }
    // Tuesday 1 December: the forward card; the reverse, new, waits.
    try sandbox.run(["review"], input: "a\n", environment: at("2026-12-01T15:00:00Z"))
    #expect(try counts("2026-12-01T16:00:00Z") == [0, 0, 0], "the reverse is not new today")
    // Wednesday: the reverse, new and no longer buried, is answered.
    #expect(try counts("2026-12-02T15:00:00Z") == [0, 1, 0])
    try sandbox.run(["review"], input: "あ\n", environment: at("2026-12-02T15:00:00Z"))
    // Friday: both are due; once one is answered, the other waits for Saturday.
    #expect(try counts("2026-12-04T15:00:00Z") == [2, 0, 2])
    let friday = try sandbox.run(["review"], input: "a\nあ\n", environment: at("2026-12-04T15:00:00Z"))
    #expect(asked(friday.stdout).count == 1, "\(friday.stdout)")
    #expect(try counts("2026-12-04T16:00:00Z") == [0, 0, 0], "the other direction is not due today")
    #expect(try counts("2026-12-05T15:00:00Z")[0] == 1, "it is the next day")
  }

  @Test func aReviewRoundLeftOnAnEarlierDayGivesWayToTodaysPlan() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 5)
    // Saturday 5 December, noon: two answers of five, then quit.
    let saturday = "2026-12-05T17:00:00Z"
    try sandbox.run(["review", "G"], input: "a0\na1\n:quit\n", environment: at(saturday))
    try sandbox.run(["play", "H", "--strategy", "random", "--seed", "3"], input: ":quit\n", environment: at(saturday))
    // Saturday evening, the round still resumes.
    let evening = try sandbox.run(["review", "G"], input: ":quit\n", environment: at("2026-12-06T02:00:00Z"))
    #expect(evening.stdout.contains("Resuming"), "\(evening.stdout)")
    // Monday: Saturday's answers count (q0 and q1 are due), and the plan is
    // today's, not Saturday's leftovers.
    let monday = "2026-12-07T14:00:00Z"
    let review = try sandbox.run(["review", "G"], input: ":quit\n", environment: at(monday))
    #expect(!review.stdout.contains("Resuming"), "\(review.stdout)")
    #expect(["q0", "q1"].contains(asked(review.stdout).first ?? ""), "\(review.stdout)")
    let today = try #require(try json(sandbox, ["today", "--json"], at: monday) as? [String: Any])
    #expect(today["due"] as? Int == 2)
    // A random round resumes as before.
    let random = try sandbox.run(["play", "H"], input: ":quit\n", environment: at(monday))
    #expect(random.stdout.contains("Resuming"), "\(random.stdout)")
  }

  @Test func aGroupsReviewRoundLeftOnAnEarlierDayIsPlannedAfresh() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 5)
    try sandbox.run(
      ["play", "G", "--strategy", "review"], input: "a0\na1\n:quit\n", environment: at("2026-12-05T17:00:00Z"))
    let monday = try sandbox.run(
      ["play", "G", "--strategy", "review"], input: ":quit\n", environment: at("2026-12-07T14:00:00Z"))
    #expect(!monday.stdout.contains("Resuming"), "\(monday.stdout)")
    #expect(["q0", "q1"].contains(asked(monday.stdout).first ?? ""), "\(monday.stdout)")
  }

  @Test func machinesInDifferentTimeZonesDeriveTheSameState() throws {
    let tokyo = try SeveralMachinesTests.Machine(now: "2026-12-01T20:30:00Z")
    tokyo.sandbox.environment["TZ"] = "Asia/Tokyo"
    let california = try SeveralMachinesTests.Machine(now: "2026-12-01T20:30:00Z")
    california.sandbox.environment["TZ"] = "America/Los_Angeles"
    // 05:30 in Tokyo (after its day starts), 12:30 in California; then
    // answers a few hours apart on both, either side of Tokyo's 04:00.
    let times = ["2026-12-01T20:30:00Z", "2026-12-02T18:30:00Z", "2026-12-03T03:00:00Z", "2026-12-04T19:10:00Z"]
    for (index, time) in times.enumerated() {
      let machine = index % 2 == 0 ? tokyo : california
      machine.sandbox.environment["MEMOQUIZ_NOW"] = time
      try machine.play("Colours", answers: ["aka", "ao", "x", "kuro"])
      try SeveralMachinesTests.copy(from: tokyo, to: california)
      try SeveralMachinesTests.copy(from: california, to: tokyo)
    }
    for zone in ["UTC", "Asia/Tokyo", "America/Los_Angeles"] {
      let views = try [tokyo, california].map { machine in
        try [["scores", "--json"], ["stats", "--json"]].map { command in
          try machine.sandbox.run(command, environment: at("2026-12-10T12:00:00Z", zone: zone)).stdout
        }
      }
      #expect(views[0] == views[1], "viewed in \(zone)")
    }
    // The memory itself does not depend on who looks, or from where.
    func memory(_ zone: String) throws -> [Double] {
      let result = try tokyo.sandbox.run(
        ["scores", "Colours", "--json"], environment: at("2026-12-10T12:00:00Z", zone: zone))
      let groups = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
      let questions = groups.first?["questions"] as? [[String: Any]] ?? []
      return questions.flatMap { [$0["stability"] as? Double ?? -1, $0["difficulty"] as? Double ?? -1] }
    }
    #expect(try memory("UTC") == memory("Pacific/Kiritimati"))
  }
}
