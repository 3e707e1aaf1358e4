@preconcurrency import Glibc

/// The `media/` folder of the data folder: the sounds questions play, each
/// under a safe name, one file per content.
///
/// A file there is never replaced: a file that arrives under a name taken
/// by other bytes is kept under that name with its checksum added
/// (`cat-1a2b3c4d.mp3`), and the question refers to that name.
public struct MediaFolder: Sendable {
  /// The folder's path.
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// The media folder of a data folder.
  public init(of folder: DataFolder) {
    self.init(path: folder.path + "/media")
  }

  /// The most bytes one media file may have.
  public static let maximumFileSize = 256 << 20

  /// The longest name kept, in bytes (the file system's limit, less room
  /// for a checksum).
  static let maximumNameLength = 200

  /// A name as the folder keeps it: its last path component, without
  /// control characters or leading dots, at most ``maximumNameLength``
  /// bytes (its extension kept); `media` when nothing is left, so that no
  /// file is dropped.
  public static func safeName(_ name: String) -> String {
    var last = name.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
    last = String(String.UnicodeScalarView(last.unicodeScalars.filter { !Self.isControl($0) }))
    last = String(last.drop { $0 == "." })
    if last.utf8.count > maximumNameLength {
      let (stem, suffix) = split(last)
      let kept = suffix.utf8.count < 32 ? suffix : ""
      var cut = ""
      for character in stem {
        if cut.utf8.count + character.utf8.count + kept.utf8.count > maximumNameLength { break }
        cut.append(character)
      }
      last = cut + kept
    }
    return last.isEmpty ? "media" : last
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
      || scalar.properties.generalCategory == .format
        && scalar.value >= 0x202A && scalar.value <= 0x202E
  }

  /// A name's stem and its extension with the dot (`""` without one).
  static func split(_ name: String) -> (stem: String, suffix: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
    return (String(name[..<dot]), String(name[dot...]))
  }

  /// The path of the file named `name`, when `name` is a safe name (as
  /// ``safeName(_:)`` makes it); `nil` for any other, so that a name read
  /// from a questions file never reaches outside the folder.
  public func file(named name: String) -> String? {
    guard !name.isEmpty, Self.safeName(name) == name else { return nil }
    return path + "/" + name
  }

  /// Whether the folder holds a file named `name`.
  public func contains(_ name: String) -> Bool {
    guard let file = file(named: name) else { return false }
    return FileStatus.type(of: file) == .regular
  }

  /// The names of the files in the folder.
  public func names() -> [String] {
    guard let directory = try? Directory(path) else { return [] }
    return directory.names.filter { contains($0) }.sorted()
  }

  /// Keeps a file's bytes under `name` made safe, or under that name with
  /// its checksum when the name holds other bytes already.
  /// - Parameters:
  ///   - name: the name the file came with.
  ///   - limit: the most bytes it may have.
  ///   - produce: writes the bytes, a chunk at a time, through the function
  ///     it is given.
  /// - Returns: the name the file is kept under.
  /// - Throws: ``AnkiPackageError/tooLarge(_:)`` past `limit`,
  ///   ``AnkiPackageError/system(_:)`` when a file cannot be written, and
  ///   whatever `produce` throws; nothing is left behind then.
  public func store(
    _ name: String, limit: Int,
    produce: ((UnsafeRawBufferPointer) throws(AnkiPackageError) -> Void) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) -> String {
    do {
      try DataFolder.createFolder(path)
    } catch {
      throw .system("cannot make the folder \(path): \(error)")
    }
    let safe = Self.safeName(name)
    let incoming = path + "/.incoming-\(SystemInfo.processID)-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(incoming, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC)
    } catch {
      throw .system("cannot write \(incoming): \(error.description)")
    }
    defer { try? FileSystem.remove(incoming) }
    let zlib = try Zlib.load()
    var crc: UInt = 0
    var size = 0
    defer { descriptor.close() }
    try produce { chunk throws(AnkiPackageError) in
      size += chunk.count
      guard size <= limit else {
        throw .tooLarge("the media file \(safe) is over \(max(1, limit / 1_048_576)) MiB")
      }
      crc = zlib.crc32(crc, chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), CUnsignedInt(chunk.count))
      do throws(SystemError) {
        try descriptor.writeAll(chunk)
      } catch {
        throw .system("cannot write \(incoming): \(error.description)")
      }
    }
    let (stem, suffix) = Self.split(safe)
    let hex = String(UInt32(truncatingIfNeeded: crc), radix: 16)
    let checksummed = stem + "-" + String(repeating: "0", count: 8 - hex.count) + hex + suffix
    for candidate in [safe, checksummed] {
      let target = path + "/" + candidate
      do throws(SystemError) {
        try FileSystem.link(incoming, to: target)
        return candidate
      } catch  where error.isExisting {
        if Self.sameContents(incoming, target) { return candidate }
      } catch {
        throw .system("cannot write \(target): \(error.description)")
      }
    }
    throw .system("cannot keep \(safe): \(checksummed) holds other bytes")
  }

  /// Makes the files written into the folder durable, all at once: before
  /// the step that refers to them is written, so that a power cut never
  /// leaves a question naming a sound that was lost. The corresponding C
  /// function is `syncfs` (one call for thousands of files, where an
  /// `fdatasync` each would take seconds).
  /// - Throws: ``AnkiPackageError/system(_:)`` when it fails.
  func syncFiles() throws(AnkiPackageError) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    } catch {
      throw .system("cannot open \(path): \(error.description)")
    }
    defer { descriptor.close() }
    let fileSystem = try FileSystemSync()
    do throws(SystemError) {
      try fileSystem.sync(descriptor)
    } catch {
      throw .system("cannot make the files of \(path) durable: \(error.description)")
    }
  }

  /// Whether two files hold the same bytes.
  static func sameContents(_ first: String, _ second: String) -> Bool {
    guard let one = try? FileDescriptor.open(first, O_RDONLY | O_CLOEXEC) else { return false }
    defer { one.close() }
    guard let other = try? FileDescriptor.open(second, O_RDONLY | O_CLOEXEC) else { return false }
    defer { other.close() }
    guard let size = try? one.size(), size == (try? other.size()) else { return false }
    var left = [UInt8](repeating: 0, count: 1 << 16)
    var right = left
    var offset = 0
    while offset < size {
      let count = left.withUnsafeMutableBytes { (try? one.read(into: $0, at: offset)) ?? -1 }
      guard count > 0 else { return false }
      let other = right.withUnsafeMutableBytes { buffer in
        (try? other.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]), at: offset)) ?? -1
      }
      guard other == count, left[..<count] == right[..<count] else { return false }
      offset += count
    }
    return true
  }
}
