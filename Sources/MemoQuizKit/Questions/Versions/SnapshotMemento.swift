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

  /// The first release's snapshots named their files; of those, only a
  /// version of `questions.json` is still a snapshot.
  private struct FileV1: Decodable {
    var name: String
    var contents: Data?
  }

  private enum CodingKeys: String, CodingKey {
    case version, id, date, reason, contents, files
  }

  /// A snapshot of the first release that held no questions file (it held
  /// the scores, which the history now keeps).
  struct NotQuestions: Error {}

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
    id = try container.decode(Int.self, forKey: .id)
    date = try container.decode(Date.self, forKey: .date)
    reason = try container.decode(String.self, forKey: .reason)
    if let files = try container.decodeIfPresent([FileV1].self, forKey: .files) {
      guard let questions = files.first(where: { $0.name == "questions.json" }) else { throw NotQuestions() }
      contents = questions.contents
      version = Self.currentVersion
    } else {
      contents = try container.decodeIfPresent(Data.self, forKey: .contents)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(id, forKey: .id)
    try container.encode(date, forKey: .date)
    try container.encode(reason, forKey: .reason)
    try container.encode(contents, forKey: .contents)
  }
}
