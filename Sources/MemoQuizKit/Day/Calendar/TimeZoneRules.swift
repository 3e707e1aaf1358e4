@preconcurrency import Glibc
import Synchronization

/// A time zone's rules: its offset from UTC at every moment, read from the
/// system's zoneinfo files or from a POSIX `TZ` string, never from the
/// process's own `TZ`.
///
/// A command is given its zone (``named(_:)`` of its environment's `TZ`)
/// and runs with it bound as ``current``: every learner day and local date
/// of that command is counted in it, so two commands of one process may
/// run in two zones side by side.
public struct TimeZoneRules: Sendable, Hashable {
  /// What it was made from: a zone name such as `America/New_York`, a POSIX
  /// string, or `UTC`.
  public let name: String
  /// The moments the offset changes, in seconds since 1970, ascending.
  let transitions: [Int64]
  /// The offset east of UTC, in seconds, from each transition on.
  let offsets: [Int32]
  /// The offset before the first transition.
  let initialOffset: Int32
  /// The rule for the moments after the last transition (the zone file's
  /// footer), when it has one.
  let rule: PosixRule?

  /// Coordinated Universal Time.
  public static let utc = TimeZoneRules(name: "UTC", transitions: [], offsets: [], initialOffset: 0, rule: nil)

  /// A zone whose clocks never change, `seconds` east of UTC.
  public static func fixed(secondsEast seconds: Int) -> TimeZoneRules {
    TimeZoneRules(
      name: "UTC\(seconds >= 0 ? "+" : "-")\(abs(seconds))s", transitions: [], offsets: [],
      initialOffset: Int32(clamping: seconds), rule: nil)
  }

  /// The zone the current command runs in; UTC unless a command binds one.
  @TaskLocal public static var current: TimeZoneRules = .utc

  /// The offset east of UTC in force at `seconds` since 1970, in seconds.
  public func offset(at seconds: Int64) -> Int {
    if let last = transitions.last, seconds >= last, let rule {
      return rule.offset(at: seconds)
    }
    if transitions.isEmpty { return rule?.offset(at: seconds) ?? Int(initialOffset) }
    // The last transition at or before `seconds`.
    var low = 0
    var high = transitions.count
    while low < high {
      let middle = (low + high) / 2
      if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? Int(initialOffset) : Int(offsets[low - 1])
  }

  /// The moment the wall clock of this zone reads `local` (seconds since
  /// 1970 as if the zone were UTC). A time read twice (clocks going back) is
  /// its first reading; a time a change skips is the moment after the gap.
  public func moment(atLocal local: Int64) -> Int64 {
    let before = Int64(offset(at: local - 86_400))
    let after = Int64(offset(at: local + 86_400))
    for candidate in [local - before, local - after] where Int64(offset(at: candidate)) + candidate == local {
      return candidate
    }
    // In a gap: the change happens between the two readings of the clock.
    var low = local - max(before, after)
    var high = local - min(before, after)
    while low < high {
      let middle = low + (high - low) / 2
      if Int64(offset(at: middle)) == before { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The zone a command's `TZ` names: a zone file under the system's
  /// zoneinfo (`America/New_York`, `:Europe/Berlin`, `UTC`), a path to one,
  /// or a POSIX string (`EST5EDT,M3.2.0,M11.1.0`); unset or empty,
  /// `/etc/localtime`; anything unreadable, UTC.
  public static func named(_ value: String?) -> TimeZoneRules {
    let key = value ?? ""
    if let known = known.withLock({ $0[key] }) { return known }
    let rules = read(value) ?? .utc
    known.withLock { zones in
      if zones.count >= 32 { zones.removeAll(keepingCapacity: true) }
      zones[key] = rules
    }
    return rules
  }

  /// The zones read so far in this process, by the `TZ` that named them.
  private static let known = Mutex<[String: TimeZoneRules]>([:])

  private static func read(_ value: String?) -> TimeZoneRules? {
    guard var text = value, !text.isEmpty, text != ":" else {
      return file("/etc/localtime", name: "the system's time zone")
    }
    if text.hasPrefix(":") { text.removeFirst() }
    if text.hasPrefix("/") { return file(text, name: text) }
    if !text.split(separator: "/").contains(".."),
      let rules = file("/usr/share/zoneinfo/" + text, name: text)
    {
      return rules
    }
    return PosixRule(text).map { TimeZoneRules(name: text, transitions: [], offsets: [], initialOffset: 0, rule: $0) }
  }

  private static func file(_ path: String, name: String) -> TimeZoneRules? {
    guard let bytes = try? DurableFile.read(path, limit: 1 << 20) else { return nil }
    return TimeZoneRules(tzif: bytes, name: name)
  }

  /// The local calendar day `seconds` since 1970 falls on, numbered from
  /// 1970-01-01.
  func localDay(at seconds: Int64) -> Int {
    let local = seconds + Int64(offset(at: seconds))
    let (quotient, remainder) = local.quotientAndRemainder(dividingBy: 86_400)
    return Int(remainder < 0 ? quotient - 1 : quotient)
  }
}
