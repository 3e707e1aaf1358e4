import Foundation
import Testing

@testable import MemoQuizKit

/// A collection reviewed in New York, with Anki's day starting at 04:00
/// and answers in the hour after it just before clocks went back on
/// 1 November 2026: once imported, every card is due on the day Anki has it
/// due, and today counts what Anki counts.
@Suite struct AnkiDaysTests {
  /// One reviewed card: its answer, and Anki's interval and due day
  /// (days since the collection's first day, 1 October 2026).
  private struct Reviewed {
    var guid: String
    var answered: String
    var interval: Int
    var ankiDue: Int
    /// The learner day Anki counted the answer in (days since 1970-01-01).
    var day: Int
  }

  private static let cards = [
    // 04:40 EDT on 31 October: Anki's day 30, due on day 34 (4 November).
    Reviewed(guid: "after", answered: "2026-10-31T08:40:00Z", interval: 4, ankiDue: 34, day: 20757),
    // 03:40 EDT on 31 October, before the rollover: day 29, due day 33.
    Reviewed(guid: "before", answered: "2026-10-31T07:40:00Z", interval: 4, ankiDue: 33, day: 20756),
    // 03:40 EST on 1 November, in the day of 25 hours: still day 30.
    Reviewed(guid: "longday", answered: "2026-11-01T08:40:00Z", interval: 3, ankiDue: 33, day: 20757),
    // Noon on 20 October (day 19) with an interval of 10, which Anki then
    // moved to day 34: the card keeps Anki's day.
    Reviewed(guid: "moved", answered: "2026-10-20T16:00:00Z", interval: 10, ankiDue: 34, day: 20746),
  ]

  /// A legacy collection of one Basic note a card, each reviewed once, made
  /// on 1 October 2026 at 04:00 EDT (Anki's `crt`, 240 minutes west).
  private static func package() throws -> [UInt8] {
    var statements = LegacyCollection.tables(
      created: 1_790_841_600, configuration: #"{"rollover": 4, "creationOffset": 240}"#)
    for (index, card) in cards.enumerated() {
      let id = index + 1
      let answered = try #require(ISO8601Time.parse(card.answered)).timeIntervalSince1970
      statements += [
        "INSERT INTO notes VALUES (\(id), '\(card.guid)', 1, 0, 0, '', '\(card.guid)' || char(31) || 'a\(id)', '', "
          + "0, 0, '')",
        "INSERT INTO cards VALUES (\(id), \(id), 1, 0, 0, 0, 2, 2, \(card.ankiDue), \(card.interval), 2500, 1, 0, "
          + "0, 0, 0, 0, '')",
        "INSERT INTO revlog VALUES (\(Int64(answered) * 1000), \(id), 0, 3, \(card.interval), 0, 2500, 6000, 0)",
      ]
    }
    return try LegacyCollection.package(statements)
  }

  @Test(arguments: ["reviewed.apkg", "reviewed.colpkg"])
  func importedCardsAreDueOnAnkisDayAcrossADaylightSavingChange(_ name: String) throws {
    let sandbox = try MemoQuizSandbox()
    let file = sandbox.folder.appendingPathComponent(name)
    try Data(try Self.package()).write(to: file)
    // 10:00 EST on 3 November: Anki's day 33.
    let environment = ["MEMOQUIZ_NOW": "2026-11-03T15:00:00Z", "TZ": "America/New_York"]
    let imported = try sandbox.run(["import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    // Each answer is recorded on the learner day Anki counted it in.
    let history = try String(contentsOf: sandbox.historyFile, encoding: .utf8)
    for card in Self.cards {
      let answered = try #require(ISO8601Time.parse(card.answered)).timeIntervalSince1970
      #expect(history.contains("anki:\(card.guid):f:\(Int64(answered) * 1000)\t\(card.day)\n"), "\(card.guid)")
    }
    let scores = try MemoQuizSandbox.scores(in: sandbox.run(["scores", "--json"], environment: environment))
    let questions = try #require(scores["Default"]?["questions"] as? [[String: Any]])
    let due = Dictionary(uniqueKeysWithValues: questions.map { ($0["id"] as? String ?? "", $0["due"] as? String) })
    // Anki's day 33 starts at 04:00 EST on 3 November, day 34 a day later.
    #expect(
      due == [
        "after": "2026-11-04T09:00:00Z", "before": "2026-11-03T09:00:00Z", "longday": "2026-11-03T09:00:00Z",
        "moved": "2026-11-04T09:00:00Z",
      ])
    let today = try sandbox.run(["today", "--json"], environment: environment)
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])
    #expect(plan["due"] as? Int == 2, "Anki has 2 cards due today: \(today.stdout)")
  }
}
