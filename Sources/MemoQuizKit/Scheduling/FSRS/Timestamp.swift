import FoundationEssentials

/// A moment in time, as whole milliseconds since 1970 (UTC).
///
/// The history stores times this way: an integer is exact, cheap to write and
/// read, and whole days between two moments are computed without rounding
/// surprises.
public struct Timestamp: RawRepresentable, Hashable, Comparable, Sendable {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public let rawValue: Int64

  public init(rawValue: Int64) { self.rawValue = rawValue }

  /// The moment `date` stands for, to the millisecond.
  public init(_ date: Date) {
    rawValue = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The same moment as a `Date`.
  public var date: Date { Date(timeIntervalSince1970: Double(rawValue) / 1000) }

  static let millisecondsPerDay: Int64 = 86_400_000

  /// The times a file may hold: from the year 1 to the end of the year 9999
  /// (UTC), as ISO 8601 writes them with four digits.
  ///
  /// One range for the writer and every reader: what memoquiz writes it
  /// reads back. A reader checks a stored value with
  /// ``isRecordable(rawValue:)``; a time about to be recorded (the current
  /// time, `MEMOQUIZ_NOW`) with ``init(recording:)``.
  static let readableRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

  /// The first and the last moment memoquiz records.
  public static let earliest = Timestamp(rawValue: readableRange.lowerBound)
  public static let latest = Timestamp(rawValue: readableRange.upperBound)

  /// Whether a stored value is a time memoquiz writes, and so one a reader
  /// accepts.
  public static func isRecordable(rawValue: Int64) -> Bool {
    readableRange.contains(rawValue)
  }

  /// The moment `date` stands for, when memoquiz can record it and read it
  /// back; `nil` for a time before the year 1 or after the year 9999.
  public init?(recording date: Date) {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
    guard milliseconds.isFinite, milliseconds >= Double(Self.readableRange.lowerBound),
      milliseconds <= Double(Self.readableRange.upperBound)
    else { return nil }
    self.init(rawValue: Int64(milliseconds))
  }
}
