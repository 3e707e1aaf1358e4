import FoundationEssentials

/// Dates and times in ISO 8601, as `MEMOQUIZ_NOW` and the JSON outputs use.
public enum ISO8601Time {
  /// Reads `2026-12-01T09:00:00Z`, `2026-12-01T10:00:00+01:00` or
  /// `2026-12-01T09:00Z` (seconds and fractions optional, an offset required).
  /// - Returns: `nil` when the text is not such a time.
  public static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + digits] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      index += digits
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
      index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t")
    else { return nil }
    index += 1
    guard let hour = number(2), expect(":"), let minute = number(2) else { return nil }
    var second = 0
    var fraction = 0.0
    if expect(":") {
      guard let value = number(2) else { return nil }
      second = value
      if expect(".") || expect(",") {
        var scale = 0.1
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) {
          fraction += Double(bytes[index] - 48) * scale
          scale /= 10
          index += 1
        }
        guard index > start else { return nil }
      }
    }
    var offset = 0
    if expect("Z") || expect("z") {
      offset = 0
    } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = number(2) else { return nil }
      _ = expect(":")
      guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard index == bytes.count, (1...12).contains(month), (1...daysIn(month, of: year)).contains(day), hour < 24,
      minute < 60, second < 61
    else { return nil }
    let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
  }

  /// Reads a time as ``parse(_:)`` does, and checks that memoquiz can
  /// record it: the history and the checkpoint hold times from the year 1
  /// to the year 9999 (``Timestamp/earliest`` to ``Timestamp/latest``), and
  /// what memoquiz writes it must read back.
  /// - Returns: the time, ``RecordableTime/outOfRange`` for a time outside
  ///   those years (an offset can move `0001-01-01T00:00:00+01:00` into the
  ///   year 0), or ``RecordableTime/unreadable``.
  public static func parseRecordable(_ text: String) -> RecordableTime {
    guard let date = parse(text) else { return .unreadable }
    guard Timestamp(recording: date) != nil else { return .outOfRange }
    return .time(date)
  }

  /// What ``parseRecordable(_:)`` found.
  public enum RecordableTime: Equatable, Sendable {
    case time(Date)
    case outOfRange
    case unreadable
  }

  /// The times memoquiz records, as a user writes them: `0001-01-01T00:00:00Z
  /// to 9999-12-31T23:59:59Z`.
  public static var recordableRangeText: String {
    "\(string(Timestamp.earliest.date)) to \(string(Timestamp.latest.date))"
  }

  /// `2026-12-01T09:00:00Z`: UTC, to the second.
  public static func string(_ date: Date) -> String {
    let time = CalendarTime(date)
    // Written into bytes, not by joining strings: every card's dates are.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    appendPadded(time.year, width: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendPadded(time.month, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendPadded(time.day, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    appendPadded(time.hour, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendPadded(time.minute, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendPadded(time.second, to: &bytes)
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `value` in decimal with zeros in front up to `width` characters
  /// (a minus sign counted among them, as `String(value)` writes it).
  private static func appendPadded(_ value: Int, width: Int = 2, to bytes: inout [UInt8]) {
    var length = value < 0 ? 2 : 1
    var rest = value.magnitude
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    var zeros = width - length
    while zeros > 0 {
      bytes.append(UInt8(ascii: "0"))
      zeros -= 1
    }
    RecordLine.appendNumber(Int64(value), to: &bytes)
  }

  private static func daysIn(_ month: Int, of year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
