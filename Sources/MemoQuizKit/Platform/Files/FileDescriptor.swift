@preconcurrency import Glibc

/// An open file, as a typed wrapper around a raw C file descriptor.
///
/// Every call retries on `EINTR` and reports failures as ``SystemError``.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  /// The raw C file handle.
  public let rawValue: CInt

  public init(rawValue: CInt) { self.rawValue = rawValue }

  static let standardInput = FileDescriptor(rawValue: 0)
  public static let standardOutput = FileDescriptor(rawValue: 1)
  static let standardError = FileDescriptor(rawValue: 2)

  /// Opens `/dev/null` on each of the standard descriptors that is closed.
  ///
  /// Called first thing: otherwise the next file opened would take the
  /// number, and a pipe or a data file would become standard input or output.
  public static func openClosedStandardDescriptors() {
    for fd: CInt in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let opened = Glibc.open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0 && opened != fd {
        dup2(opened, fd)
        Glibc.close(opened)
      }
    }
  }

  /// Opens or creates a file. The corresponding C function is `open`.
  static func open(_ path: String, _ flags: CInt, mode: mode_t = 0o644) throws(SystemError) -> FileDescriptor {
    let fd = retryingOnInterrupt { Glibc.open(path, flags | O_CLOEXEC, mode) }
    guard fd >= 0 else { throw .current }
    return FileDescriptor(rawValue: fd)
  }

  /// Closes the file. The corresponding C function is `close`.
  ///
  /// `close` is not retried: on Linux the descriptor is gone even when it
  /// reports `EINTR`.
  func close() {
    _ = Glibc.close(rawValue)
  }

  /// Writes all of `bytes`, continuing after short writes.
  /// The corresponding C function is `write`.
  func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let written = retryingOnInterrupt {
        Glibc.write(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
      }
      guard written >= 0 else { throw .current }
      offset += written
    }
  }

  /// Writes all of `bytes`.
  func writeAll(_ bytes: [UInt8]) throws(SystemError) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemError) in try writeAll(buffer) }
    }
    try result.get()
  }

  /// Reads up to `buffer.count` bytes. The corresponding C function is `read`.
  /// - Returns: the number of bytes read; 0 at end of file.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    let count = retryingOnInterrupt { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    guard count >= 0 else { throw .current }
    return count
  }

  /// Reads everything up to the end of the file.
  func readAll() throws(SystemError) -> [UInt8] {
    var status = stat()
    let sizeHint = fstat(rawValue, &status) == 0 ? Int(status.st_size) : 0
    var bytes = [UInt8](repeating: 0, count: max(sizeHint + 1, 4096))
    var count = 0
    while true {
      if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
      let read = try bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemError) in
          try self.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
        }
      }.get()
      if read == 0 { break }
      count += read
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Reads up to `buffer.count` bytes at `offset`, leaving the file position
  /// alone. The corresponding C function is `pread`.
  /// - Returns: the number of bytes read; 0 at end of file.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemError) -> Int {
    let count = retryingOnInterrupt { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    guard count >= 0 else { throw .current }
    return count
  }

  /// Reads everything from `offset` to the end of the file.
  func readAll(from offset: Int) throws(SystemError) -> [UInt8] {
    let size = try self.size()
    guard size > offset else { return [] }
    var bytes = [UInt8](repeating: 0, count: size - offset)
    var count = 0
    while count < bytes.count {
      let read = try bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemError) in
          try self.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]), at: offset + count)
        }
      }.get()
      if read == 0 { break }
      count += read
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// The file's size in bytes. The corresponding C function is `fstat`.
  func size() throws(SystemError) -> Int {
    var status = stat()
    guard fstat(rawValue, &status) == 0 else { throw .current }
    return Int(status.st_size)
  }

  /// Cuts the file to `length` bytes. The corresponding C function is `ftruncate`.
  func truncate(to length: Int) throws(SystemError) {
    guard retryingOnInterrupt({ ftruncate(rawValue, off_t(length)) }) == 0 else { throw .current }
  }

  /// Flushes the file's data (and the size, when it changed) to the disk,
  /// as appending needs. The corresponding C function is `fdatasync`.
  func dataSync() throws(SystemError) {
    guard retryingOnInterrupt({ fdatasync(rawValue) }) == 0 else { throw .current }
  }

  /// Flushes the file's data and metadata to the disk. The corresponding C
  /// function is `fsync`.
  func sync() throws(SystemError) {
    guard retryingOnInterrupt({ fsync(rawValue) }) == 0 else { throw .current }
  }

  /// Whether the descriptor refers to a terminal. The corresponding C function
  /// is `isatty`.
  public var isTerminal: Bool { isatty(rawValue) == 1 }
}
