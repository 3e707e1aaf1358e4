@preconcurrency import Glibc

/// A private folder for the files a command needs only while it runs (a
/// package's collection, unpacked), removed with everything in it when the
/// value goes: on success, on an error, and on Ctrl-C, SIGTERM or SIGHUP,
/// which end a long command by an error. Only `kill -9` leaves one behind,
/// and the next folder made in the same place removes it.
///
/// A class: the folder is removed once, in `deinit`.
final class TemporaryFolder {
  /// The folder's path.
  let path: String

  /// The start of every such folder's name; the process id follows, so that
  /// one whose process is gone can be told from one in use.
  private static let prefix = "memoquiz-"

  /// Makes a new folder in `base` (made first if missing), after removing
  /// the folders there whose process no longer runs.
  /// The corresponding C function is `mkdtemp`.
  /// - Throws: ``SystemError`` when the folder cannot be made.
  init(in base: String) throws(SystemError) {
    if mkdir(base, 0o700) != 0 && errno != EEXIST { throw .current }
    Self.removeAbandoned(in: base)
    var template = Array("\(base)/\(Self.prefix)\(getpid())-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
      throw .current
    }
    path = String(cString: made)
  }

  /// The folder for temporary files the process environment names:
  /// `TMPDIR`, else `/tmp`.
  static var systemBase: String {
    getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  deinit {
    Self.remove(path)
  }

  /// Removes a folder of this kind and the files in it (it holds no folders).
  private static func remove(_ folder: String) {
    if let directory = opendir(folder) {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { unlink(folder + "/" + name) }
      }
      closedir(directory)
    }
    rmdir(folder)
  }

  /// Removes the folders in `base` left by a process that was killed.
  private static func removeAbandoned(in base: String) {
    guard let directory = opendir(base) else { return }
    var abandoned: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name.hasPrefix(prefix), let dash = name.dropFirst(prefix.count).firstIndex(of: "-"),
        let pid = pid_t(name[name.index(name.startIndex, offsetBy: prefix.count)..<dash])
      else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { abandoned.append(base + "/" + name) }
    }
    closedir(directory)
    for folder in abandoned { remove(folder) }
  }
}
