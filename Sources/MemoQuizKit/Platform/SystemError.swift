@preconcurrency import Glibc

/// A failed system call, carrying the C `errno` it set: the one error
/// number type (swift-system's `Errno`) that every wrapper here throws.
public struct SystemError: Error, Equatable, Sendable {
  /// The raw C error number.
  public let errno: CInt

  /// The C library's description of the error, such as "No space left on device".
  public var description: String {
    String(cString: strerror(errno))
  }

  /// The error for the current value of `errno`.
  static var current: SystemError { SystemError(errno: Glibc.errno) }

  /// An input or output error (`EIO`), for a failure that names no other.
  static let inputOutput = SystemError(errno: EIO)

  /// Whether it says there is nothing at the path (`ENOENT`), or that a
  /// part of the path is not a folder (`ENOTDIR`).
  var isMissing: Bool { errno == ENOENT || errno == ENOTDIR }

  /// Whether it says the name is taken already (`EEXIST`).
  var isExisting: Bool { errno == EEXIST }
}

/// Runs a system call again for as long as it fails with `EINTR`.
///
/// A signal (Ctrl-C during a save, for instance) interrupts slow calls; the
/// call must then be repeated, not reported as a failure.
///
/// - Returns: the call's result once it is not an interrupted failure.
@inline(__always)
func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
  while true {
    let result = call()
    if result == -1 && errno == EINTR { continue }
    return result
  }
}
