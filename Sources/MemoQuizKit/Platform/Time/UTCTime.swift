@preconcurrency import Glibc

/// A moment's calendar fields in UTC, as the C library breaks them down.
struct UTCTime {
  let year: Int
  let month: Int
  let day: Int
  let hour: Int
  let minute: Int
  let second: Int

  /// The fields of `seconds` since 1970, in UTC. The corresponding C
  /// function is `gmtime_r`.
  init(secondsSince1970 seconds: Int64) {
    var time = time_t(seconds)
    var fields = tm()
    gmtime_r(&time, &fields)
    year = Int(fields.tm_year) + 1900
    month = Int(fields.tm_mon) + 1
    day = Int(fields.tm_mday)
    hour = Int(fields.tm_hour)
    minute = Int(fields.tm_min)
    second = Int(fields.tm_sec)
  }
}
