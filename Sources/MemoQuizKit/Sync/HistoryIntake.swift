@preconcurrency import Glibc

/// The one gate through which `sync` takes in other machines' history files:
/// what arrives is data, and only ever appended to what was read before.
///
/// From a folder of arriving files (the clone's `history/`), it takes each
/// regular file named `ID.log` by a lower-case machine identity that is not
/// this machine's, and only when the part already in the data folder is
/// unchanged: the new bytes are appended to the data folder's copy. Anything
/// else is left out, with a warning naming the file or the machine; what was
/// read before is kept.
struct HistoryIntake {
  let folder: DataFolder
  /// This machine: its file is never taken from elsewhere.
  let me: MachineID

  /// What arrived from one machine: the offset in its file from which the
  /// new records start.
  struct Arrival: Sendable {
    var machine: MachineID
    var start: Int
  }

  /// Takes in the files of `source`.
  /// - Parameter warn: called with each file left out.
  /// - Returns: what arrived, per machine.
  /// - Throws: ``PersistenceError`` when the data folder cannot be written.
  func takeIn(from source: String, warn: (String) -> Void) throws -> [Arrival] {
    guard FileStatus.type(of: source, followingLinks: false) == .directory else { return [] }
    var arrivals: [Arrival] = []
    for name in try HistoryEntry.names(in: source).sorted() {
      switch HistoryEntry(name: name, in: source) {
      case .other:
        continue
      case .lookalike:
        warn(HistoryEntry.leftOutWarning("history/\(name) from the remote", name: name, in: source))
      case .machine(let machine) where machine == me:
        continue
      case .machine(let machine):
        if let arrival = try takeIn(machine, from: source + "/" + name, warn: warn) { arrivals.append(arrival) }
      }
    }
    return arrivals
  }

  /// What a copy of this machine's own file, from elsewhere, was to the
  /// data folder's.
  enum OwnCopy: Equatable {
    /// Nothing the data folder lacks: the same, shorter, or missing.
    case held
    /// It held more: the data folder's file had gone back (restored from a
    /// backup or a snapshot), and these many bytes were brought back.
    case restored(bytes: Int)
    /// It differs from the data folder's in what both hold: another folder
    /// shares this machine's identity.
    case diverged
  }

  /// Takes in a copy of this machine's own file from elsewhere (the
  /// clone's, which is the remote's): when the data folder's whole lines are
  /// a prefix of it and it holds more, the file had gone back, and what it
  /// lacks is appended (a torn last line cut off first), so that it is
  /// never sent shorter and no step id is used twice.
  /// - Parameter path: the copy.
  /// - Throws: ``PersistenceError`` when the data folder cannot be written.
  func takeInOwn(from path: String) throws -> OwnCopy {
    guard FileStatus.type(of: path, followingLinks: false) == .regular,
      let arriving = try? FileDescriptor.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
    else { return .held }
    defer { arriving.close() }
    let target = folder.historyFolder + "/" + me.hex + ".log"
    let held = OwnLogMark.wholeLines(of: target)
    let size = (try? arriving.size()) ?? 0
    let copyEnd = size > 0 ? Self.lineStart(of: path, before: size) : 0
    guard copyEnd > held else {
      return try samePrefix(arriving, target: target, length: copyEnd) ? .held : .diverged
    }
    guard try samePrefix(arriving, target: target, length: held) else { return .diverged }
    if DurableFile.exists(target) {
      do throws(SystemError) {
        let descriptor = try FileDescriptor.open(target, O_WRONLY | O_NOFOLLOW)
        defer { descriptor.close() }
        if try descriptor.size() != held { try descriptor.truncate(to: held) }
      } catch {
        throw PersistenceError.cannotWrite(path: target, error)
      }
    }
    try append(from: arriving, range: held..<copyEnd, to: target, creating: !DurableFile.exists(target))
    let history = HistoryCaretaker(folder: folder)
    try OwnLogMark.of(history.file(of: me), history: history).write(in: folder)
    return .restored(bytes: copyEnd - held)
  }

