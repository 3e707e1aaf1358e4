import FoundationEssentials
@preconcurrency import Glibc

/// Keeps the snapshots: saves one before any overwrite, lists them, and
/// brings one back.
///
/// Snapshots live in `snapshots/` in the data folder, one file each. Only the
/// newest ``limit`` are kept.
public struct SnapshotCaretaker: Sendable {
  /// How many snapshots are kept; older ones are removed.
  public static let limit = 50

  public let folder: DataFolder
  private let disk: DiskCaretaker

  public init(folder: DataFolder) {
    self.folder = folder
    disk = DiskCaretaker(folder: folder)
  }

  /// Saves the current content of `paths` (files in the data folder) as a new
  /// snapshot. Callers hold the folder lock and overwrite the files after.
  /// - Returns: the new snapshot.
  @discardableResult
  func saveSnapshot(reason: String, of paths: [String], now: Date = Date()) throws -> SnapshotMemento {
    try disk.withLock {
      try DataFolder.createFolder(folder.snapshotsFolder)
      let existing = try snapshotIDs()
      let files = try paths.map { path in
        SnapshotMemento.FileContent(
          name: DurableFile.split(path).name, contents: try DurableFile.read(path).map { Data($0) })
      }
      let snapshot = SnapshotMemento(id: (existing.last ?? 0) + 1, date: now, reason: reason, files: files)
      try disk.save(snapshot, to: path(of: snapshot.id))
      for old in existing.dropLast(max(0, Self.limit - 1)) {
        try DurableFile.remove(path(of: old))
      }
      return snapshot
    }
  }

  /// Every readable snapshot, newest first.
  public func snapshots() throws -> [SnapshotMemento] {
    try snapshotIDs().reversed().compactMap { id in
      try? disk.load(SnapshotMemento.self, from: path(of: id))
    }
  }

  /// Brings back the files of snapshot `id`, after saving a snapshot of what
  /// they hold now, so that the restore can itself be undone.
  /// - Returns: the snapshot that was restored.
  @discardableResult
  public func restore(id: Int) throws -> SnapshotMemento {
    try disk.withLock {
      guard let snapshot = try? disk.load(SnapshotMemento.self, from: path(of: id)) else {
        throw PersistenceError.noSuchSnapshot(id: String(id))
      }
      let paths = snapshot.files.map { folder.path + "/" + $0.name }
      try saveSnapshot(reason: "before restore of snapshot \(id) (\(snapshot.reason))", of: paths)
      for (file, path) in zip(snapshot.files, paths) {
        if let contents = file.contents {
          try DurableFile.replace(path, with: [UInt8](contents))
        } else {
          try DurableFile.remove(path)
        }
      }
      return snapshot
    }
  }

  /// Brings back the newest snapshot.
  @discardableResult
  public func restoreNewest() throws -> SnapshotMemento {
    guard let newest = try disk.withLock({ try snapshotIDs().last }) else { throw PersistenceError.noSnapshots }
    return try restore(id: newest)
  }

  private func path(of id: Int) -> String {
    folder.snapshotsFolder + "/snapshot-\(id).json"
  }

  /// The ids of the snapshot files present, oldest first.
  private func snapshotIDs() throws -> [Int] {
    guard let directory = opendir(folder.snapshotsFolder) else {
      if errno == ENOENT { return [] }
      throw PersistenceError.cannotRead(path: folder.snapshotsFolder, .current)
    }
    defer { closedir(directory) }
    var ids: [Int] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name.hasPrefix("snapshot-"), name.hasSuffix(".json"), let id = Int(name.dropFirst(9).dropLast(5)) {
        ids.append(id)
      }
    }
    return ids.sorted()
  }
}
