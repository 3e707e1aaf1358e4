/// How far this machine's own history file reached: kept in
/// `local/own-log`, so that a file that went back (restored from a backup
/// or a snapshot) is noticed before anything is appended to it.
///
/// It names the machine, the offset just after the last whole line written
/// and a hash of the bytes just before it, as ``HistoryCaretaker/Coverage``
/// does. It is written after the records it covers are on disk, so it never
/// reaches further than the file did; a mark that cannot be read says
/// nothing, and no file is taken as gone back because of it.
struct OwnLogMark: Sendable, Equatable {
  var machine: MachineID
  /// The offset just after the last whole line written.
  var end: Int
  /// The hash of up to 32 bytes before ``end``.
  var tail: UInt64

  // Version 2: the tail is hashed with ``ContentHash``; a mark of version 1
  // cannot be read, so it says nothing until the next append rewrites it.
  private static let magic = "memoquiz own log 2"

  /// The mark's file in `folder`.
  static func path(in folder: DataFolder) -> String { folder.localFolder + "/own-log" }

  /// The mark kept in `folder`, if one can be read.
  static func read(in folder: DataFolder) -> OwnLogMark? {
    guard let bytes = try? DurableFile.read(path(in: folder), limit: 4096), bytes.last == 10,
      let newline = bytes.firstIndex(of: 10), let fields = RecordLine.fields(bytes[..<newline]), fields.count == 4,
      fields[0] == magic, let machine = MachineID(hex: fields[1]), let end = Int(fields[2]), end >= 0,
      let tail = UInt64(fields[3], radix: 16)
    else { return nil }
    return OwnLogMark(machine: machine, end: end, tail: tail)
  }

  /// Keeps the mark in `folder`. Written after the records it covers were
  /// synced, and replaced atomically: a crash leaves the old mark, or none.
  /// Called under the folder's lock.
  func write(in folder: DataFolder) throws(PersistenceError) {
    var bytes: [UInt8] = []
    RecordLine.append([Self.magic, machine.hex, String(end), String(tail, radix: 16)], to: &bytes)
    try folder.createLocal()
    try DurableFile.replace(Self.path(in: folder), with: bytes, durably: false)
  }

  /// The mark of `machine`'s file as it is on disk now: its whole lines.
  static func of(_ file: MachineHistoryFile, history: HistoryCaretaker) -> OwnLogMark {
    let end = wholeLines(of: file.path)
    return OwnLogMark(machine: file.machine, end: end, tail: history.tailHash(of: file.path, before: end))
  }

  /// Whether the file on disk still holds, unchanged, every byte the mark
  /// covers.
  func isHeld(by file: MachineHistoryFile, history: HistoryCaretaker) -> Bool {
    guard end > 0 else { return true }
    guard let status = try? FileStatus(path: file.path, followingLinks: false), status.type == .regular,
      status.size >= end
    else { return false }
    return history.tailHash(of: file.path, before: end) == tail
  }

  /// The offset just after the last line feed of the file at `path`: where
  /// its whole lines end.
  static func wholeLines(of path: String) -> Int {
    guard let status = try? FileStatus(path: path, followingLinks: false), status.type == .regular, status.size > 0
    else { return 0 }
    return HistoryIntake.lineStart(of: path, before: status.size)
  }
}
