/// A POSIX `TZ` string's rule, such as `EST5EDT,M3.2.0,M11.1.0` or
/// `CET-1CEST,M3.5.0,M10.5.0/3`: standard time and, when it names one,
/// daylight-saving time with the days it starts and ends on, every year.
///
/// Zone files end with one for the moments after their last transition.
struct PosixRule: Sendable, Hashable {
  /// Standard time's offset east of UTC, in seconds.
  let standard: Int
  /// Daylight-saving time, when the zone has it.
  let daylight: Daylight?

  /// Daylight-saving time's offset east of UTC, in seconds, and the changes
  /// to and from it.
  struct Daylight: Sendable, Hashable {
    var offset: Int
    var start: Change
    var end: Change
  }

  /// A change of the clocks: a day of the year and the local time it
  /// happens at (in the time in force before it).
  struct Change: Sendable, Hashable {
    enum Day: Sendable, Hashable {
      /// `Jn`: day 1 to 365, 29 February never counted.
      case julian(Int)
      /// `n`: day 0 to 365, 29 February counted.
      case zeroBased(Int)
      /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5 the last) of month `m`.
      case month(Int, week: Int, weekday: Int)
    }
    var day: Day
    /// Seconds after local midnight (may be negative or past a day).
    var time: Int
  }

  /// Reads a POSIX `TZ` string; `nil` when it is not one.
  init?(_ text: String) {
    var scanner = Scanner(Array(text.utf8))
    guard scanner.name(), let standardWest = scanner.offset() else { return nil }
    standard = -standardWest
    guard !scanner.atEnd else {
      daylight = nil
      return
    }
    guard scanner.name() else { return nil }
    var daylightOffset = standard + 3600
    if !scanner.atEnd && scanner.peek != UInt8(ascii: ",") {
      guard let west = scanner.offset() else { return nil }
      daylightOffset = -west
    }
    var start = Change(day: .month(3, week: 2, weekday: 0), time: 7200)
    var end = Change(day: .month(11, week: 1, weekday: 0), time: 7200)
    if !scanner.atEnd {
      guard scanner.take(UInt8(ascii: ",")), let first = scanner.change(), scanner.take(UInt8(ascii: ",")),
        let second = scanner.change(), scanner.atEnd
      else { return nil }
      (start, end) = (first, second)
    }
    daylight = Daylight(offset: daylightOffset, start: start, end: end)
  }

  /// The offset east of UTC in force at `seconds` since 1970.
  func offset(at seconds: Int64) -> Int {
    guard let daylight else { return standard }
    let year = LocalDay(number: Int(floorDivision(seconds + Int64(standard), 86_400))).date.year
    let start = Int64(daylight.start.localSeconds(in: year)) - Int64(standard)
    let end = Int64(daylight.end.localSeconds(in: year)) - Int64(daylight.offset)
    let inDaylight = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
    return inDaylight ? daylight.offset : standard
  }

  private func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? quotient - 1 : quotient
  }
}

extension PosixRule.Change {
  /// When it happens in `year`, in local seconds since 1970.
  func localSeconds(in year: Int) -> Int {
    let newYear = ISO8601Time.daysSinceEpoch(year: year, month: 1, day: 1)
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let day: Int
    switch self.day {
    case .julian(let number):
      day = newYear + number - 1 + (isLeap && number >= 60 ? 1 : 0)
    case .zeroBased(let number):
      day = newYear + number
    case .month(let month, let week, let weekday):
      let first = ISO8601Time.daysSinceEpoch(year: year, month: month, day: 1)
      let next = ISO8601Time.daysSinceEpoch(year: month == 12 ? year + 1 : year, month: month % 12 + 1, day: 1)
      // 1970-01-01 was a Thursday (4, counting Sunday as 0).
      let firstWeekday = ((first % 7) + 7 + 4) % 7
      var candidate = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
      while candidate >= next { candidate -= 7 }
      day = candidate
    }
    return day * 86_400 + time
  }
}

/// Reads the parts of a POSIX `TZ` string.
private struct Scanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index >= bytes.count }
  var peek: UInt8? { atEnd ? nil : bytes[index] }

  mutating func take(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    index += 1
    return true
  }

  /// A zone abbreviation: three or more letters, or `<...>` quoted.
  mutating func name() -> Bool {
    if take(UInt8(ascii: "<")) {
      guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")), close - index >= 3 else { return false }
      index = close + 1
      return true
    }
    let start = index
    while let byte = peek, (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { index += 1 }
    return index - start >= 3
  }

  /// `[+-]hh[:mm[:ss]]` in seconds.
  mutating func offset() -> Int? {
    var sign = 1
    if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
    guard let hours = number(), hours <= 167 else { return nil }
    var seconds = hours * 3600
    if take(UInt8(ascii: ":")) {
      guard let minutes = number(), minutes < 60 else { return nil }
      seconds += minutes * 60
      if take(UInt8(ascii: ":")) {
        guard let rest = number(), rest < 60 else { return nil }
        seconds += rest
      }
    }
    return sign * seconds
  }

  /// `date[/time]`.
  mutating func change() -> PosixRule.Change? {
    let day: PosixRule.Change.Day
    if take(UInt8(ascii: "M")) {
      guard let month = number(), (1...12).contains(month), take(UInt8(ascii: ".")), let week = number(),
        (1...5).contains(week), take(UInt8(ascii: ".")), let weekday = number(), (0...6).contains(weekday)
      else { return nil }
      day = .month(month, week: week, weekday: weekday)
    } else if take(UInt8(ascii: "J")) {
      guard let number = number(), (1...365).contains(number) else { return nil }
      day = .julian(number)
    } else {
      guard let number = number(), (0...365).contains(number) else { return nil }
      day = .zeroBased(number)
    }
    var time = 7200
    if take(UInt8(ascii: "/")) {
      guard let given = offset() else { return nil }
      time = given
    }
    return PosixRule.Change(day: day, time: time)
  }

  mutating func number() -> Int? {
    let start = index
    var value = 0
    while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), index - start < 4 {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      index += 1
    }
    return index > start ? value : nil
  }
}
