/// A day in a local time zone: the command's (``TimeZoneRules/current``)
/// unless another is named.
///
/// Days are numbered from 1970-01-01, so that neighbouring days differ by
/// one whatever daylight-saving change falls between them.
public struct LocalDay: Hashable, Comparable, Sendable, Strideable {
  public let number: Int

  public init(number: Int) { self.number = number }

  /// The local day a moment falls on in `zone`.
  public init(_ time: Timestamp, in zone: TimeZoneRules = .current) {
    var seconds = time.rawValue.quotientAndRemainder(dividingBy: 1000).quotient
    if time.rawValue < 0 && time.rawValue % 1000 != 0 { seconds -= 1 }
    number = zone.localDay(at: seconds)
  }

  public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.number < rhs.number }
  public func distance(to other: LocalDay) -> Int { other.number - number }
  public func advanced(by n: Int) -> LocalDay { LocalDay(number: number + n) }

  /// The day's year, month and day of the month (the proleptic Gregorian
  /// calendar, counted from the day number alone).
  public var date: (year: Int, month: Int, day: Int) {
    let shifted = number + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// 0 for Monday to 6 for Sunday.
  public var weekday: Int { ((number % 7) + 7 + 3) % 7 }

  /// `2026-11-22`.
  public var isoText: String {
    let (year, month, day) = date
    func pad(_ value: Int, _ width: Int = 2) -> String {
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return "\(pad(year, 4))-\(pad(month))-\(pad(day))"
  }

  /// When the day starts, in the command's local time.
  public var start: Timestamp {
    Timestamp(rawValue: TimeZoneRules.current.moment(atLocal: Int64(number) * 86_400) * 1000)
  }

  static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
}
