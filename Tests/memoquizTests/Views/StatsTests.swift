import Foundation
import Testing

/// `memoquiz stats` over a history the test writes itself: answers on chosen
/// days through `MEMOQUIZ_NOW`, in a chosen time zone.
@Suite struct StatsTests {
  private let groups = """
    [{"title": "G", "questions": [\((0..<5).map { #"{"prompt": "g\#($0)", "answer": "a\#($0)"}"# }.joined(separator: ", "))]},
     {"title": "H", "questions": [\((0..<5).map { #"{"prompt": "h\#($0)", "answer": "a\#($0)"}"# }.joined(separator: ", "))]}]
    """

  /// Plays a sequential round of `group` at `now` with these answers.
  private func play(
    _ sandbox: MemoQuizSandbox, _ group: String, at now: String, _ answers: [String], zone: String = "UTC"
  ) throws {
    let result = try sandbox.run(
      ["play", group, "--strategy", "sequential"], input: answers.joined(separator: "\n") + "\n",
      environment: ["MEMOQUIZ_NOW": now, "TZ": zone])
    #expect(result.status == 0, "\(result.stderr)")
  }

  private func stats(
    _ sandbox: MemoQuizSandbox, _ arguments: [String] = [], at now: String, zone: String = "UTC"
  ) throws -> [String: Any] {
    let result = try sandbox.run(["stats", "--json"] + arguments, environment: ["MEMOQUIZ_NOW": now, "TZ": zone])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  private func days(_ object: [String: Any]) -> [String: [Int]] {
    let list = object["days"] as? [[String: Any]] ?? []
    return Dictionary(
      uniqueKeysWithValues: list.map {
        ($0["date"] as? String ?? "", [$0["answers"] as? Int ?? -1, $0["correct"] as? Int ?? -1])
      })
  }

  private let right = (0..<5).map { "a\($0)" }

  /// G: all wrong on Nov 1, three right on Nov 2, all right on Nov 12; H
  /// right on Nov 3, 4 and 11.
  private func month(_ sandbox: MemoQuizSandbox) throws {
    try sandbox.writeQuestions(groups)
    // Fuzz alone draws the due days, so that which reviews were of due
    // questions is the arithmetic below, not load balancing's choices.
    #expect(
      try sandbox.run(["config", "load-balance", "off"], environment: ["MEMOQUIZ_NOW": "2026-10-31T09:00:00Z"]).status
        == 0)
    try play(sandbox, "G", at: "2026-11-01T09:00:00Z", Array(repeating: "x", count: 5))
    try play(sandbox, "G", at: "2026-11-02T10:00:00Z", ["a0", "a1", "a2", "x", "x"])
    try play(sandbox, "H", at: "2026-11-03T09:00:00Z", right)
    try play(sandbox, "H", at: "2026-11-04T09:00:00Z", right)
    try play(sandbox, "H", at: "2026-11-11T09:00:00Z", right)
    try play(sandbox, "G", at: "2026-11-12T09:00:00Z", right)
  }

  @Test func daysStreaksAndRetentionAddUpTheAnswers() throws {
    let sandbox = try MemoQuizSandbox()
    try month(sandbox)
    let all = try stats(sandbox, at: "2026-11-12T15:00:00Z")
    #expect(
      days(all) == [
        "2026-11-01": [5, 0], "2026-11-02": [5, 3], "2026-11-03": [5, 5], "2026-11-04": [5, 5],
        "2026-11-11": [5, 5], "2026-11-12": [5, 5],
      ])
    #expect(all["currentStreak"] as? Int == 2)
    #expect(all["longestStreak"] as? Int == 4)

    // In G every review after the first day was of a due question.
    let g = try stats(sandbox, ["G"], at: "2026-11-12T15:00:00Z")
    #expect(days(g) == ["2026-11-01": [5, 0], "2026-11-02": [5, 3], "2026-11-12": [5, 5]])
    #expect(g["retention"] as? Double == 0.8)
    let weakest = try #require(g["weakest"] as? [[String: Any]])
    #expect(weakest.prefix(2).map { $0["prompt"] as? String } == ["g3", "g4"], "missed twice come first")
    #expect(weakest.first?["incorrectCount"] as? Int == 2)

