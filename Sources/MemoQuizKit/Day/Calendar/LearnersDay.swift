/// The learner's day: from `day-starts-at` local time to the same hour the
/// next day, so that practice after midnight still counts for the evening
/// before, as in Anki.
///
/// It is memoquiz's one calendar for memory: the learner day an instant
/// falls in (``number(containing:startingAt:)``), the learner days between
/// two days (``days(from:to:)``), and when a day starts (``start(ofDay:hour:)``).
/// A day is numbered by the calendar date it starts on, counted from
/// 1970-01-01, so that neighbouring days differ by one whatever
/// daylight-saving change falls between them; a boundary is `day-starts-at`
/// in the local time in force at that boundary.
public struct LearnersDay: Hashable, Sendable {
  /// The calendar day it starts on.
  public let day: LocalDay
  /// When it starts and when the next one starts.
  public let start: Timestamp
  public let end: Timestamp

  /// The learner's day `time` falls in.
  /// - Parameters:
  ///   - hour: the hour days start at, 0 to 23.
  ///   - zone: the time zone whose local time the hour is read in.
  public init(containing time: Timestamp, startingAt hour: Int, in zone: TimeZoneRules = .current) {
    self.init(day: LocalDay(number: Self.number(containing: time, startingAt: hour, in: zone)), hour: hour, in: zone)
  }

  /// The learner's day numbered `number` (``LocalDay/number`` of the date it
  /// starts on).
  public init(number: Int, startingAt hour: Int, in zone: TimeZoneRules = .current) {
    self.init(day: LocalDay(number: number), hour: hour, in: zone)
  }

  init(day: LocalDay, hour: Int, in zone: TimeZoneRules = .current) {
    self.day = day
    start = Self.start(of: day, hour: hour, in: zone)
    end = Self.start(of: day.advanced(by: 1), hour: hour, in: zone)
  }

  /// When `hour` o'clock falls on `day`, in the local time in force then; an
  /// hour that a daylight-saving change skips is taken as the moment after
  /// the gap, one read twice as its first reading.
  static func start(of day: LocalDay, hour: Int, in zone: TimeZoneRules = .current) -> Timestamp {
    let local = Int64(day.number) * 86_400 + Int64(hour) * 3600
    return Timestamp(rawValue: zone.moment(atLocal: local) * 1000)
  }

  /// The day's number: the date it starts on, in days since 1970-01-01.
  public var number: Int { day.number }

  /// The number of the learner's day `time` falls in: its local date, the
  /// day before when the local time is before `hour` (as Anki counts).
  /// - Parameters:
  ///   - hour: the hour days start at, 0 to 23.
  ///   - zone: the time zone whose local time in force at `time` counts.
  public static func number(
    containing time: Timestamp, startingAt hour: Int, in zone: TimeZoneRules = .current
  ) -> Int {
    let day = LocalDay(time, in: zone)
    return time < start(of: day, hour: hour, in: zone) ? day.number - 1 : day.number
  }

  /// When the learner's day numbered `number` starts, in `zone`.
  public static func start(ofDay number: Int, hour: Int, in zone: TimeZoneRules = .current) -> Timestamp {
    start(of: LocalDay(number: number), hour: hour, in: zone)
  }

  /// The learner days from day `earlier` to day `later`: 0 for two moments of
  /// one day, 1 from an evening to the next morning (negative when `later`
  /// is the earlier day). This, not 24-hour blocks, is the time FSRS counts.
  public static func days(from earlier: Int, to later: Int) -> Int {
    let (difference, overflow) = later.subtractingReportingOverflow(earlier)
    return overflow ? (later < earlier ? Int.min / 2 : Int.max / 2) : difference
  }

  /// The day `days` learner days after day `number`, kept within the days
  /// a file may hold.
  public static func day(_ number: Int, plus days: Int) -> Int {
    let (sum, overflow) = number.addingReportingOverflow(days)
    return overflow ? (days > 0 ? Int.max / 2 : Int.min / 2) : min(max(sum, -Self.dayRange), Self.dayRange)
  }

  /// Day numbers beyond this are out of any calendar memoquiz records (the
  /// year 1 to 9999 is within ±3,000,000 days of 1970).
  static let dayRange = 100_000_000

  /// Whether `time` falls in this day.
  public func contains(_ time: Timestamp) -> Bool { start <= time && time < end }
}
