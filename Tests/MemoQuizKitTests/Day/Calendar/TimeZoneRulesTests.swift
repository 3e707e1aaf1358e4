import Testing

@testable import MemoQuizKit

/// The time zone a command is given: read from the system's zoneinfo files
/// or a POSIX string, whatever the process's own `TZ`.
@Suite struct TimeZoneRulesTests {
  private func seconds(_ text: String) throws -> Int64 {
    Timestamp(try #require(ISO8601Time.parse(text))).rawValue / 1000
  }

  /// A zone, its last moment before a change, the change and the offsets
  /// either side.
  struct Change: CustomTestStringConvertible, Sendable {
    var zone: String
    var at: String
    var before: Int
    var after: Int
    var testDescription: String { "\(zone) at \(at)" }
  }

  @Test(arguments: [
    Change(zone: "America/New_York", at: "2026-11-01T06:00:00Z", before: -4 * 3600, after: -5 * 3600),
    Change(zone: "America/New_York", at: "2026-03-08T07:00:00Z", before: -5 * 3600, after: -4 * 3600),
    Change(zone: "Europe/Berlin", at: "2026-10-25T01:00:00Z", before: 2 * 3600, after: 3600),
    Change(zone: "Europe/Berlin", at: "2026-03-29T01:00:00Z", before: 3600, after: 2 * 3600),
    // Long after the file's last transition: the footer's rule.
    Change(zone: "America/New_York", at: "2090-11-05T06:00:00Z", before: -4 * 3600, after: -5 * 3600),
    Change(zone: ":Europe/Berlin", at: "2090-10-29T01:00:00Z", before: 2 * 3600, after: 3600),
    Change(zone: "EST5EDT,M3.2.0,M11.1.0", at: "2026-11-01T06:00:00Z", before: -4 * 3600, after: -5 * 3600),
    Change(zone: "CET-1CEST,M3.5.0,M10.5.0/3", at: "2026-10-25T01:00:00Z", before: 2 * 3600, after: 3600),
  ])
  func theOffsetChangesAtTheZonesTransition(_ change: Change) throws {
    let zone = TimeZoneRules.named(change.zone)
    let moment = try seconds(change.at)
    #expect(zone.offset(at: moment - 1) == change.before)
    #expect(zone.offset(at: moment) == change.after)
  }

  @Test func aZoneNamedByNoFileOrRuleIsUTCAndTheSystemsZoneIsReadWhenNoneIsNamed() throws {
    #expect(TimeZoneRules.named("UTC").offset(at: try seconds("2026-07-01T12:00:00Z")) == 0)
    #expect(TimeZoneRules.named("Nowhere/../../etc/passwd").offset(at: 0) == 0)
    #expect(TimeZoneRules.named("not a zone").name == "UTC")
    #expect(TimeZoneRules.named("JST-9").offset(at: 0) == 9 * 3600)
    #expect(TimeZoneRules.named("Asia/Tokyo").offset(at: try seconds("2026-07-01T12:00:00Z")) == 9 * 3600)
    // The system's own zone: whatever it is, read from its file.
    _ = TimeZoneRules.named(nil).offset(at: 0)
  }

  @Test func aLocalTimeReadTwiceIsItsFirstReadingAndOneSkippedIsTheMomentAfterTheGap() throws {
    let newYork = TimeZoneRules.named("America/New_York")
    // 01:30 on 1 November 2026 happens in EDT, then again in EST.
    let twice = try seconds("2026-11-01T01:30:00Z")
    #expect(newYork.moment(atLocal: twice) == (try seconds("2026-11-01T05:30:00Z")))
    // 02:30 on 8 March 2026 never happens: the clocks go from 02:00 to 03:00.
    let skipped = try seconds("2026-03-08T02:30:00Z")
    #expect(newYork.moment(atLocal: skipped) == (try seconds("2026-03-08T07:00:00Z")))
    #expect(newYork.moment(atLocal: try seconds("2026-11-01T04:00:00Z")) == (try seconds("2026-11-01T09:00:00Z")))
  }
}
