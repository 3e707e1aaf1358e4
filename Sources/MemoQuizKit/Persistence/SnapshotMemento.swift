import FoundationEssentials

/// A saved version of the questions file, taken just before something
/// replaced it (an edit, a restore, an undo).
///
/// It holds the exact bytes, or notes that there was no file (the bundled
/// questions were in use). Only `questions.json` is ever saved or brought
/// back: a snapshot names no file, so none can point outside the data folder.
public struct SnapshotMemento: VersionedMemento, Equatable, Sendable {
  static let currentVersion = 2

  var version = Self.currentVersion
  /// Increasing from 1; what `restore ID` names.
  public var id: Int
  public var date: Date
  /// Why it was taken, such as "before edit".
  public var reason: String
  /// The file's exact bytes, or `nil` when there was no questions file.
  public var contents: Data?

  init(id: Int, date: Date, reason: String, contents: Data?) {
    self.id = id
    self.date = date
    self.reason = reason
    self.contents = contents
  }
}