    // A day without answers yet does not break the streak; two do.
    #expect(try stats(sandbox, at: "2026-11-13T08:00:00Z")["currentStreak"] as? Int == 2)
    #expect(try stats(sandbox, at: "2026-11-14T08:00:00Z")["currentStreak"] as? Int == 0)
  }

  @Test func theForecastCountsEachQuestionOnTheDayItFallsDue() throws {
    let sandbox = try MemoQuizSandbox()
    try month(sandbox)
    let now = "2026-11-12T15:00:00Z"
    let forecast = try #require(try stats(sandbox, at: now)["forecast"] as? [[String: Any]])
    #expect(forecast.count == 14)
    #expect(forecast.first?["date"] as? String == "2026-11-12")
    #expect(forecast.last?["date"] as? String == "2026-11-25")
    // The same due times, as `scores --json` gives them.
    let scores = try sandbox.run(["scores", "--json"], environment: ["MEMOQUIZ_NOW": now])
    let groups = try #require(try JSONSerialization.jsonObject(with: Data(scores.stdout.utf8)) as? [[String: Any]])
    let dues = groups.flatMap { $0["questions"] as? [[String: Any]] ?? [] }.compactMap { $0["due"] as? String }
    var expected = [String: Int]()
    for due in dues {
      let day = String(due.prefix(10))
      let key = day < "2026-11-12" ? "2026-11-12" : day
      if key <= "2026-11-25" { expected[key, default: 0] += 1 }
    }
    let shown = Dictionary(
      uniqueKeysWithValues: forecast.map { ($0["date"] as? String ?? "", $0["due"] as? Int ?? 0) })
    #expect(shown.filter { $0.value > 0 } == expected)
    #expect(expected.values.reduce(0, +) > 0)
  }

  @Test func daysAreLearnerDaysAcrossADaylightSavingChange() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(groups)
    // New York's rules; daylight saving time ends at 06:00 UTC on 1 November 2026.
    let zone = "EST5EDT,M3.2.0,M11.1.0"
    for (index, now) in [
      "2026-11-01T03:30:00Z",  // 31 October, 23:30 EDT
      "2026-11-01T05:30:00Z",  // 1 November, 01:30 EDT
      "2026-11-01T06:30:00Z",  // 1 November, 01:30 EST, the hour again
      "2026-11-02T04:30:00Z",  // 1 November, 23:30 EST
      "2026-11-02T05:30:00Z",  // 2 November, 00:30 EST
    ].enumerated() {
      try play(sandbox, "G", at: now, ["a\(index)", ":quit"], zone: zone)
    }
    // Days start at 04:00 local time: the three answers before 04:00 on
    // 1 November count for 31 October, the one before 04:00 on 2 November
    // for 1 November.
    let local = try stats(sandbox, at: "2026-11-02T12:00:00Z", zone: zone)
    #expect(days(local) == ["2026-10-31": [3, 3], "2026-11-01": [2, 2]])
    #expect(local["currentStreak"] as? Int == 2)
    let utc = try stats(sandbox, at: "2026-11-02T12:00:00Z", zone: "UTC")
    #expect(days(utc) == ["2026-10-31": [1, 1], "2026-11-01": [2, 2], "2026-11-02": [2, 2]])
  }

  @Test(arguments: [["TERM": "dumb"], ["NO_COLOR": "1"], ["LANG": "C"]])
  func theReportFits60ColumnsAndReadsWithoutColour(_ environment: [String: String]) throws {
    let sandbox = try MemoQuizSandbox()
    try month(sandbox)
    let result = try sandbox.run(
      ["stats", "--weeks", "52"],
      environment: environment.merging(["MEMOQUIZ_NOW": "2026-11-12T15:00:00Z", "TZ": "UTC", "COLUMNS": "60"]) { $1 })
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}["), "no escape sequences off a terminal")
    let lines = result.stdout.split(separator: "\n")
    for line in lines {
      #expect(line.unicodeScalars.count <= 60, "too wide: \(line)")
    }
    let shades = environment["LANG"] == "C" ? ["#", "."] : ["█", "·"]
    #expect(shades.allSatisfy { result.stdout.contains($0) }, "shaded by characters, not only by colour")
    #expect(result.stdout.contains("Nov"))
    // Long lines wrap at spaces, onto indented lines.
    let prose = result.stdout.replacing("\n  ", with: " ")
    #expect(prose.contains("Last 30 days: 30 answers, 77% correct"))
    #expect(prose.contains("Streak: 2 days in a row; longest 4 days."))
    #expect(prose.contains("Retention: 80% of 10 reviews of due questions were right (target 90%)."))
    #expect(result.stdout.contains("Weakest questions:"))
  }

  @Test func aBadWeeksValueIsAUsageError() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["stats", "--weeks", "0"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--weeks takes a whole number from 1 to 520"))
  }

  /// Three questions with prompts of different lengths, the first two
  /// lapsed once and answered right again since, with leeches from one lapse.
  private func lapsed() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "G", "questions": [{"prompt": "a", "answer": "x"}, {"prompt": "a longer prompt", "answer": "y"}, "#
        + #"{"prompt": "mid", "answer": "z"}]}]"#)
    try sandbox.run(["config", "leech-threshold", "1"])
    try play(sandbox, "G", at: "2026-11-01T09:00:00Z", ["x", "y", "z"])
    try play(sandbox, "G", at: "2026-11-10T09:00:00Z", ["w", "w", "z"])
    try play(sandbox, "G", at: "2026-11-10T09:05:00Z", ["x", "y", "z"])
    return sandbox
  }

  /// The text of `stats G` from its weakest questions on.
  private func weakestAndLeeches(_ sandbox: MemoQuizSandbox) throws -> String {
    let text = try sandbox.run(["stats", "G"], environment: ["MEMOQUIZ_NOW": "2026-11-10T10:00:00Z"]).stdout
    return String(text[try #require(text.range(of: "Weakest questions")).lowerBound...])
  }

  @Test func theLeechesAreAlignedAsTheWeakestQuestionsAre() throws {
    let text = try weakestAndLeeches(try lapsed())
    let leeches = String(text[try #require(text.range(of: "Leeches")).lowerBound...])
    #expect(
      leeches == """
        Leeches (cards that keep lapsing; a better hint or a split helps):
          a                1 lapse
          a longer prompt  1 lapse

        """)
  }

  @Test func theWeakestQuestionsNameWhatEachFigureIs() throws {
    let text = try weakestAndLeeches(try lapsed())
    let weakest = String(text[..<(try #require(text.range(of: "\nLeeches")).lowerBound)])
    #expect(
      weakest == """
        Weakest questions:
          a                1 miss in all  recall now 100%
          a longer prompt  1 miss in all  recall now 100%

        """)
  }
}
