import FoundationEssentials

/// Dates as people read them, in local time.
public enum DateText {
  /// `2026-11-22 14:25`.
  public static func readable(_ date: Date) -> String {
    CalendarTime(date, local: true).readable
  }
}
