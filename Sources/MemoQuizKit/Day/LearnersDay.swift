@preconcurrency import Glibc

/// The learner's day: from `day-starts-at` local time to the same hour the
/// next day, so that practice after midnight still counts for the evening
/// before, as in Anki.
public struct LearnersDay: Hashable, Sendable {
  /// The calendar day it starts on.
  public let day: LocalDay
  /// When it starts and when the next one starts.
  public let start: Timestamp
  public let end: Timestamp

  /// The learner's day `time` falls in.
  /// - Parameter hour: the hour days start at, 0 to 23.
  public init(containing time: Timestamp, startingAt hour: Int) {
    var day = LocalDay(time)
    if time < Self.start(of: day, hour: hour) { day = day.advanced(by: -1) }
    self.init(day: day, hour: hour)
  }

  init(day: LocalDay, hour: Int) {
    self.day = day
    start = Self.start(of: day, hour: hour)
    end = Self.start(of: day.advanced(by: 1), hour: hour)
  }

  /// When `hour` o'clock falls on `day`, local time; an hour that a
  /// daylight-saving change skips is taken as the moment after the gap.
  /// The corresponding C function is `mktime`.
  static func start(of day: LocalDay, hour: Int) -> Timestamp {
    let (year, month, date) = day.date
    var fields = tm()
    fields.tm_year = Int32(year - 1900)
    fields.tm_mon = Int32(month - 1)
    fields.tm_mday = Int32(date)
    fields.tm_hour = Int32(hour)
    fields.tm_isdst = -1
    return Timestamp(rawValue: Int64(mktime(&fields)) * 1000)
  }

  /// Whether `time` falls in this day.
  public func contains(_ time: Timestamp) -> Bool { start <= time && time < end }
}
