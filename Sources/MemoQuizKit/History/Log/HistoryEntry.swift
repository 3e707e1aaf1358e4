@preconcurrency import Glibc

/// One entry of a `history/` folder, as the reader and `sync` judge it: a
/// machine's file is a regular file named `ID.log` by a machine identity in
/// its one canonical form (8 lower-case hexadecimal digits); anything else is
/// left out.
enum HistoryEntry: Equatable {
  /// A machine's history file.
  case machine(MachineID)
  /// Named like a machine's file (ends in `.log`) but not one: another
  /// spelling of an identity, a folder, a link. Left out with a warning.
  case lookalike
  /// Anything else (a note of a file sync, say): left out silently.
  case other

  /// Judges the entry `name` of the folder `folder`. The corresponding C
  /// function is `lstat`: a link is never followed.
  init(name: String, in folder: String) {
    guard name.lowercased().hasSuffix(".log") else {
      self = .other
      return
    }
    var status = stat()
    guard let id = MachineID(hex: name.dropLast(4)), lstat(folder + "/" + name, &status) == 0,
      (status.st_mode & S_IFMT) == S_IFREG
    else {
      self = .lookalike
      return
    }
    self = .machine(id)
  }

  /// Judges the entry `name` by what `lstat` said of it (`status`, or
  /// `nil` when it could not be asked).
  init(name: String, status: stat?) {
    guard name.lowercased().hasSuffix(".log") else {
      self = .other
      return
    }
    guard let id = MachineID(hex: name.dropLast(4)), let status, (status.st_mode & S_IFMT) == S_IFREG else {
      self = .lookalike
      return
    }
    self = .machine(id)
  }

  /// The entries of `folder` named like a machine's file, judged, with what
  /// the file system says of each: one call per entry, relative to the open
  /// folder, which both tells a regular file from a link or a folder and
  /// gives the file's size and times. The corresponding C functions are
  /// `readdir` and `fstatat` (a link is never followed).
  static func judged(in folder: String) throws(PersistenceError) -> [(name: String, entry: HistoryEntry, status: stat)] {
    guard let directory = opendir(folder) else {
      if errno == ENOENT || errno == ENOTDIR { return [] }
      throw .cannotRead(path: folder, .current)
    }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    var judged: [(name: String, entry: HistoryEntry, status: stat)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.lowercased().hasSuffix(".log") else { continue }
      var status = stat()
      var asked: CInt
      repeat {
        asked = fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW)
      } while asked != 0 && errno == EINTR
      judged.append((name, HistoryEntry(name: name, status: asked == 0 ? status : nil), status))
    }
    return judged
  }

  /// The names in `folder`, without `.` and `..`.
  static func names(in folder: String) throws(PersistenceError) -> [String] {
    guard let directory = opendir(folder) else {
      if errno == ENOENT || errno == ENOTDIR { return [] }
      throw .cannotRead(path: folder, .current)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
