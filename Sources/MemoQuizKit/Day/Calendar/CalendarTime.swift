import FoundationEssentials

/// A moment broken into calendar fields, in local time or UTC.
struct CalendarTime {
  private let fields: UTCTime

  var year: Int { fields.year }
  var month: Int { fields.month }
  var day: Int { fields.day }
  var hour: Int { fields.hour }
  var minute: Int { fields.minute }
  var second: Int { fields.second }

  /// The fields of `date`, in UTC or in the command's local time
  /// (``TimeZoneRules/current``).
  init(_ date: Date, local: Bool = false) {
    var seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    if local { seconds += Int64(TimeZoneRules.current.offset(at: seconds)) }
    fields = UTCTime(secondsSince1970: seconds)
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
