import FoundationEssentials
@preconcurrency import Glibc

/// Keeps the versions of the questions file: saves one before any change,
/// lists them, and brings one back.
///
/// Snapshots live in `snapshots/` in the data folder, one file each. Only the
/// newest ``limit`` are kept. Callers hold the data folder's lock around
/// every change.
public struct SnapshotCaretaker: Sendable {
  /// How many snapshots are kept; older ones are removed.
  public static let limit = 50
  /// Snapshot files with larger numbers are not this program's.
  static let largestID = 999_999_999

  /// One entry of the list: a snapshot, or a file that could not be read.
  public enum Entry: Sendable {
    case snapshot(SnapshotMemento)
    case damaged(id: Int, path: String)
  }

  public let folder: DataFolder
  private let disk: DiskCaretaker

  public init(folder: DataFolder) {
    self.folder = folder
    disk = DiskCaretaker(folder: folder)
  }

  /// Moves the snapshots of an earlier release, kept in `snapshots/` beside
  /// the questions, into `local/snapshots/`, where this machine's own files are.
  private func carryOverEarlierFolder() throws {
    guard DurableFile.exists(folder.legacySnapshotsFolder), !DurableFile.exists(folder.snapshotsFolder) else {
      return
    }
    try folder.withLock {
      guard DurableFile.exists(folder.legacySnapshotsFolder), !DurableFile.exists(folder.snapshotsFolder) else {
        return
      }
      try DurableFile.move(folder.legacySnapshotsFolder, to: folder.snapshotsFolder)
    }
  }

  /// Saves the questions file as it is now as a new snapshot.
  /// - Returns: the new snapshot.
  @discardableResult
  func save(reason: String, now: Date) throws -> SnapshotMemento {
    try save(contents: try DurableFile.read(folder.questionsFile), reason: reason, now: now)
  }

  /// Saves `contents` (`nil` for no file) as a new snapshot.
  /// - Returns: the new snapshot.
  @discardableResult
  func save(contents bytes: [UInt8]?, reason: String, now: Date) throws -> SnapshotMemento {
    try folder.createLocal()
    if DurableFile.exists(folder.legacySnapshotsFolder) && !DurableFile.exists(folder.snapshotsFolder) {
      try DurableFile.move(folder.legacySnapshotsFolder, to: folder.snapshotsFolder)
    }
    try DataFolder.createFolder(folder.snapshotsFolder)
    let existing = try snapshotIDs()
    let next = (existing.last ?? 0) + 1
    let contents = bytes.map { Data($0) }
    let snapshot = SnapshotMemento(id: next, date: now, reason: reason, contents: contents)
    try disk.save(snapshot, to: path(of: snapshot.id))
    for old in existing.dropLast(max(0, Self.limit - 1)) {
      try DurableFile.remove(path(of: old))
    }
    return snapshot
  }

  /// Every snapshot, newest first; those that cannot be read are listed as
  /// damaged. The first release's snapshots of its scores are left out: the
  /// history keeps every score now.
  public func entries() throws -> [Entry] {
    try carryOverEarlierFolder()
    return try snapshotIDs().reversed().compactMap { id in
      do {
        guard let snapshot = try disk.load(SnapshotMemento.self, from: path(of: id)) else { return nil }
        return .snapshot(snapshot)
      } catch is SnapshotMemento.NotQuestions {
        return nil
      } catch {
        return .damaged(id: id, path: path(of: id))
      }
    }
  }

  /// The snapshot `id`.
  /// - Throws: ``PersistenceError/noSuchSnapshot(id:)`` when it does not
  ///   exist, cannot be read or holds no questions file.
  func load(_ id: Int) throws -> SnapshotMemento {
    try carryOverEarlierFolder()
    guard let snapshot = try? disk.load(SnapshotMemento.self, from: path(of: id)) else {
      throw PersistenceError.noSuchSnapshot(id: String(id))
    }
    return snapshot
  }

  /// Puts a snapshot's contents back as the questions file, durably, after
  /// saving the file it replaces as a new snapshot.
  /// - Returns: the snapshot of the replaced file.
  @discardableResult
  func bringBack(_ snapshot: SnapshotMemento, reason: String, now: Date) throws -> SnapshotMemento {
    let saved = try save(reason: reason, now: now)
    if let contents = snapshot.contents {
      try DurableFile.replace(folder.questionsFile, with: [UInt8](contents))
    } else {
      try DurableFile.remove(folder.questionsFile)
    }
    return saved
  }

  private func path(of id: Int) -> String {
    folder.snapshotsFolder + "/snapshot-\(id).json"
  }

  /// The ids of the snapshot files present, oldest first.
  private func snapshotIDs() throws -> [Int] {
    let names: [String]
    do throws(SystemError) {
      names = try Directory(folder.snapshotsFolder).names
    } catch {
      if error.errno == ENOENT { return [] }
      throw PersistenceError.cannotRead(path: folder.snapshotsFolder, error)
    }
    var ids: [Int] = []
    for name in names {
      // Only the names this program gives: a number from 1 to the largest
      // it will ever reach, so that the next one never overflows.
      if name.hasPrefix("snapshot-"), name.hasSuffix(".json"), let id = Int(name.dropFirst(9).dropLast(5)),
        (1...Self.largestID).contains(id)
      {
        ids.append(id)
      }
    }
    return ids.sorted()
  }
}
