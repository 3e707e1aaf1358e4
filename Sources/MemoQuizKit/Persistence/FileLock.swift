@preconcurrency import Glibc

/// An exclusive lock on a lock file, held for a whole read-modify-write.
///
/// The lock lives on a separate file: the data files themselves are replaced
/// by `rename`, and a lock on a replaced file would protect nothing. Waiting
/// for another process's lock can be interrupted by Ctrl-C, SIGTERM or
/// SIGHUP, and after a moment of waiting ``onLongWait`` says why.
public final class FileLock {
  /// Told once when a lock is still busy after ``patience`` seconds.
  nonisolated(unsafe) public static var onLongWait: (String) -> Void = { _ in }
  static let patience = 1.0

  private let descriptor: FileDescriptor

  /// Waits for and takes the exclusive lock on `path`, creating the file if
  /// needed. The corresponding C function is `flock`.
  /// - Throws: ``PersistenceError/interrupted`` when an ending signal
  ///   arrives while waiting.
  init(path: String) throws(PersistenceError) {
    guard let descriptor = try Self.take(path, wait: true) else { throw .interrupted }
    self.descriptor = descriptor
  }

  private init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  /// Takes the lock only if no one holds it.
  /// - Returns: the lock, or `nil` when another process holds it.
  static func attempt(_ path: String) throws(PersistenceError) -> FileLock? {
    try take(path, wait: false).map { FileLock(descriptor: $0) }
  }

  private static func take(_ path: String, wait: Bool) throws(PersistenceError) -> FileDescriptor? {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o644)
    } catch {
      throw .cannotWrite(path: path, error)
    }
    var waited = 0.0
    var pause = 0.0001
    var told = false
    while flock(descriptor.rawValue, LOCK_EX | LOCK_NB) != 0 {
      let error = SystemError.current
      guard error.errno == EWOULDBLOCK || error.errno == EINTR else {
        descriptor.close()
        throw .cannotWrite(path: path, error)
      }
      guard wait else {
        descriptor.close()
        return nil
      }
      if SignalMonitor.receivedSignal != nil {
        descriptor.close()
        throw .interrupted
      }
      if waited >= patience && !told {
        told = true
        onLongWait("another memoquiz is using \(DurableFile.split(path).folder); waiting for it (Ctrl-C to stop)")
      }
      usleep(useconds_t(pause * 1_000_000))
      waited += pause
      pause = min(pause * 2, 0.01)
    }
    return descriptor
  }

  deinit {
    // Closing the descriptor releases the lock.
    descriptor.close()
  }
}
