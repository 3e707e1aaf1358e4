@preconcurrency import Glibc

/// An Anki package (`.apkg`, a deck to share, or `.colpkg`, a whole
/// collection), read into an ``AnkiCollection``.
///
/// Every format Anki writes is read: since Anki 2.1.50 the collection is
/// `collection.anki21b`, compressed with zstd, and a `meta` entry gives the
/// version; before that it is `collection.anki21` (Anki 2.1) or
/// `collection.anki2` (Anki 2.0), deflated by the zip. A current package
/// also holds a `collection.anki2` for older programs that only says
/// "Please update to the latest Anki version": it is never the one read.
public enum AnkiPackage {
  /// The most bytes a collection may have once decompressed.
  public static let maximumCollectionSize = 4 << 30

  /// How many times the package's size a collection may grow: SQLite's
  /// pages compress a few times over, a compressed bomb thousands of times.
  static let maximumRatio = 100

  /// The most bytes a package of `packageSize` bytes may unpack to, and the
  /// most compressed bytes its collection may take: a hundred times its
  /// size, at least 32 MiB, at most ``maximumCollectionSize``. It follows
  /// from the file, never from what the package says of itself (a zip
  /// entry's size, zstd frames that hold nothing); SQLite's header then
  /// narrows it to the size of the database (``CollectionFile``).
  static func ceiling(packageSize: Int) -> Int {
    guard packageSize < maximumCollectionSize / maximumRatio else { return maximumCollectionSize }
    return max(32 << 20, packageSize * maximumRatio)
  }

  /// The most rows one table of the collection may have: what a package
  /// of `packageSize` bytes can hold (four bytes a row compress no further),
  /// and never fewer than 100,000.
  static func maximumRows(packageSize: Int) -> Int {
    max(100_000, packageSize / 4)
  }

  /// `PackageMetadata.Version.VERSION_LATEST`.
  private static let latestVersion: UInt64 = 3

  /// The collection in a package.
  /// - Parameters:
  ///   - bytes: the package file's bytes.
  ///   - file: the name errors give it.
  /// - Throws: ``AnkiPackageError/notAPackage(file:reason:)`` for a file that
  ///   is not a package Anki wrote (exit 65);
  ///   ``AnkiPackageError/missingLibrary(_:detail:)`` naming a system
  ///   library that cannot be loaded (exit 1).
  public static func collection(
    in bytes: [UInt8], file: String, temporaryFolder: String? = nil
  ) throws(AnkiPackageError) -> AnkiCollection {
    do {
      return try collection(in: bytes, temporaryFolder: temporaryFolder)
    } catch {
      throw error.about(file: file)
    }
  }

  /// The collection in a package file, read a part at a time: the media
  /// of a whole collection are never read.
  /// - Parameter temporaryFolder: where the collection is unpacked (`nil`:
  ///   `TMPDIR`), in a folder of its own that is removed on every way out.
  /// - Throws: as ``collection(in:file:temporaryFolder:)``, and
  ///   ``AnkiPackageError/system(_:)`` when the file cannot be opened.
  public static func collection(
    atPath path: String, temporaryFolder: String? = nil
  ) throws(AnkiPackageError) -> AnkiCollection {
    try loadLibraries()
    return try withArchive(atPath: path) { archive throws(AnkiPackageError) in
      try collection(in: archive, temporaryFolder: temporaryFolder)
    }
  }

