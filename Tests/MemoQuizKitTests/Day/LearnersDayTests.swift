import Foundation
import Testing

@testable import MemoQuizKit

/// The learner's day and the settings it reads.
@Suite(.serialized) struct LearnersDayTests {
  /// Runs `body` with `TZ` set, then puts it back.
  private func inZone(_ zone: String, _ body: () throws -> Void) rethrows {
    let old = ProcessInfo.processInfo.environment["TZ"]
    setenv("TZ", zone, 1)
    tzset()
    defer {
      if let old { setenv("TZ", old, 1) } else { unsetenv("TZ") }
      tzset()
    }
    try body()
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
