import FoundationEssentials
@preconcurrency import Glibc

/// This data folder's machine: its identity and its host's name, made once
/// and kept in `local/machine`, which is never synced.
///
/// A folder copied to another host with its `local/` folder would write to
/// the same history file as the original: so when the host's name differs
/// from the one recorded, a new identity is made. A damaged `local/machine`
/// is moved aside with a warning, and the identity is read back from the
/// one history file whose first line names this host, so that this
/// machine's file and unfinished rounds stay its own.
struct Machine: Sendable, Hashable {
  let id: MachineID
  /// The host's name, as `history` shows it.
  let name: String

  private static let magic = "memoquiz machine"

  /// The folder's machine, made on first need.
  /// - Parameter warn: called when `local/machine` was damaged, with what
  ///   was done.
  /// - Throws: ``PersistenceError`` when the identity cannot be written.
  static func of(_ folder: DataFolder, warn: (String) -> Void = { _ in }) throws(PersistenceError) -> Machine {
    let host = hostName()
    guard DurableFile.exists(folder.machineFile) else { return try make(in: folder, host: host) }
    if let bytes = try? DurableFile.read(folder.machineFile, limit: 4096), let (id, recorded) = identity(in: bytes) {
      return recorded == host ? Machine(id: id, name: host) : try make(in: folder, host: host)
    }
    // Damaged: kept aside, never silently replaced.
    let aside = DurableFile.asideName(for: folder.machineFile, label: "damaged", now: Timestamp(Date()))
    do throws(PersistenceError) {
      try DurableFile.move(folder.machineFile, to: aside)
    } catch {
      // Another process moved it first, and made the identity again.
      if let bytes = try? DurableFile.read(folder.machineFile, limit: 4096), let (id, recorded) = identity(in: bytes),
        recorded == host
      {
        return Machine(id: id, name: host)
      }
      throw error
    }
    let own = HistoryCaretaker(folder: folder).machines(named: host)
    let machine = try make(in: folder, host: host, id: own.count == 1 ? own[0] : nil)
    let what =
      own.count == 1
      ? "this machine's identity, \(machine.id.hex), was read from "
        + HistoryCaretaker(folder: folder).file(of: machine.id).path
      : "this folder is a new machine, \(machine.id.hex)"
    warn("\(folder.machineFile) could not be read; it was kept as \(aside), and \(what)")
    return machine
  }

  /// Makes this folder a new machine, `id` (else one drawn at random), in
  /// place of the identity it had: its own file went back or is shared
  /// with another folder. Written durably before anything is appended
  /// under it.
  static func replaced(in folder: DataFolder, by id: MachineID? = nil) throws(PersistenceError) -> Machine {
    let machine = Machine(id: id ?? .random(), name: hostName())
    var bytes: [UInt8] = []
    RecordLine.append([magic, machine.id.hex, machine.name], to: &bytes)
    try folder.createLocal()
    try DurableFile.replace(folder.machineFile, with: bytes)
    return machine
  }

  /// The identity and host a machine file's first line records; `nil`
  /// when it is not such a line.
  private static func identity(in bytes: [UInt8]) -> (MachineID, String)? {
    guard let newline = bytes.firstIndex(of: 10), let fields = RecordLine.fields(bytes[..<newline]),
      fields.count == 3, fields[0] == magic, let id = MachineID(hex: fields[1])
    else { return nil }
    return (id, fields[2])
  }

  /// Makes an identity: `id`, or a new one. Two processes starting at once
  /// agree on one: each writes its own temp file and links it into place,
  /// and the one that comes second reads the first's.
  private static func make(in folder: DataFolder, host: String, id: MachineID? = nil) throws(PersistenceError)
    -> Machine
  {
    try folder.createLocal()
    let machine = Machine(id: id ?? .random(), name: host)
    var bytes: [UInt8] = []
    RecordLine.append([magic, machine.id.hex, host], to: &bytes)
    let temporary = folder.machineFile + ".\(machine.id.hex).tmp"
    do throws(SystemError) {
      let descriptor = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
      defer { descriptor.close() }
      try descriptor.writeAll(bytes)
      try descriptor.sync()
    } catch {
      try? FileSystem.remove(temporary)
      throw .cannotWrite(path: folder.machineFile, error)
    }
    defer { try? FileSystem.remove(temporary) }
    do throws(SystemError) {
      try FileSystem.link(temporary, to: folder.machineFile)
    } catch {
      if error.isExisting, let existing = try? existingMachine(folder, host: host) { return existing }
      // A stale identity (another host's): replace it.
      do {
        try FileSystem.rename(temporary, to: folder.machineFile)
      } catch {
        throw .cannotWrite(path: folder.machineFile, error)
      }
    }
    try DurableFile.syncFolder(folder.localFolder)
    return machine
  }

  private static func existingMachine(_ folder: DataFolder, host: String) throws -> Machine? {
    guard let bytes = try DurableFile.read(folder.machineFile, limit: 4096), let (id, recorded) = identity(in: bytes),
      recorded == host
    else { return nil }
    return Machine(id: id, name: host)
  }

  /// The host's name, or `unknown` when it has none.
  static func hostName() -> String { SystemInfo.hostName() ?? "unknown" }
}