  /// Runs `body` on the package file at `path`, read a part at a time;
  /// its errors name the file.
  /// - Throws: ``AnkiPackageError/system(_:)`` when the file cannot be
  ///   opened, and what `body` or reading the archive throws.
  static func withArchive<Result>(
    atPath path: String, _ body: (ZipArchive) throws(AnkiPackageError) -> Result
  ) throws(AnkiPackageError) -> Result {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, O_RDONLY)
    } catch {
      throw .system("cannot open \(path): \(error.description)")
    }
    defer { file.close() }
    do {
      return try body(try ZipArchive(file: file))
    } catch {
      throw error.about(file: path)
    }
  }

  static func collection(
    in bytes: [UInt8], temporaryFolder: String? = nil
  ) throws(AnkiPackageError) -> AnkiCollection {
    try loadLibraries()
    return try collection(in: try ZipArchive(bytes: bytes), temporaryFolder: temporaryFolder)
  }

  /// Loads the three libraries first: a missing one is named whatever the
  /// file holds.
  private static func loadLibraries() throws(AnkiPackageError) {
    _ = try Zlib.load()
    _ = try Zstd.load()
    _ = try SQLite.load()
  }

  private static func collection(
    in archive: ZipArchive, temporaryFolder: String?
  ) throws(AnkiPackageError) -> AnkiCollection {
    var version: UInt64 = 0
    if let meta = archive.entry(named: "meta") {
      let fields = try ProtobufReader.fields(of: try archive.contents(of: meta)[...])
      version = ProtobufReader.varint(1, in: fields) ?? 0
    }
    let ceiling = ceiling(packageSize: archive.size)
    let base = temporaryFolder ?? TemporaryFolder.systemBase
    let folder: TemporaryFolder
    do {
      folder = try TemporaryFolder(in: base)
    } catch {
      throw .system("cannot make a temporary folder in \(base): \(error.description)")
    }
    var file = try CollectionFile(path: folder.path + "/collection.sqlite", limit: ceiling)
    let isCurrent: Bool
    do throws(AnkiPackageError) {
      if let current = archive.entry(named: "collection.anki21b") {
        // Unzipped and decompressed a chunk at a time, straight into the file.
        let decompressor = try Zstd.Decompressor(try Zstd.load())
        try archive.stream(current, limit: ceiling) { chunk throws(AnkiPackageError) in
          try decompressor.feed(chunk) { bytes throws(AnkiPackageError) in try file.write(bytes) }
        }
        try decompressor.finish()
        isCurrent = true
      } else if version >= latestVersion {
        throw AnkiPackageError.invalid("its version needs collection.anki21b, which it lacks")
      } else if let legacy = archive.entry(named: "collection.anki21") ?? archive.entry(named: "collection.anki2") {
        try archive.stream(legacy, limit: ceiling) { chunk throws(AnkiPackageError) in try file.write(chunk) }
        isCurrent = false
      } else {
        throw AnkiPackageError.invalid(
          "it holds no Anki collection (no collection.anki21b, collection.anki21 or collection.anki2)")
      }
      try file.finish()
    } catch {
      file.abandon()
      throw error
    }
    let database = try SQLiteDatabase(path: file.path, size: file.size, folder: folder)
    database.maximumRows = maximumRows(packageSize: archive.size)
    var collection = try AnkiCollectionReader.collection(in: database)
    collection.mediaNames = try mediaMap(in: archive, isCurrent: isCurrent).map(\.name)
    return collection
  }

  /// The package's media files: each one's name and the name of the zip
  /// entry that holds its bytes.
  static func mediaMap(
    in archive: ZipArchive, isCurrent: Bool
  ) throws(AnkiPackageError) -> [(name: String, entry: String)] {
    guard let media = archive.entry(named: "media") else { return [] }
    let ceiling = ceiling(packageSize: archive.size)
    return try mediaNames(try archive.contents(of: media), isCurrent: isCurrent, ceiling: ceiling)
  }

  /// The media files' names and zip entries: a zstd-compressed
  /// `MediaEntries` message in current packages (the entry is the file's
  /// position, or its `legacy_zip_filename`), a JSON object
  /// (`{"0": "cat.jpg"}`) in legacy ones.
  private static func mediaNames(
    _ bytes: [UInt8], isCurrent: Bool, ceiling: Int
  ) throws(AnkiPackageError) -> [(name: String, entry: String)] {
    if isCurrent {
      let message = try Zstd.load().decompress(bytes, limit: min(ceiling, ZipArchive.smallEntrySize))
      var names: [(name: String, entry: String)] = []
      for entry in try ProtobufReader.fields(of: message[...]) where entry.number == 1 {
        guard case .bytes(let body) = entry.value else { continue }
        let fields = try ProtobufReader.fields(of: body)
        let zipName = ProtobufReader.varint(255, in: fields).map { String($0) } ?? String(names.count)
        for field in fields where field.number == 1 {
          if case .bytes(let name) = field.value { names.append((String(decoding: name, as: UTF8.self), zipName)) }
        }
      }
      return names
    }
    // A list that does not read names no media: the notes still come.
    guard case .object(let members) = try? JSONScanner.parse(bytes).value else { return [] }
    return members.compactMap { member in
      guard case .string(let name) = member.value.value else { return nil }
      return (name, member.key)
    }
  }
}
