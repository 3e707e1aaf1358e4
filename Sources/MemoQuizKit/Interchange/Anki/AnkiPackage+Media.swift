@preconcurrency import Glibc

extension AnkiPackage {
  /// What an import did with a package's media.
  public struct MediaCopy: Sendable {
    /// The name each file came with, by the name it is kept under in
    /// `media/` (when the two differ).
    public var renamed: [String: String] = [:]
    /// How many files were copied (or found there already).
    public var copied = 0
    /// Names the notes use that the package does not hold.
    public var missing: [String] = []
  }

  /// Copies the media files named in `names` from the package at `path`
  /// into `media`, a file at a time.
  ///
  /// Bounded as the collection is: each file at most
  /// ``MediaFolder/maximumFileSize`` and all together at most
  /// ``ceiling(packageSize:)`` bytes, zstd-compressed files (of current
  /// packages) decompressed a chunk at a time.
  /// - Parameter write: `false` only works out the names (a dry run).
  /// - Throws: ``AnkiPackageError``: ``AnkiPackageError/tooLarge(_:)`` past
  ///   the bounds, ``AnkiPackageError/notAPackage(file:reason:)`` for a
  ///   damaged file.
  public static func copyMedia(
    atPath path: String, names: Set<String>, into media: MediaFolder, write: Bool = true
  ) throws(AnkiPackageError) -> MediaCopy {
    var copy = MediaCopy()
    guard !names.isEmpty else { return copy }
    try withArchive(atPath: path) { archive throws(AnkiPackageError) in
      let isCurrent = archive.entry(named: "collection.anki21b") != nil
      let entries = Dictionary(archive.entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
      var budget = ceiling(packageSize: archive.size)
      var found = Set<String>()
      for (name, entryName) in try mediaMap(in: archive, isCurrent: isCurrent) where names.contains(name) {
        guard found.insert(name).inserted, let entry = entries[entryName] else { continue }
        let safe = MediaFolder.safeName(name)
        guard write else {
          if safe != name { copy.renamed[name] = safe }
          copy.copied += 1
          continue
        }
        let limit = min(MediaFolder.maximumFileSize, budget)
        var written = 0
        let kept = try media.store(name, limit: limit) { sink throws(AnkiPackageError) in
          func count(_ chunk: UnsafeRawBufferPointer) throws(AnkiPackageError) {
            written += chunk.count
            try sink(chunk)
          }
          if isCurrent {
            let decompressor = try Zstd.Decompressor(try Zstd.load())
            try archive.stream(entry, limit: limit) { chunk throws(AnkiPackageError) in
              try decompressor.feed(chunk, into: count)
            }
            try decompressor.finish()
          } else {
            try archive.stream(entry, limit: limit, into: count)
          }
        }
        budget -= written
        if kept != name { copy.renamed[name] = kept }
        copy.copied += 1
      }
      copy.missing = names.subtracting(found).sorted()
      if write && copy.copied > 0 { try media.syncFiles() }
    }
    return copy
  }
}
