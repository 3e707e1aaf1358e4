@preconcurrency import Glibc
import Synchronization

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
  /// - Parameter hour: the hour days start at, 0 to 23.
  public init(containing time: Timestamp, startingAt hour: Int) {
    var day = LocalDay(time)
    if time < Self.start(of: day, hour: hour) { day = day.advanced(by: -1) }
    self.init(day: day, hour: hour)
  }

  /// The learner's day numbered `number` (``LocalDay/number`` of the date it
  /// starts on).
  public init(number: Int, startingAt hour: Int) {
    self.init(day: LocalDay(number: number), hour: hour)
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
    let zone = getenv("TZ").map { String(cString: $0) }
    let key = Boundary(day: day.number, hour: hour, zone: zone)
    if let start = boundaries.withLock({ $0[key] }) { return start }
    let start = computedStart(of: day, hour: hour)
    boundaries.withLock { known in
      if known.count >= 64 { known.removeAll(keepingCapacity: true) }
      known[key] = start
    }
    return start
  }

  /// A day boundary already worked out, for the zone `TZ` named then.
  private struct Boundary: Hashable {
    var day: Int
    var hour: Int
    var zone: String?
  }

  /// The boundaries worked out lately: `mktime` looks at the system's zone
  /// file on every call, and every answer asks for its day.
  private static let boundaries = Mutex<[Boundary: Timestamp]>([:])

  private static func computedStart(of day: LocalDay, hour: Int) -> Timestamp {
    let (year, month, date) = day.date
    var fields = tm()
    fields.tm_year = Int32(year - 1900)
    fields.tm_mon = Int32(month - 1)
    fields.tm_mday = Int32(date)
    fields.tm_hour = Int32(hour)
    fields.tm_isdst = -1
    return Timestamp(rawValue: Int64(mktime(&fields)) * 1000)
  }

  /// The day's number: the date it starts on, in days since 1970-01-01.
  public var number: Int { day.number }

  /// The number of the learner's day `time` falls in, local time (`TZ`).
  /// - Parameter hour: the hour days start at, 0 to 23.
  public static func number(containing time: Timestamp, startingAt hour: Int) -> Int {
    var day = LocalDay(time)
    if time < start(of: day, hour: hour) { day = day.advanced(by: -1) }
    return day.number
  }

  /// When the learner's day numbered `number` starts, local time (`TZ`).
  public static func start(ofDay number: Int, hour: Int) -> Timestamp {
    start(of: LocalDay(number: number), hour: hour)
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