  /// Appends what `machine`'s arriving file holds beyond the data folder's
  /// copy, when that copy is a prefix of it.
  private func takeIn(_ machine: MachineID, from path: String, warn: (String) -> Void) throws -> Arrival? {
    let target = folder.historyFolder + "/" + machine.hex + ".log"
    var held = 0
    if let status = try? FileStatus(path: target, followingLinks: false) {
      guard status.type == .regular else {
        warn("\(target) is not a regular file; the history of machine \(machine.hex) that arrived is left out")
        return nil
      }
      held = status.size
    }
    let arriving: FileDescriptor
    do {
      arriving = try FileDescriptor.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
    } catch {
      warn("the history of machine \(machine.hex) that arrived cannot be read (\(error)); it is left out")
      return nil
    }
    defer { arriving.close() }
    let size = (try? arriving.size()) ?? 0
    guard size > held else {
      if try size < held || !samePrefix(arriving, target: target, length: size) { warnChanged(machine, warn) }
      return nil
    }
    guard try samePrefix(arriving, target: target, length: held) else {
      warnChanged(machine, warn)
      return nil
    }
    let start = Self.lineStart(of: target, before: held)
    try append(from: arriving, range: held..<size, to: target, creating: held == 0 && !DurableFile.exists(target))
    return Arrival(machine: machine, start: start)
  }

  private func warnChanged(_ machine: MachineID, _ warn: (String) -> Void) {
    warn(
      "the history of machine \(machine.hex) that arrived changed what was already read here; it is left out, "
        + "and what was read before is kept")
  }

  /// Whether the first `length` bytes of `arriving` are those of `target`,
  /// compared a block at a time.
  private func samePrefix(_ arriving: FileDescriptor, target: String, length: Int) throws -> Bool {
    guard length > 0 else { return true }
    let held: FileDescriptor
    do {
      held = try FileDescriptor.open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
    } catch {
      throw PersistenceError.cannotRead(path: target, error)
    }
    defer { held.close() }
    var offset = 0
    var left = [UInt8](repeating: 0, count: 65_536)
    var right = left
    while offset < length {
      let count = min(left.count, length - offset)
      let got = try left.withUnsafeMutableBytes { raw in
        try arriving.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<count]), at: offset)
      }
      let had = try right.withUnsafeMutableBytes { raw in
        try held.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<count]), at: offset)
      }
      guard got == count, had == count, left[..<count] == right[..<count] else { return false }
      offset += count
    }
    return true
  }

  /// The start of the line that holds offset `end - 1` (a torn last line
  /// that arrives whole is counted with what arrived).
  static func lineStart(of path: String, before end: Int) -> Int {
    guard end > 0, let descriptor = try? FileDescriptor.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) else {
      return 0
    }
    defer { descriptor.close() }
    let from = max(0, end - 65_536)
    var buffer = [UInt8](repeating: 0, count: end - from)
    let count =
      (try? buffer.withUnsafeMutableBytes { raw in
        try Result { () throws(SystemError) in try descriptor.read(into: raw, at: from) }.get()
      }) ?? 0
    guard count == buffer.count, let newline = buffer.lastIndex(of: 10) else { return from }
    return from + newline + 1
  }

  /// Appends the bytes `range` of `arriving` to `target`, durably.
  private func append(from arriving: FileDescriptor, range: Range<Int>, to target: String, creating: Bool) throws {
    try folder.createHistory()
    do {
      let flags = O_WRONLY | O_APPEND | O_NOFOLLOW | (creating ? O_CREAT | O_EXCL : 0)
      let descriptor = try FileDescriptor.open(target, flags)
      defer { descriptor.close() }
      var offset = range.lowerBound
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while offset < range.upperBound {
        let count = min(buffer.count, range.upperBound - offset)
        let got = try buffer.withUnsafeMutableBytes { raw in
          try arriving.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<count]), at: offset)
        }
        guard got > 0 else { break }
        try buffer.withUnsafeBytes { raw in try descriptor.writeAll(UnsafeRawBufferPointer(rebasing: raw[..<got])) }
        offset += got
      }
      try descriptor.dataSync()
    } catch {
      throw PersistenceError.cannotWrite(path: target, (error as? SystemError) ?? .current)
    }
    if creating { try DurableFile.syncFolder(folder.historyFolder) }
  }
}
