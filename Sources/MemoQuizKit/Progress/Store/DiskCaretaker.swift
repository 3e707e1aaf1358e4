import FoundationEssentials

/// A memento that carries a format version, so that a file written by a newer
/// memoquiz is refused with a clear message instead of being misread.
protocol VersionedMemento: Codable {
  /// The newest format version this build reads and writes.
  static var currentVersion: Int { get }
}

/// Saves and loads mementos as JSON files in the data folder, durably.
///
/// The disk caretaker knows nothing of what a memento holds: it encodes,
/// writes through ``DurableFile`` and decodes. Callers that read, change and
/// write back a file do so inside ``withLock(_:)``, so that two processes
/// never lose each other's update.
public struct DiskCaretaker: Sendable {
  /// A file of the program's own that does not decode.
  struct DamagedFile: Error {
    let path: String
  }

  let folder: DataFolder

  init(folder: DataFolder) {
    self.folder = folder
  }

  /// Loads a memento.
  /// - Returns: the memento, or `nil` when the file does not exist.
  /// - Throws: ``DamagedFile`` when the file is not a valid memento;
  ///   ``PersistenceError`` when it cannot be read or is from a newer version.
  func load<Memento: VersionedMemento>(_ type: Memento.Type, from path: String) throws -> Memento? {
    guard let bytes = try DurableFile.read(path) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let data = Data(bytes)
    if let version = try? decoder.decode(VersionProbe.self, from: data).version, version > Memento.currentVersion {
      throw PersistenceError.newerVersion(path: path, found: version, supported: Memento.currentVersion)
    }
    do {
      return try decoder.decode(Memento.self, from: data)
    } catch let notQuestions as SnapshotMemento.NotQuestions {
      throw notQuestions
    } catch {
      throw DamagedFile(path: path)
    }
  }

  /// Saves a memento durably: when this returns, it survives a crash.
  func save<Memento: VersionedMemento>(_ memento: Memento, to path: String) throws {
    try folder.create()
    try DurableFile.replace(path, with: Self.encode(memento))
  }

  /// Encodes a memento as the JSON its file holds.
  static func encode<Memento: Encodable>(_ memento: Memento) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var bytes = [UInt8](try encoder.encode(memento))
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// Runs `body` holding the data folder's exclusive lock.
  func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    try folder.withLock(body)
  }

  /// Moves a damaged file aside under a new, unused name, keeping its bytes.
  /// - Returns: the new path.
  func moveAside(_ path: String, now: Date) throws -> String {
    let stamp = CalendarTime(now).compactStamp
    let base = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
    var candidate = "\(base).damaged-\(stamp).json"
    var attempt = 1
    while DurableFile.exists(candidate) {
      attempt += 1
      candidate = "\(base).damaged-\(stamp)-\(attempt).json"
    }
    try DurableFile.move(path, to: candidate)
    return candidate
  }
}

/// Reads only the `version` of a memento file.
private struct VersionProbe: Decodable {
  let version: Int?
}
