import FoundationEssentials
@preconcurrency import Glibc

/// The current time of this process: `MEMOQUIZ_NOW` when it is set to a
/// time memoquiz can record, else the system's clock. It is the clock a
/// ``DataFolder`` has unless the tool gives it another.
public enum ProcessClock {
  /// The current time.
  @Sendable public static func now() -> Date {
    guard let value = getenv("MEMOQUIZ_NOW").map({ String(cString: $0) }), !value.isEmpty,
      case .time(let fixed) = ISO8601Time.parseRecordable(value)
    else { return Date() }
    return fixed
  }
}
