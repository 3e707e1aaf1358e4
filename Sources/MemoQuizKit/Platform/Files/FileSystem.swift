@preconcurrency import Glibc

/// Operations on paths, each retried on `EINTR` and failing with a
/// ``SystemError``: the one place the rest of memoquiz changes names in
/// the file system through.
public enum FileSystem {
  /// Whether anything is at `path`, a link followed to what it names.
  /// The corresponding C function is `stat`.
  public static func exists(_ path: String) -> Bool {
    FileStatus.type(of: path) != nil
  }

  /// Removes the file (not folder) at `path`. The corresponding C function
  /// is `unlink`.
  static func remove(_ path: String) throws(SystemError) {
    guard retryingOnInterrupt({ unlink(path) }) == 0 else { throw .current }
  }

  /// Removes an empty folder. The corresponding C function is `rmdir`.
  static func removeFolder(_ path: String) throws(SystemError) {
    guard retryingOnInterrupt({ rmdir(path) }) == 0 else { throw .current }
  }

  /// Gives `path` the name `newPath`, replacing what had it. The
  /// corresponding C function is `rename`.
  static func rename(_ path: String, to newPath: String) throws(SystemError) {
    guard retryingOnInterrupt({ Glibc.rename(path, newPath) }) == 0 else { throw .current }
  }

  /// Gives the file at `path` the second name `newPath`, which must not
  /// exist. The corresponding C function is `link`.
  static func link(_ path: String, to newPath: String) throws(SystemError) {
    guard retryingOnInterrupt({ Glibc.link(path, newPath) }) == 0 else { throw .current }
  }

  /// Makes a folder. The corresponding C function is `mkdir`.
  static func makeFolder(_ path: String, mode: mode_t = 0o755) throws(SystemError) {
    guard retryingOnInterrupt({ mkdir(path, mode) }) == 0 else { throw .current }
  }

  /// The path with every symbolic link followed to the end, or `nil` when
  /// it cannot be resolved. The corresponding C function is `realpath`.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Removes `path` and, for a folder, everything in it, as far as it can;
  /// a link is removed, never followed.
  static func removeTree(_ path: String) {
    guard let type = FileStatus.type(of: path, followingLinks: false) else { return }
    if type == .directory {
      for name in (try? Directory.names(in: path)) ?? [] { removeTree(path + "/" + name) }
      try? removeFolder(path)
    } else {
      try? remove(path)
    }
  }
}

extension FileSystem {
  /// Whether the file at `path` can be run by this process. The
  /// corresponding C function is `access` with `X_OK`.
  static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }
}
