@preconcurrency import Glibc

/// An exclusive lock on a lock file, held for a whole read-modify-write.
///
/// The lock lives on a separate file: the data files themselves are replaced
/// by `rename`, and a lock on a replaced file would protect nothing.
final class FileLock {
  private let descriptor: FileDescriptor

  /// Waits for and takes the exclusive lock on `path`, creating the file if needed.
  /// The corresponding C function is `flock`.
  init(path: String) throws(PersistenceError) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDWR | O_CREAT, mode: 0o644)
    } catch {
      throw .cannotWrite(path: path, error)
    }
    guard retryingOnInterrupt({ flock(descriptor.rawValue, LOCK_EX) }) == 0 else {
      let error = SystemError.current
      descriptor.close()
      throw .cannotWrite(path: path, error)
    }
    self.descriptor = descriptor
  }

  deinit {
    // Closing the descriptor releases the lock.
    descriptor.close()
  }
}
