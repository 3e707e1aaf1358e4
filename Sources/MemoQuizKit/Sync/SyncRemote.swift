/// The remote a data folder syncs with, as `sync --init` was given it: kept
/// in `local/sync-remote`, so that the clone can be made again from it and a
/// `sync` after a failed `--init` completes it.
struct SyncRemote: Sendable, Equatable {
  /// The remote's address, as the learner gave it.
  let address: String

  private static let magic = "memoquiz sync remote"

  /// A remote whose transport would run a command, whatever git's defaults.
  /// - Returns: the reason it is refused, or `nil`.
  static func isRefused(_ address: String) -> Bool {
    guard let separator = address.firstRange(of: "::") else { return false }
    let transport = address[..<separator.lowerBound].lowercased()
    return transport == "ext" || transport == "fd"
  }

  /// The remote recorded in `folder`, if any.
  static func recorded(in folder: DataFolder) -> SyncRemote? {
    guard let bytes = try? DurableFile.read(folder.syncRemoteFile, limit: 65_536),
      let newline = bytes.firstIndex(of: 10), let fields = RecordLine.fields(bytes[..<newline]),
      fields.count == 2, fields[0] == magic, !fields[1].isEmpty
    else { return nil }
    return SyncRemote(address: fields[1])
  }

  /// Records the remote durably.
  func record(in folder: DataFolder) throws(PersistenceError) {
    try folder.createLocal()
    var bytes: [UInt8] = []
    RecordLine.append([Self.magic, address], to: &bytes)
    try DurableFile.replace(folder.syncRemoteFile, with: bytes)
  }
}
