@preconcurrency import Glibc

extension FileDescriptor {
  /// Sets the open file's permission bits, whatever the umask narrowed
  /// them to. The corresponding C function is `fchmod`.
  func setPermissions(_ mode: mode_t) throws(SystemError) {
    guard retryingOnInterrupt({ fchmod(rawValue, mode) }) == 0 else { throw .current }
  }
}

extension FileDescriptor {
  /// Takes the open file's exclusive lock if no other holder has it,
  /// without waiting. The corresponding C function is `flock`.
  /// - Returns: whether the lock was taken; `false` when another holds it.
  func lockExclusivelyIfFree() throws(SystemError) -> Bool {
    guard retryingOnInterrupt({ flock(rawValue, LOCK_EX | LOCK_NB) }) == 0 else {
      let error = SystemError.current
      guard error.errno == EWOULDBLOCK else { throw error }
      return false
    }
    return true
  }
}
