@preconcurrency import Glibc

/// An open folder, read entry by entry.
///
/// The corresponding C functions are `opendir`, `readdir`, `dirfd` and
/// `closedir`; the folder is closed when the value goes.
final class Directory {
  private let stream: OpaquePointer

  /// Opens the folder at `path`.
  /// - Throws: ``SystemError`` when it cannot be opened: ``SystemError/isMissing``
  ///   when there is no folder there.
  init(_ path: String) throws(SystemError) {
    var opened: OpaquePointer?
    repeat {
      opened = opendir(path)
    } while opened == nil && errno == EINTR
    guard let opened else { throw .current }
    stream = opened
  }

  deinit { closedir(stream) }

  /// The open folder's descriptor, to look at its entries by name
  /// (``FileStatus/init(entry:in:)``) while the folder is open.
  var descriptor: FileDescriptor { FileDescriptor(rawValue: dirfd(stream)) }

  /// Calls `body` with each entry's name, `.` and `..` included, as the C
  /// string the folder holds (valid only during the call).
  func forEachName(_ body: (UnsafePointer<CChar>) -> Void) {
    guard let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name) else { return }
    while let entry = readdir(stream) {
      body(UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
    }
  }

  /// The names of the entries, without `.` and `..`.
  var names: [String] {
    var names: [String] = []
    forEachName { raw in
      let name = String(cString: raw)
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The names in the folder at `path`, without `.` and `..`; none when
  /// there is no folder there.
  /// - Throws: ``SystemError`` when it is there but cannot be read.
  static func names(in path: String) throws(SystemError) -> [String] {
    do throws(SystemError) {
      return try Directory(path).names
    } catch  where error.isMissing {
      return []
    }
  }
}
