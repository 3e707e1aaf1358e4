import Testing

@testable import MemoQuizKit

/// The learner's day and the settings it reads.
@Suite struct LearnersDayTests {
  /// Runs `body` with `zone` as the command's time zone.
  private func inZone(_ zone: String, _ body: () throws -> Void) rethrows {
    try TimeZoneRules.$current.withValue(TimeZoneRules.named(zone)) { try body() }
  }

  private func time(_ text: String) throws -> Timestamp {
    Timestamp(try #require(ISO8601Time.parse(text)))
  }

  @Test func aDayRunsFromTheHourToTheSameHourNextDayAcrossDaylightSaving() throws {
    try inZone("EST5EDT") {
      let saturday = LearnersDay(containing: try time("2026-03-07T17:00:00Z"), startingAt: 4)
      #expect(saturday.day.isoText == "2026-03-07")
      #expect(saturday.start == (try time("2026-03-07T09:00:00Z")), "04:00 EST")
      #expect(saturday.end == (try time("2026-03-08T08:00:00Z")), "04:00 EDT: a day of 23 hours")
      #expect(LearnersDay(containing: try time("2026-03-08T07:59:59Z"), startingAt: 4) == saturday)
      #expect(LearnersDay(containing: try time("2026-03-08T08:00:00Z"), startingAt: 4).day.isoText == "2026-03-08")
      // Autumn: clocks go back at 02:00 on 1 November, a day of 25 hours.
      let autumn = LearnersDay(containing: try time("2026-10-31T12:00:00Z"), startingAt: 4)
      #expect(autumn.start == (try time("2026-10-31T08:00:00Z")))
      #expect(autumn.end == (try time("2026-11-01T09:00:00Z")))
      // Before the hour, it is still yesterday's day.
      let night = LearnersDay(containing: try time("2026-12-02T06:00:00Z"), startingAt: 4)
      #expect(night.day.isoText == "2026-12-01")
    }
  }

  /// A moment, the learner day Anki counts it in with a 4 o'clock rollover,
  /// in a zone that changes its clocks.
  struct Counted: CustomTestStringConvertible, Sendable {
    var zone: String
    var time: String
    var day: String
    var testDescription: String { "\(time) in \(zone)" }
  }

  @Test(arguments: [
    // 04:40 EDT on 31 October, the last full day of daylight saving.
    Counted(zone: "America/New_York", time: "2026-10-31T08:40:00Z", day: "2026-10-31"),
    // 03:59 EDT: still the day before.
    Counted(zone: "America/New_York", time: "2026-10-31T07:59:00Z", day: "2026-10-30"),
    // 03:40 EST on 1 November, after the change: 24 hours after 03:40 EDT
    // the day before, but still 31 October's learner day (a day of 25 hours).
    Counted(zone: "America/New_York", time: "2026-11-01T08:40:00Z", day: "2026-10-31"),
    Counted(zone: "America/New_York", time: "2026-11-01T09:00:00Z", day: "2026-11-01"),
    Counted(zone: "America/New_York", time: "2026-11-02T09:40:00Z", day: "2026-11-02"),
    // Berlin goes back on 25 October: 04:00 CEST is 02:00 UTC, 04:00 CET 03:00 UTC.
    Counted(zone: "Europe/Berlin", time: "2026-10-24T02:40:00Z", day: "2026-10-24"),
    Counted(zone: "Europe/Berlin", time: "2026-10-25T02:40:00Z", day: "2026-10-24"),
    Counted(zone: "Europe/Berlin", time: "2026-10-25T03:00:00Z", day: "2026-10-25"),
    Counted(zone: "Europe/Berlin", time: "2026-03-29T01:59:00Z", day: "2026-03-28"),
    Counted(zone: "Europe/Berlin", time: "2026-03-29T02:00:00Z", day: "2026-03-29"),
  ])
  func aMomentFallsInTheLearnerDayItsLocalTimeThenSays(_ counted: Counted) throws {
    let zone = TimeZoneRules.named(counted.zone)
    let moment = try time(counted.time)
    let day = LearnersDay(containing: moment, startingAt: 4, in: zone)
    #expect(day.day.isoText == counted.day)
    #expect(day.contains(moment))
    let number = TimeZoneRules.$current.withValue(zone) { LearnersDay.number(containing: moment, startingAt: 4) }
    #expect(number == day.number, "the command's zone counts the same day")
  }

  @Test func settingsAreCheckedAndOutOfRangeValuesCountAsTheDefault() {
    #expect(Setting(key: "NEW-PER-DAY") == .newPerDay)
    #expect(Setting.newPerDay.normalized("0") == "0")
    #expect(Setting.newPerDay.normalized("-1") == nil)
    #expect(Setting.dayStartsAt.normalized("24") == nil)
    #expect(Setting.desiredRetention.normalized("0.9") == "0.90")
    #expect(Setting.desiredRetention.normalized("0.971") == nil)
    #expect(Setting.desiredRetention.normalized("nan") == nil)
    let settings = Settings(["new-per-day": "7", "day-starts-at": "99", "desired-retention": "0.85"])
    #expect(settings.newPerDay == 7)
    #expect(settings.dayStartsAt == 4)
    #expect(settings.desiredRetention == 0.85)
    #expect(Setting.allCases.map { Settings().text(of: $0) } == Setting.allCases.map(\.defaultValue))
  }
}
