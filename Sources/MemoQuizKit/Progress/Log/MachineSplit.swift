@preconcurrency import Glibc

/// Two data folders that share one machine identity (a folder copied with
/// `local/`), told apart when a copy of their file from the other folder
/// arrives that neither holds nor extends this folder's: this folder
/// becomes a new machine.
///
/// The lines both copies hold stay the old machine's. This folder's steps
/// after them move to the new machine's file, numbered anew from 1 (each
/// identity they name among them renumbered alike), and this folder's copy
/// of the old file is cut back to the common lines, so that the other
/// folder's steps after them arrive as any machine's do. Every step of both
/// folders is kept, and no step id names two steps.
///
/// The split is written first, whole and durably, to `local/machine-split`,
/// and carried out from it: a crash part-way is completed by the next
/// command (``completeIfPending(in:)``).
struct MachineSplit {
  /// The identity both folders had.
  var old: MachineID
  /// This folder's new identity.
  var new: MachineID
  /// How many of this folder's records moved to the new identity.
  var moved: Int

  private static let magic = "memoquiz machine split"

  private static func noteFile(in folder: DataFolder) -> String { folder.localFolder + "/machine-split" }

  /// Splits this folder's machine off from the folder whose copy of its
  /// file is `other`.
  /// - Parameters:
  ///   - machine: this folder's machine, whose file differs from `other`.
  ///   - other: the other folder's copy of that file.
  ///   - completing: `false` stops once the split is written down, as a
  ///     crash there would: the next command completes it.
  /// - Returns: what was done; this folder is the new machine from now on.
  /// - Throws: ``PersistenceError`` when a file cannot be read or written.
  static func split(_ folder: DataFolder, machine: Machine, other: [UInt8], completing: Bool = true) throws
    -> MachineSplit
  {
    let history = HistoryCaretaker(folder: folder)
    let file = history.file(of: machine.id)
    let own = try DurableFile.read(file.path, limit: Int.max) ?? []
    var differ = 0
    while differ < own.count && differ < other.count && own[differ] == other[differ] { differ += 1 }
    // The common whole lines.
    let common = own[..<differ].lastIndex(of: 10).map { $0 + 1 } ?? 0
    let before = common > 0 ? file.lastSequence(before: common) ?? 0 : 0
    let records = try file.read(after: common, lastSequence: before).records
    var new = MachineID.random()
    while new == machine.id { new = .random() }
    let renumber = { (id: StepID) -> StepID in
      id.machine == machine.id && id.sequence > before ? StepID(machine: new, sequence: id.sequence - before) : id
    }
    var bytes: [UInt8] = []
    RecordLine.append([magic, machine.id.hex, String(common), new.hex], to: &bytes)
    bytes += MachineHistoryFile.header(machine: new, name: machine.name)
    for record in records { record.renumbered(renumber).appendLine(to: &bytes) }
    try folder.createLocal()
    try DurableFile.replace(noteFile(in: folder), with: bytes)
    if completing { try complete(in: folder) }
    return MachineSplit(old: machine.id, new: new, moved: records.count)
  }

  /// Whether a split was begun and not completed.
  static func isPending(in folder: DataFolder) -> Bool { DurableFile.exists(noteFile(in: folder)) }

  /// Completes a split begun by a command that stopped part-way. Called
  /// under the folder's lock.
  static func completeIfPending(in folder: DataFolder) throws {
    guard isPending(in: folder) else { return }
    try complete(in: folder)
  }

  /// Carries out the split kept in `local/machine-split`: every step can be
  /// done again, so a crash anywhere in it is completed from the start.
  private static func complete(in folder: DataFolder) throws {
    let note = noteFile(in: folder)
    guard let bytes = try DurableFile.read(note, limit: Int.max), let newline = bytes.firstIndex(of: 10),
      let fields = RecordLine.fields(bytes[..<newline]), fields.count == 4, fields[0] == magic,
      let old = MachineID(hex: fields[1]), let common = Int(fields[2]), common >= 0, let new = MachineID(hex: fields[3])
    else {
      // Not written whole: the split never began.
      try DurableFile.remove(note)
      return
    }
    let history = HistoryCaretaker(folder: folder)
    let newFile = history.file(of: new)
    try folder.createHistory()
    if !DurableFile.exists(newFile.path) {
      try DurableFile.replace(newFile.path, with: Array(bytes[(newline + 1)...]))
    }
    _ = try Machine.replaced(in: folder, by: new)
    let oldPath = history.file(of: old).path
    do throws(SystemError) {
      let descriptor = try FileDescriptor.open(oldPath, O_WRONLY | O_NOFOLLOW)
      defer { descriptor.close() }
      if try descriptor.size() > common {
        try descriptor.truncate(to: common)
        try descriptor.sync()
      }
    } catch  where error.errno == ENOENT {
    } catch {
      throw PersistenceError.cannotWrite(path: oldPath, error)
    }
    try OwnLogMark.of(newFile, history: history).write(in: folder)
    try DurableFile.remove(note)
    try DurableFile.syncFolder(folder.localFolder)
  }
}
