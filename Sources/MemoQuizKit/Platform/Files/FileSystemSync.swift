@preconcurrency import Glibc

/// Flushes everything written to one file system to the disk at once: one
/// call for thousands of files, where an `fdatasync` each would take
/// seconds. The corresponding C function is `syncfs`, a GNU extension that
/// Swift's Glibc module leaves out, so it is looked up in the C library.
struct FileSystemSync {
  private typealias Function = @convention(c) (CInt) -> CInt
  private let function: Function

  /// Looks `syncfs` up.
  /// - Throws: ``AnkiPackageError/missingLibrary(_:detail:)`` when the C
  ///   library lacks it.
  init() throws(AnkiPackageError) {
    function = try SystemLibrary("libc.so.6").function("syncfs", as: Function.self)
  }

  /// Flushes the file system that holds the open file `descriptor`.
  /// - Throws: ``SystemError`` when it fails.
  func sync(_ descriptor: FileDescriptor) throws(SystemError) {
    guard retryingOnInterrupt({ function(descriptor.rawValue) }) == 0 else { throw .current }
  }
}
