import FoundationEssentials

/// A saved copy of data files taken just before something overwrote them.
///
/// Snapshots are the mementos behind `undo` and `restore`: each holds the
/// exact bytes of every file it covers, or notes that the file did not exist.
public struct SnapshotMemento: VersionedMemento, Equatable, Sendable {
  static let currentVersion = 1

  /// One file's content at the moment of the snapshot.
  public struct FileContent: Codable, Equatable, Sendable {
    /// The file's name inside the data folder, such as `scores.json`.
    public var name: String
    /// The exact bytes, or `nil` when the file did not exist.
    public var contents: Data?
  }

  var version = Self.currentVersion
  /// Increasing from 1; what `restore ID` names.
  public var id: Int
  public var date: Date
  /// Why it was taken, such as "before reset of Hiragana".
  public var reason: String
  public var files: [FileContent]

  init(id: Int, date: Date, reason: String, files: [FileContent]) {
    self.id = id
    self.date = date
    self.reason = reason
    self.files = files
  }
}
