/// The secret the outlook's last line is summed with, made at random once
/// and kept in `local/outlook-key`, which is never synced.
///
/// The outlook says what `groups`, `today` and the start screen show
/// without reading the history. Its sum, unkeyed, could be worked out again
/// after a hand-edit, and the listing would then show scores the history
/// does not hold. Keyed, an edited outlook fails its sum and is rebuilt
/// from the history like a damaged one.
struct OutlookKey: Hashable, Sendable {
  let rawValue: UInt64

  private static let magic = "memoquiz outlook-key"

  /// The folder's key, or `nil` when there is none or it cannot be read:
  /// no outlook is then trusted.
  static func read(in folder: DataFolder) -> OutlookKey? {
    guard let bytes = try? DurableFile.read(folder.outlookKeyFile, limit: 4096),
      let newline = bytes.firstIndex(of: 10), let fields = RecordLine.fields(bytes[..<newline]),
      fields.count == 2, fields[0] == magic, let value = UInt64(fields[1], radix: 16)
    else { return nil }
    return OutlookKey(rawValue: value)
  }

  /// The folder's key, made when there is none. Called under the folder's
  /// lock.
  /// - Throws: ``PersistenceError`` when the key cannot be written.
  static func readOrMake(in folder: DataFolder) throws(PersistenceError) -> OutlookKey {
    if let key = read(in: folder) { return key }
    let key = OutlookKey(rawValue: UInt64.random(in: 1...UInt64.max))
    var bytes: [UInt8] = []
    RecordLine.append([magic, String(key.rawValue, radix: 16)], to: &bytes)
    try folder.createLocal()
    try DurableFile.replace(folder.outlookKeyFile, with: bytes)
    return key
  }
}
