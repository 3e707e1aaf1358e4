@preconcurrency import Glibc

/// The system's wall clock, which `MEMOQUIZ_NOW` does not move: the clock
/// the file system stamps files with.
enum WallClock {
  /// Nanoseconds since 1970. The corresponding C function is
  /// `clock_gettime` with `CLOCK_REALTIME`.
  static func nanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }
}
