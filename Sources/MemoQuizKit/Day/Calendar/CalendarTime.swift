import FoundationEssentials
@preconcurrency import Glibc

/// A moment broken into calendar fields, in local time or UTC.
struct CalendarTime {
  let year: Int
  let month: Int
  let day: Int
  let hour: Int
  let minute: Int
  let second: Int

  /// The fields of `date`, in UTC or in the command's local time
  /// (``TimeZoneRules/current``). The corresponding C function is `gmtime_r`.
  init(_ date: Date, local: Bool = false) {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    if local { seconds += time_t(TimeZoneRules.current.offset(at: Int64(seconds))) }
    var fields = tm()
    gmtime_r(&seconds, &fields)
    year = Int(fields.tm_year) + 1900
    month = Int(fields.tm_mon) + 1
    day = Int(fields.tm_mday)
    hour = Int(fields.tm_hour)
    minute = Int(fields.tm_min)
    second = Int(fields.tm_sec)
  }

  private static func pad(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// `20261122T142501Z`: safe in file names, sorts by time.
  var compactStamp: String {
    "\(Self.pad(year, 4))\(Self.pad(month))\(Self.pad(day))T\(Self.pad(hour))\(Self.pad(minute))\(Self.pad(second))Z"
  }

  /// `2026-11-22 14:25`: for people.
  var readable: String {
    "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day)) \(Self.pad(hour)):\(Self.pad(minute))"
  }

  /// `2026-11-22`: for people, when the time of day does not matter.
  var readableDay: String {
    "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day))"
  }
}
