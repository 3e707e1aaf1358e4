@preconcurrency import Glibc

/// What kind of file a path names, from its status: a value, not
/// `st_mode & S_IFMT` at every call site.
public enum FileType: Sendable, Equatable {
  case regular
  case directory
  case symbolicLink
  case fifo
  case socket
  case characterDevice
  case blockDevice
  case unknown

  /// The type a C `st_mode` holds.
  init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    default: self = .unknown
    }
  }
}

/// A file's status: its type, size, permissions, identity and times.
///
/// The corresponding C functions are `stat`, `lstat`, `fstat` and
/// `fstatat`; each retries on `EINTR`.
public struct FileStatus: Sendable {
  /// What kind of file it is.
  public let type: FileType
  /// Its size in bytes.
  public let size: Int
  /// Its permission bits (`st_mode & 0o7777`).
  let permissions: mode_t
  /// The device that holds it.
  let device: UInt64
  /// Its number on that device: with ``device``, its identity whatever its name.
  let inode: UInt64
  /// The device a device file stands for (`st_rdev`).
  let representedDevice: UInt64
  /// When its contents last changed, in nanoseconds since 1970.
  let modified: Int64
  /// When its contents or its inode last changed, in nanoseconds since 1970.
  let changed: Int64

  /// The status a C `stat` structure holds.
  init(_ status: stat) {
    type = FileType(mode: status.st_mode)
    size = Int(status.st_size)
    permissions = status.st_mode & 0o7777
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    representedDevice = UInt64(status.st_rdev)
    modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
    changed = Int64(status.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_ctim.tv_nsec)
  }

  /// The status of the file at `path`.
  /// - Parameter followingLinks: whether a symbolic link is followed to
  ///   the file it names (`stat`) or described itself (`lstat`).
  /// - Throws: ``SystemError`` when there is no such file, or it cannot be
  ///   looked at.
  init(path: String, followingLinks: Bool = true) throws(SystemError) {
    var status = stat()
    let result = retryingOnInterrupt { followingLinks ? stat(path, &status) : lstat(path, &status) }
    guard result == 0 else { throw .current }
    self.init(status)
  }

  /// The status of an open file. The corresponding C function is `fstat`.
  init(_ descriptor: FileDescriptor) throws(SystemError) {
    var status = stat()
    guard retryingOnInterrupt({ fstat(descriptor.rawValue, &status) }) == 0 else { throw .current }
    self.init(status)
  }

  /// The status of the entry `name` of the open folder `folder`, a link
  /// described itself, not followed. The corresponding C function is
  /// `fstatat`.
  init(entry name: UnsafePointer<CChar>, in folder: FileDescriptor) throws(SystemError) {
    var status = stat()
    let result = retryingOnInterrupt { fstatat(folder.rawValue, name, &status, AT_SYMLINK_NOFOLLOW) }
    guard result == 0 else { throw .current }
    self.init(status)
  }

  /// The type of the file at `path`, or `nil` when there is none (or it
  /// cannot be looked at).
  /// - Parameter followingLinks: whether a symbolic link is followed.
  static func type(of path: String, followingLinks: Bool = true) -> FileType? {
    (try? FileStatus(path: path, followingLinks: followingLinks))?.type
  }
}
