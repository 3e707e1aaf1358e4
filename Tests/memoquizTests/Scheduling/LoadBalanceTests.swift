import Foundation
import Testing

/// `config load-balance` and `config easy-days`: settings as steps, due days
/// chosen within the fuzz range when an answer is recorded, and the same
/// due days on every machine that holds the same files.
@Suite struct LoadBalanceTests {
  /// Sixty questions answered right on 1 December and again on 3 December
  /// (a Thursday), after `settings`: their next reviews fall in a fuzz range
  /// of about a week from 12 December.
  private static func practised(_ settings: [[String]]) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 60)
    for setting in settings {
      let result = try sandbox.run(["config"] + setting)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let answers = (0..<60).map { "a\($0)\n" }.joined()
    for day in ["01", "03"] {
      let result = try sandbox.run(
        ["play", "G", "--strategy", "sequential"], input: answers,
        environment: ["MEMOQUIZ_NOW": "2026-12-\(day)T10:00:00Z"])
      #expect(result.status == 0, "\(result.stderr)")
    }
    return sandbox
  }

  /// The reviews due on each day of `stats`' forecast from 10 December, by date.
  private static func forecast(_ sandbox: MemoQuizSandbox) throws -> [String: Int] {
    let result = try sandbox.run(["stats", "--json"], environment: ["MEMOQUIZ_NOW": "2026-12-10T12:00:00Z"])
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let days = object?["forecast"] as? [[String: Any]] ?? []
    var due: [String: Int] = [:]
    for day in days {
      if let date = day["date"] as? String, let count = day["due"] as? Int, count > 0 { due[date] = count }
    }
    return due
  }

  /// The due days the answers of a history file recorded.
  private static func recordedDueDays(_ sandbox: MemoQuizSandbox) throws -> [String] {
    let text = try String(contentsOf: sandbox.historyFile, encoding: .utf8)
    var days: [String] = []
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      if fields.first == "answer" && fields.count == 13 { days.append(String(fields[12])) }
    }
    return days
  }

  @Test func theSettingsAreStepsWithTheirValuesChecked() throws {
    let sandbox = try MemoQuizSandbox()
    let listed = try sandbox.run(["config"])
    #expect(listed.stdout.contains("load-balance       on"))
    #expect(listed.stdout.contains("easy-days          none"))
    let set = try sandbox.run(["config", "easy-days", "Sun,sat"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(try sandbox.run(["config", "easy-days"]).stdout == "sat,sun\n")
    let wrong = try sandbox.run(["config", "easy-days", "weekend"])
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("weekdays such as sat,sun, or none"))
    let maybe = try sandbox.run(["config", "load-balance", "maybe"])
    #expect(maybe.status == 64)
    #expect(maybe.stderr.contains("on or off"))
    #expect(try sandbox.run(["config", "load-balance", "off"]).status == 0)
    #expect(try sandbox.run(["config", "load-balance"]).stdout == "off\n")
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["config", "load-balance"]).stdout == "on\n")
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["config", "easy-days"]).stdout == "none\n")
  }

  @Test func balancedDueDaysAreRecordedAndEveryMachineDerivesTheSame() throws {
    let first = try Self.practised([])
    let recorded = try Self.recordedDueDays(first)
    #expect(recorded.count == 60, "each second review's day chosen within its range")
    let due = try Self.forecast(first)
    #expect(due.values.reduce(0, +) == 60)
    // Another machine with the same files, and this one replaying its
    // whole history with no caches, derive the same due days.
    let second = try MemoQuizSandbox()
    let history = second.folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: first.questionsFile, to: second.questionsFile)
    try FileManager.default.copyItem(
      at: first.historyFile, to: history.appendingPathComponent(first.historyFile.lastPathComponent))
    #expect(try Self.forecast(second) == due)
    try? FileManager.default.removeItem(at: first.folder.appendingPathComponent("local/checkpoint"))
    try? FileManager.default.removeItem(at: first.folder.appendingPathComponent("local/outlook"))
    #expect(try Self.forecast(first) == due)
  }

  @Test func withBothSettingsOffFuzzAloneDrawsTheDays() throws {
    let sandbox = try Self.practised([["load-balance", "off"]])
    #expect(try Self.recordedDueDays(sandbox).isEmpty)
    #expect(try Self.forecast(sandbox).values.reduce(0, +) == 60)
  }

  @Test(arguments: ["on", "off"])
  func easyDaysKeepTheWeekendFreeWhenTheRangeAllows(_ balance: String) throws {
    let plain = try Self.forecast(try Self.practised([["load-balance", balance]]))
    #expect(plain["2026-12-12"] ?? 0 > 0 || plain["2026-12-13"] ?? 0 > 0, "\(plain)")
    let easy = try Self.forecast(try Self.practised([["load-balance", balance], ["easy-days", "sat,sun"]]))
    #expect(easy["2026-12-12"] == nil && easy["2026-12-13"] == nil, "\(easy)")
    #expect(easy.values.reduce(0, +) == 60)
  }
}
