@preconcurrency import Glibc

/// Whole-file reads and crash-safe whole-file replacement.
///
/// A replacement is durable: once ``replace(_:with:)`` returns, the new bytes
/// survive a crash or a power cut, and at every moment before that the old
/// file is still there, whole. There is never a torn, empty or missing file.
enum DurableFile {
  /// Reads the whole file at `path`.
  /// - Returns: the file's bytes, or `nil` when it does not exist.
  /// - Throws: ``PersistenceError/cannotRead(path:_:)`` for any other failure.
  static func read(_ path: String, limit: Int = readLimit) throws(PersistenceError) -> [UInt8]? {
    let descriptor: FileDescriptor
    do {
      // Non-blocking, so that a FIFO in the file's place cannot hang the open.
      descriptor = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK)
    } catch {
      if error.errno == ENOENT { return nil }
      throw .cannotRead(path: path, error)
    }
    defer { descriptor.close() }
    let status: FileStatus
    do {
      status = try FileStatus(descriptor)
    } catch {
      throw .cannotRead(path: path, error)
    }
    guard status.type == .regular else { throw .notARegularFile(path: path) }
    guard status.size <= limit else { throw .tooLarge(path: path, limit: limit) }
    let bytes: [UInt8]
    do {
      bytes = try descriptor.readAll()
    } catch {
      throw .cannotRead(path: path, error)
    }
    // The file may have grown while it was read.
    guard bytes.count <= limit else { throw .tooLarge(path: path, limit: limit) }
    return bytes
  }

  /// The largest file memoquiz reads: 1 GiB.
  static let readLimit = 1 << 30

  /// Reads the first `count` bytes of the file at `path` (fewer when it is
  /// shorter), or `nil` when it does not exist or cannot be read.
  static func readStart(_ path: String, count: Int) -> [UInt8]? {
    guard let descriptor = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK) else { return nil }
    defer { descriptor.close() }
    guard (try? FileStatus(descriptor))?.type == .regular else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { buffer in
      (try? descriptor.read(into: buffer, at: 0)) ?? -1
    }
    guard read >= 0 else { return nil }
    bytes.removeSubrange(read...)
    return bytes
  }

  /// Replaces the file at `path` with `bytes`, durably.
  ///
  /// The steps: write a temp file in the same folder, `fsync` it, `rename` it
  /// over the target, then `fsync` the folder so that the rename itself is on
  /// disk. The target's file mode is kept. On failure the temp file is
  /// removed and the target is left untouched. When `path` is a symbolic
  /// link, the file it points to is replaced and the link kept.
  ///
  /// The temp file has a fixed name, so callers must hold the folder's
  /// ``FileLock``. A stale one (left by a killed process, or planted as a
  /// link) is removed first, and the new one is created exclusively, never
  /// following a link.
  /// - Parameter durably: `false` for derived data that a crash may lose:
  ///   the replacement is still atomic, but nothing is synced.
  static func replace(_ path: String, with bytes: [UInt8], durably: Bool = true) throws(PersistenceError) {
    let path = resolvingLink(path)
    let (folder, name) = split(path)
    let temporaryPath = folder + "/." + name + ".tmp"
    let mode = (try? FileStatus(path: path))?.permissions ?? 0o644

    do throws(SystemError) {
      try? FileSystem.remove(temporaryPath)
      let descriptor = try FileDescriptor.open(
        temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: mode)
      do throws(SystemError) {
        // The umask may have narrowed the mode given to `open`.
        try? descriptor.setPermissions(mode)
        try descriptor.writeAll(bytes)
        if durably { try descriptor.sync() }
        descriptor.close()
      } catch {
        descriptor.close()
        throw error
      }
      try FileSystem.rename(temporaryPath, to: path)
    } catch {
      try? FileSystem.remove(temporaryPath)
      throw .cannotWrite(path: path, error)
    }
    if durably { try syncFolder(folder) }
  }

  /// The file a symbolic link at `path` points to (followed to the end), or
  /// `path` itself. The corresponding C function is `realpath`.
  static func resolvingLink(_ path: String) -> String {
    guard FileStatus.type(of: path, followingLinks: false) == .symbolicLink, let resolved = FileSystem.realPath(path)
    else { return path }
    return resolved
  }

  /// Gives a file a second name in the same folder, durably. The
  /// corresponding C function is `link`.
  static func link(_ path: String, to newPath: String) throws(PersistenceError) {
    do {
      try FileSystem.link(path, to: newPath)
    } catch {
      throw .cannotWrite(path: newPath, error)
    }
    try syncFolder(split(newPath).folder)
  }

  /// A new, unused name beside `path` for a copy set aside, such as
  /// `history.damaged-20261122T142501Z.log`.
  static func asideName(for path: String, label: String, now: Timestamp) -> String {
    let stamp = CalendarTime(now.date).compactStamp
    let (folder, name) = split(path)
    let dot = name.lastIndex(of: ".")
    let base = dot.map { String(name[..<$0]) } ?? name
    let suffix = dot.map { String(name[$0...]) } ?? ""
    var candidate = "\(folder)/\(base).\(label)-\(stamp)\(suffix)"
    var attempt = 1
    while exists(candidate) {
      attempt += 1
      candidate = "\(folder)/\(base).\(label)-\(stamp)-\(attempt)\(suffix)"
    }
    return candidate
  }

  /// Removes the file at `path` and makes the removal durable. A missing file
  /// is not an error.
  static func remove(_ path: String) throws(PersistenceError) {
    do throws(SystemError) {
      try FileSystem.remove(path)
    } catch  where error.errno == ENOENT {
    } catch {
      throw .cannotWrite(path: path, error)
    }
    try syncFolder(split(path).folder)
  }

  /// Moves a file to a new name in the same folder, durably.
  static func move(_ path: String, to newPath: String) throws(PersistenceError) {
    do {
      try FileSystem.rename(path, to: newPath)
    } catch {
      throw .cannotWrite(path: path, error)
    }
    try syncFolder(split(newPath).folder)
  }

  /// Flushes a file's contents, and then its folder's entries, to the disk.
  static func sync(_ path: String) throws(PersistenceError) {
    do {
      let descriptor = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK)
      defer { descriptor.close() }
      try descriptor.sync()
    } catch {
      throw .cannotWrite(path: path, error)
    }
    try syncFolder(split(path).folder)
  }

  /// Flushes a folder's entries (new names, renames, removals) to the disk.
  static func syncFolder(_ folder: String) throws(PersistenceError) {
    do {
      let descriptor = try FileDescriptor.open(folder, O_RDONLY | O_DIRECTORY)
      defer { descriptor.close() }
      try descriptor.sync()
    } catch {
      throw .cannotWrite(path: folder, error)
    }
  }

  /// Splits a path into its folder and its last component.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }
}

extension DurableFile {
  /// Whether anything exists at `path`.
  static func exists(_ path: String) -> Bool {
    FileStatus.type(of: path) != nil
  }
}
