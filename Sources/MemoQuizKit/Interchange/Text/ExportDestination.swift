import FoundationEssentials
@preconcurrency import Glibc

/// Where `export --output` writes: a file replaced durably, or, for a
/// device, a FIFO or a terminal, the file itself written into, as the
/// shell's `>` does. Never one of memoquiz's own files.
public enum ExportDestination {
  /// Writes `bytes` to `path`.
  ///
  /// A regular file (or a new one) is replaced durably: the old one stays
  /// whole until the new one is on disk. The file standard output or error
  /// is (`/dev/stdout`) is written through that descriptor, and anything else
  /// that can be opened for writing (a FIFO, `/dev/null`) is written into and
  /// left in its place.
  /// - Parameter folder: the data folder, whose files and subfolders are
  ///   refused, compared by device and inode so that no other name (a link,
  ///   `..`, a different spelling) reaches them.
  /// - Throws: ``ExportError``.
  public static func write(_ bytes: [UInt8], to path: String, outside folder: DataFolder) throws(ExportError) {
    let status = try? FileStatus(path: path)
    let owned = ownedFiles(in: folder.path)
    if let status {
      guard !owned.contains(FileIdentity(status)) else { throw .dataFile(path: path) }
    } else {
      // A new file inside the data folder would be one more file of memoquiz's.
      if let parent = try? FileStatus(path: DurableFile.split(path).folder), owned.contains(FileIdentity(parent)) {
        throw .dataFile(path: path)
      }
    }
    // `/dev/stdout` and the like name a descriptor memoquiz holds: write
    // through it, at its position, as a shell's redirection set it up.
    for descriptor in [FileDescriptor.standardOutput, .standardError] {
      guard let status, let own = try? FileStatus(descriptor), FileIdentity(own) == FileIdentity(status) else {
        continue
      }
      do throws(SystemError) {
        try descriptor.writeAll(bytes)
        return
      } catch {
        throw .cannotWrite(path: path, error)
      }
    }
    switch status?.type ?? .regular {
    case .regular:
      do {
        try DurableFile.replace(path, with: bytes)
      } catch {
        throw .cannotWrite(path: path, error.systemError ?? .inputOutput)
      }
    case .directory:
      throw .folder(path: path)
    default:
      try writeInPlace(bytes, to: path)
    }
  }

  /// Writes into a file that is not a regular one, as `>` does: opened for
  /// writing, never created, renamed or removed.
  private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(ExportError) {
    do throws(SystemError) {
      // Opening a FIFO waits for its reader, as the shell does.
      let descriptor = try FileDescriptor.open(path, O_WRONLY | O_NOCTTY)
      defer { descriptor.close() }
      try descriptor.writeAll(bytes)
    } catch {
      throw .cannotWrite(path: path, error)
    }
  }

  /// A file's identity: its device and inode, whatever its name.
  struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: FileStatus) {
      device = status.device
      inode = status.inode
    }
  }

  /// Every file and folder in `folder` and its subfolders, and `folder`
  /// itself, without following links out of it.
  static func ownedFiles(in folder: String) -> Set<FileIdentity> {
    var found = Set<FileIdentity>()
    guard let status = try? FileStatus(path: folder), status.type == .directory else { return found }
    found.insert(FileIdentity(status))
    var pending = [folder]
    while let current = pending.popLast() {
      for name in (try? Directory(current).names) ?? [] {
        let path = current + "/" + name
        guard let entry = try? FileStatus(path: path, followingLinks: false) else { continue }
        found.insert(FileIdentity(entry))
        if entry.type == .directory { pending.append(path) }
      }
    }
    return found
  }
}

/// Why `export --output` wrote nothing.
public enum ExportError: Error, Sendable {
  /// The path names a file of memoquiz's own data folder (or a new file in it).
  case dataFile(path: String)
  /// The path names a folder.
  case folder(path: String)
  /// Opening or writing failed.
  case cannotWrite(path: String, SystemError)
}

extension ExportError: LocalizedError, CustomStringConvertible {
  public var errorDescription: String? { description }

  public var description: String {
    switch self {
    case .dataFile(let path):
      return "\(path) is in memoquiz's data folder, whose files memoquiz keeps itself; export to a file elsewhere"
    case .folder(let path):
      return "\(path) is a folder; give a file name to export to"
    case .cannotWrite(let path, let error):
      return "cannot write \(path): \(error.description); the export is not complete"
    }
  }
}

extension PersistenceError {
  /// The system error behind a failed read or write, if there is one.
  var systemError: SystemError? {
    switch self {
    case .cannotRead(_, let error), .cannotWrite(_, let error): error
    default: nil
    }
  }
}
