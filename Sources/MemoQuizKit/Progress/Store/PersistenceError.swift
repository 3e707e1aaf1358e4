import FoundationEssentials
@preconcurrency import Glibc

/// What can go wrong while reading or writing the data folder.
public enum PersistenceError: Error, Sendable {
  /// A file or folder could not be read.
  case cannotRead(path: String, SystemError)
  /// A file or folder could not be written; the old data is left as it was.
  case cannotWrite(path: String, SystemError)
  /// A file of the program's own was written by a newer version of memoquiz.
  case newerVersion(path: String, found: Int, supported: Int)
  /// No snapshot has the given id.
  case noSuchSnapshot(id: String)
  /// There are no snapshots to bring back.
  case noSnapshots
  /// Ctrl-C, SIGTERM or SIGHUP arrived while waiting for another process.
  case interrupted
  /// Ctrl-C, SIGTERM or SIGHUP arrived while a history was read.
  case stopped
  /// Another process has the group's round open.
  case roundInUse(group: String)
  /// A file to read is a folder, a FIFO, a device or a socket.
  case notARegularFile(path: String)
  /// A file to read is larger than memoquiz reads.
  case tooLarge(path: String, limit: Int)
  /// Neither `MEMOQUIZ_HOME`, `XDG_DATA_HOME` nor a home folder is known.
  case noDataFolder
}

extension PersistenceError: LocalizedError, CustomStringConvertible {
  public var errorDescription: String? { description }

  /// A plain-English message that says what happened and what to do.
  public var description: String {
    switch self {
    case .cannotRead(let path, let error):
      return "cannot read \(path): \(error.description)"
    case .cannotWrite(let path, let error):
      let advice =
        switch error.errno {
        case ENOSPC, EDQUOT, EFBIG: "free some disk space and try again"
        case EACCES, EPERM, EROFS: "check that the folder is writable, or set MEMOQUIZ_HOME"
        default: "check the folder and try again"
        }
      return "cannot write \(path): \(error.description); nothing was changed: \(advice)"
    case .newerVersion(let path, let found, let supported):
      return
        "\(path) was written by a newer memoquiz (format version \(found); this one reads up to \(supported)); update memoquiz"
    case .noSuchSnapshot(let id):
      return "there is no snapshot \(id)"
    case .noSnapshots:
      return "there are no snapshots to bring back"
    case .interrupted:
      return "stopped while waiting for another memoquiz; nothing was changed"
    case .stopped:
      return "stopped while reading the history; nothing was changed"
    case .notARegularFile(let path):
      return "cannot read \(path): it is not a regular file (a folder, a FIFO or a device); put a file there"
    case .tooLarge(let path, let limit):
      return "cannot read \(path): it is larger than \(limit >> 20) MB, more than memoquiz reads"
    case .noDataFolder:
      return "cannot find a data folder: HOME is not set and the account has no home; set MEMOQUIZ_HOME"
    case .roundInUse(let group):
      return "\(group) is being played in another memoquiz; finish or quit that round first (nothing was changed)"
    }
  }
}

extension PersistenceError: KindedError {
  public var kind: ErrorKind { .failure }

  public var nextStep: NextStep? {
    if case .noSuchSnapshot = self { return .listSnapshots }
    return nil
  }
}
