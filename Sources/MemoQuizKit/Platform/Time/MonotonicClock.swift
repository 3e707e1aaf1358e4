@preconcurrency import Glibc

/// Time that only moves forward, for measuring how long an answer took.
enum MonotonicClock {
  /// Milliseconds since an arbitrary start. The corresponding C function is
  /// `clock_gettime` with `CLOCK_MONOTONIC`.
  static func milliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  /// Waits `seconds` on this thread. The corresponding C function is
  /// `usleep`.
  static func sleep(seconds: Double) {
    usleep(useconds_t(seconds * 1_000_000))
  }
}
