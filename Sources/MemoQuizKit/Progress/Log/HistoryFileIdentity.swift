@preconcurrency import Glibc

/// What the file system says of a history file, kept with how far it was
/// read: while it is the same, the file holds the same bytes, and a reading
/// spares opening it.
///
/// Appending changes the size; any write, a rename over it or a copy with
/// its old modification time restored changes the change time (`ctime`),
/// which no program can set back; a file replaced by a rename has another
/// inode. The times are kept to the nanosecond.
///
/// A file system's clock ticks coarsely (every few milliseconds, or every
/// second or two on some), so a file changed just before it was looked at
/// could change again within the same tick and keep its times: the identity
/// of such a file is not kept (``init(settled:now:)``), and the next reading
/// checks its bytes instead.
struct HistoryFileIdentity: Hashable, Sendable {
  var size: Int64
  var inode: UInt64
  /// The modification time, in nanoseconds since 1970.
  var modified: Int64
  /// The change time, in nanoseconds since 1970.
  var changed: Int64

  /// How long after its last change a file counts as settled, in
  /// nanoseconds: longer than any file system's clock tick (FAT's is two
  /// seconds).
  static let settling: Int64 = 2_000_000_000

  /// The identity in a C `stat` structure, whatever its age.
  init(_ status: stat) {
    self.init(FileStatus(status))
  }

  /// The identity in `status`, whatever its age.
  init(_ status: FileStatus) {
    size = Int64(status.size)
    inode = status.inode
    modified = status.modified
    changed = status.changed
  }

  /// The identity, taken at `now` (nanoseconds since 1970), when it can be
  /// trusted later; `nil` when the file changed less than ``settling``
  /// before (or after, by a clock ahead of ours): a later change could keep
  /// the same times.
  func settled(at now: Int64) -> HistoryFileIdentity? {
    changed < now - Self.settling ? self : nil
  }

  init(size: Int64, inode: UInt64, modified: Int64, changed: Int64) {
    self.size = size
    self.inode = inode
    self.modified = modified
    self.changed = changed
  }

  /// The wall clock, in nanoseconds since 1970: the file system's own
  /// clock, which `MEMOQUIZ_NOW` does not move. The corresponding C function
  /// is `clock_gettime`.
  static func now() -> Int64 { WallClock.nanoseconds() }

  /// The identity as one field of a checkpoint: the four numbers joined by
  /// `/`.
  var text: String { "\(size)/\(inode)/\(modified)/\(changed)" }

  /// Reads ``text``.
  /// - Returns: `nil` when it is not four numbers.
  init?(text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 4, let size = Int64(parts[0]), size >= 0, let inode = UInt64(parts[1]),
      let modified = Int64(parts[2]), let changed = Int64(parts[3])
    else { return nil }
    self.init(size: size, inode: inode, modified: modified, changed: changed)
  }
}
