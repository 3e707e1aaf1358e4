@preconcurrency import Glibc

/// An exclusive lock on a lock file, held for a whole read-modify-write.
///
/// The lock lives on a separate file: the data files themselves are replaced
/// by `rename`, and a lock on a replaced file would protect nothing. Waiting
/// for another process's lock can be interrupted by Ctrl-C, SIGTERM or
/// SIGHUP, and after a moment of waiting ``onLongWait`` says why.
///
/// A lock file may be removed by the process that holds it, as a round's
/// lock is when the round ends, so that such files do not pile up. That is
/// safe because the holder removes the file before it lets the lock go, and
/// every taker checks, once it holds a lock, that the path still names the
/// file it locked: one that locked a removed file lets it go and tries
/// again on the file now at the path.
public final class FileLock {
  /// Told once when a lock is still busy after ``patience`` seconds.
  nonisolated(unsafe) public static var onLongWait: (String) -> Void = { _ in }
  static let patience = 1.0

  private let descriptor: FileDescriptor
  /// The lock file to remove when the lock is let go, if any.
  private let removedPath: String?

  /// Waits for and takes the exclusive lock on `path`, creating the file if
  /// needed. The corresponding C function is `flock`.
  /// - Throws: ``PersistenceError/interrupted`` when an ending signal
  ///   arrives while waiting.
  init(path: String) throws(PersistenceError) {
    guard let descriptor = try Self.take(path, wait: true) else { throw .interrupted }
    self.descriptor = descriptor
    removedPath = nil
  }

  private init(descriptor: FileDescriptor, removedPath: String?) {
    self.descriptor = descriptor
    self.removedPath = removedPath
  }

  /// Takes the lock only if no one holds it.
  /// - Parameter removingFile: remove the lock file when the lock is let go.
  /// - Returns: the lock, or `nil` when another process holds it.
  static func attempt(_ path: String, removingFile: Bool = false) throws(PersistenceError) -> FileLock? {
    try take(path, wait: false).map { FileLock(descriptor: $0, removedPath: removingFile ? path : nil) }
  }

  /// Opens `path` and locks it, again when the file locked was removed from
  /// the path meanwhile.
  private static func take(_ path: String, wait: Bool) throws(PersistenceError) -> FileDescriptor? {
    while true {
      guard let descriptor = try takeOnce(path, wait: wait) else { return nil }
      if isStill(descriptor, at: path) { return descriptor }
      descriptor.close()
    }
  }

  /// Whether `path` still names the file open on `descriptor`. The
  /// corresponding C functions are `fstat` and `lstat`.
  private static func isStill(_ descriptor: FileDescriptor, at path: String) -> Bool {
    guard let locked = try? FileStatus(descriptor), let named = try? FileStatus(path: path, followingLinks: false)
    else { return false }
    return locked.device == named.device && locked.inode == named.inode
  }

  private static func takeOnce(_ path: String, wait: Bool) throws(PersistenceError) -> FileDescriptor? {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o644)
    } catch {
      throw .cannotWrite(path: path, error)
    }
    var waited = 0.0
    var pause = 0.0001
    var told = false
    while true {
      do {
        if try descriptor.lockExclusivelyIfFree() { break }
      } catch {
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
      MonotonicClock.sleep(seconds: pause)
      waited += pause
      pause = min(pause * 2, 0.01)
    }
    return descriptor
  }

  deinit {
    // Removed while still held: a taker that opened it meanwhile finds
    // the path gone once it holds it, and tries again.
    if let removedPath { try? FileSystem.remove(removedPath) }
    // Closing the descriptor releases the lock.
    descriptor.close()
  }
}
