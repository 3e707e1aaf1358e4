import Foundation
import Testing

/// `memoquiz config --group GROUP KEY VALUE`: a group's own `new-per-day`,
/// `desired-retention` and `leech-threshold`, steps that `undo` takes back,
/// and what every view and round makes of them.
@Suite struct GroupSettingsTests {
  private static func at(_ day: String, _ hour: String = "10") -> [String: String] {
    ["MEMOQUIZ_NOW": "2026-12-\(day)T\(hour):00:00Z"]
  }

  /// A folder of G and H, one question each.
  private static func pair() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "G", "questions": [{"prompt": "g0", "answer": "a0"}]},"#
        + #" {"title": "H", "questions": [{"prompt": "h0", "answer": "b0"}]}]"#)
    return sandbox
  }

  /// Each group's new questions in `today --json`, by title.
  private static func newToday(_ sandbox: MemoQuizSandbox, _ day: String) throws -> [String: Int] {
    let result = try sandbox.run(["today", "--json"], environment: at(day))
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    var new: [String: Int] = [:]
    for group in object?["groups"] as? [[String: Any]] ?? [] {
      if let title = group["title"] as? String, let count = group["new"] as? Int { new[title] = count }
    }
    return new
  }

  /// The first question's field `key` in each group of `scores --json`.
  private static func firstQuestion(_ sandbox: MemoQuizSandbox, _ key: String) throws -> [String: String] {
    try sandbox.scores().mapValues { group in
      let questions = group["questions"] as? [[String: Any]] ?? []
      return questions.first.map { "\($0[key] ?? "")" } ?? ""
    }
  }

  @Test func aGroupSettingIsAStepThatUndoTakesBackAndTheListingShowsWhatDiffers() throws {
    let sandbox = try Self.pair()
    #expect(try sandbox.run(["config", "--group", "G"]).stdout == "G has the whole folder's settings.\n")
    let set = try sandbox.run(["config", "--group", "g", "new-per-day", "3"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout == "new-per-day of G is now 3 (`memoquiz undo` takes it back).\n")
    #expect(
      try sandbox.run(["config", "--group", "G", "new-per-day", "3"]).stdout
        == "new-per-day of G is 3 already; nothing changed.\n")
    try sandbox.run(["config", "--group", "G", "leech-threshold", "2"])
    #expect(
      try sandbox.run(["config", "--group", "G"]).stdout
        == "new-per-day      3  (folder 20)\nleech-threshold  2  (folder 8)\n")
    #expect(try sandbox.run(["config", "--group", "G", "leech-threshold"]).stdout == "2\n")
    #expect(try sandbox.run(["config", "--group", "H"]).stdout == "H has the whole folder's settings.\n")
    #expect(try sandbox.run(["config", "new-per-day"]).stdout == "20\n", "the folder's setting is left alone")
    let history = try sandbox.run(["history", "--json"])
    let steps = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(steps.map { $0["kind"] as? String } == ["config", "config"])
    #expect(steps.map { $0["group"] as? String } == ["G", "G"])
    #expect(
      Set(steps.compactMap { $0["summary"] as? String })
        == ["config --group G new-per-day 3", "config --group G leech-threshold 2"])
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["config", "--group", "G"]).stdout == "new-per-day  3  (folder 20)\n")
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["config", "--group", "G"]).stdout == "G has the whole folder's settings.\n")
  }

  @Test func folderGivesAGroupTheFoldersValueAgainWhateverItBecomes() throws {
    let sandbox = try Self.pair()
    try sandbox.run(["config", "--group", "G", "new-per-day", "3"])
    let back = try sandbox.run(["config", "--group", "G", "new-per-day", "folder"])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout == "new-per-day of G is now the folder's (20) (`memoquiz undo` takes it back).\n")
    #expect(try sandbox.run(["config", "--group", "G"]).stdout == "G has the whole folder's settings.\n")
    #expect(
      try sandbox.run(["config", "--group", "G", "new-per-day", "Folder"]).stdout
        == "new-per-day of G is the folder's already (20); nothing changed.\n")
    // It follows the folder's later changes, which a value of 20 would not.
    try sandbox.run(["config", "new-per-day", "12"])
    #expect(try sandbox.run(["config", "--group", "G", "new-per-day"]).stdout == "12\n")
    let history = try sandbox.run(["history", "--json"])
    let steps = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(steps.count == 3)
    #expect(steps.contains { $0["summary"] as? String == "config --group G new-per-day folder" }, "\(steps)")
    // Undo gives the group its own value back.
    try sandbox.run(["config", "new-per-day", "20"])
    #expect(try sandbox.run(["undo", "2"]).status == 0)
    #expect(try sandbox.run(["config", "--group", "G"]).stdout == "new-per-day  3  (folder 20)\n")
  }

  @Test(arguments: [
    (["config", "--group", "G", "typos", "forgive"], "typos holds for the whole folder; a group has its own"),
    (["config", "--group", "G", "day-starts-at"], "day-starts-at holds for the whole folder"),
    (["config", "--group", "G", "bogus", "1"], "unknown setting 'bogus'"),
    (["config", "--group", "G", "new-per-day", "10000"], "new-per-day takes a whole number from 0 to 9999, or folder"),
    (["config", "--group", "G", "desired-retention", "0.5"], "desired-retention takes a number from 0.70 to 0.97"),
    (["config", "--group", "G", "leech-threshold", "-1"], "leech-threshold takes a whole number from 0 to 99"),
    (["config", "--group", "Nowhere", "new-per-day", "3"], "no group is called \"Nowhere\""),
    (["config", "new-per-day", "folder"], "new-per-day takes a whole number from 0 to 9999, not 'folder'"),
  ])
  func badGroupSettingsAreUsageErrorsAndChangeNothing(_ arguments: [String], _ message: String) throws {
    let sandbox = try Self.pair()
    let result = try sandbox.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(try sandbox.run(["history"]).stdout.contains("config") == false)
  }

  @Test func aGroupsNewPerDayCapsItsNewQuestionsInTodayAndEveryRound() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 8)
    try sandbox.run(["config", "new-per-day", "10"], environment: Self.at("01"))
    try sandbox.run(["config", "--group", "G", "new-per-day", "3"], environment: Self.at("01"))
    #expect(try Self.newToday(sandbox, "01") == ["G": 3, "H": 7], "the folder's cap still holds for all groups")
    let groupRound = try sandbox.run(["review", "G"], environment: Self.at("01"))
    #expect(groupRound.stderr.contains("3 questions to review, none asked"), "\(groupRound.stderr)")
    let review = try sandbox.run(
      ["review"], input: (0..<3).map { "a\($0)\n" }.joined() + (0..<7).map { "a\($0)\n" }.joined(),
      environment: Self.at("01"))
    #expect(review.status == 0, "\(review.stderr)")
    #expect(review.stdout.contains("10 questions"), "\(review.stdout)")
    #expect(try Self.newToday(sandbox, "01") == ["G": 0, "H": 0])
    // The next day, H's cap is the folder's again once G's is taken back.
    try sandbox.run(["config", "--group", "G", "new-per-day", "0"], environment: Self.at("02"))
    #expect(try Self.newToday(sandbox, "02") == ["G": 0, "H": 1])
    #expect(try sandbox.run(["undo"], environment: Self.at("02")).status == 0)
    #expect(try Self.newToday(sandbox, "02") == ["G": 3, "H": 1])
  }

  @Test func aGroupsLeechThresholdMakesItsLeechesAlone() throws {
    let sandbox = try Self.pair()
    try sandbox.run(["config", "--group", "G", "leech-threshold", "1"])
    var shown: [String: String] = [:]
    for (group, answer) in [("G", "a0"), ("H", "b0")] {
      try sandbox.run(["play", group], input: answer + "\n", environment: Self.at("01"))
      shown[group] = try sandbox.run(["play", group], input: "x\n", environment: Self.at("05")).stdout
    }
    #expect(shown["G"]?.contains("Leech: g0 has lapsed 1 times since you first knew it.") == true, "\(shown)")
    #expect(shown["H"]?.contains("Leech:") == false, "\(shown)")
    #expect(try Self.firstQuestion(sandbox, "leech") == ["G": "1", "H": "0"])
    let stats = try sandbox.run(["stats"], environment: Self.at("05")).stdout
    #expect(
      stats.hasSuffix("Leeches (cards that keep lapsing; a better hint or a split helps):\n  g0  1 lapse\n"),
      "\(stats)")
  }

  @Test func aGroupsDesiredRetentionReschedulesItsCardsAloneAndUndoPutsThemBack() throws {
    let sandbox = try Self.pair()
    // Due days drawn by fuzz alone: a day balancing chose is kept while
    // it fits, which would hide the change.
    try sandbox.run(["config", "load-balance", "off"], environment: Self.at("01"))
    for day in ["01", "05"] {
      try sandbox.run(["play", "G"], input: "a0\n", environment: Self.at(day))
      try sandbox.run(["play", "H"], input: "b0\n", environment: Self.at(day))
    }
    let before = try Self.firstQuestion(sandbox, "due")
    try sandbox.run(["config", "--group", "G", "desired-retention", "0.97"], environment: Self.at("05"))
    let after = try Self.firstQuestion(sandbox, "due")
    #expect(after["H"] == before["H"], "the other group's cards keep their due days")
    #expect((after["G"] ?? "") < (before["G"] ?? ""), "a higher retention brings G's review nearer: \(before) \(after)")
    // A new process reads the checkpoint: the same as the step's own run.
    #expect(try Self.firstQuestion(sandbox, "due") == after)
    // A review answered now is scheduled with G's retention.
    let fresh = try Self.pair()
    try fresh.run(["config", "load-balance", "off"], environment: Self.at("01"))
    try fresh.run(["config", "--group", "G", "desired-retention", "0.97"], environment: Self.at("01"))
    for day in ["01", "05"] {
      try fresh.run(["play", "G"], input: "a0\n", environment: Self.at(day))
      try fresh.run(["play", "H"], input: "b0\n", environment: Self.at(day))
    }
    #expect(try Self.firstQuestion(fresh, "due") == after)
    #expect(try sandbox.run(["undo"], environment: Self.at("05")).status == 0)
    #expect(try Self.firstQuestion(sandbox, "due") == before)
  }
}
