@preconcurrency import Glibc

/// The gate the sounds of `media/` travel through with `sync`, beside the
/// history files: a file is sent when the remote lacks its name, and taken
/// when this folder lacks it; a name held on both sides is never replaced,
/// whatever bytes the other side holds.
///
/// What arrives is data: only a regular file (never a link or a folder)
/// under a safe name (``MediaFolder/safeName(_:)``), of at most
/// ``MediaFolder/maximumFileSize`` bytes, is taken.
struct MediaIntake {
  /// The data folder's media.
  let media: MediaFolder

  /// Copies into the clone's `media/` each file of the data folder's that
  /// the clone lacks by name.
  /// - Returns: whether the clone's `media/` exists now (something to add).
  func send(into folder: String) throws -> Bool {
    let names = media.names()
    if !names.isEmpty {
      if let type = FileStatus.type(of: folder, followingLinks: false), type != .directory {
        SyncClone.removeTree(folder)
      }
      try DataFolder.createFolder(folder)
    }
    for name in names {
      let target = folder + "/" + name
      guard FileStatus.type(of: target, followingLinks: false) == nil, let source = media.file(named: name) else {
        continue
      }
      try Self.copy(source, to: target)
    }
    return FileStatus.type(of: folder, followingLinks: false) == .directory
  }

  /// Takes each file of the clone's `media/` whose name this folder lacks.
  /// - Parameter warn: told of each file left out.
  /// - Returns: how many files were taken.
  func takeIn(from folder: String, warn: (String) -> Void) throws -> Int {
    guard FileStatus.type(of: folder, followingLinks: false) == .directory else { return 0 }
    var taken = 0
    for name in (try? HistoryEntry.names(in: folder)) ?? [] {
      let source = folder + "/" + name
      guard let target = media.file(named: name) else {
        warn("the remote's media/\(TextSanitizer.sanitized(name)) was left out: not a media file's name")
        continue
      }
      guard let status = try? FileStatus(path: source, followingLinks: false), status.type == .regular else {
        warn("the remote's media/\(TextSanitizer.sanitized(name)) was left out: not a file")
        continue
      }
      guard status.size <= MediaFolder.maximumFileSize else {
        warn("the remote's media/\(TextSanitizer.sanitized(name)) was left out: over 256 MiB")
        continue
      }
      if FileStatus.type(of: target, followingLinks: false) != nil { continue }
      try DataFolder.createFolder(media.path)
      try Self.copy(source, to: target)
      taken += 1
    }
    return taken
  }

  /// Copies a file to a new name, never over one that is there: written
  /// beside it, then linked to its name.
  private static func copy(_ source: String, to target: String) throws {
    let bytes = try DurableFile.read(source, limit: MediaFolder.maximumFileSize) ?? []
    let (folder, name) = DurableFile.split(target)
    let incoming = folder + "/.incoming-" + name
    try? FileSystem.remove(incoming)
    do throws(SystemError) {
      let descriptor = try FileDescriptor.open(incoming, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC)
      defer { descriptor.close() }
      try descriptor.writeAll(bytes)
    } catch {
      throw PersistenceError.cannotWrite(path: incoming, error)
    }
    defer { try? FileSystem.remove(incoming) }
    // A name taken meanwhile keeps its file.
    do throws(SystemError) {
      try FileSystem.link(incoming, to: target)
    } catch  where error.isExisting {
    } catch {
      throw PersistenceError.cannotWrite(path: target, error)
    }
  }
}
