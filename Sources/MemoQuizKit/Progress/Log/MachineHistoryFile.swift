@preconcurrency import Glibc

/// One machine's history file: `history/MACHINE.log`, appended to only by its
/// machine and read by every machine that shares the data folder.
///
/// The first line names the format, the machine and its host's name; then
/// each ``RecordLine`` holds one record, numbered from 1 in the order it was
/// written. Appending writes whole lines and `fdatasync`s them before
/// returning, so an acknowledged record survives a crash or a power cut. A
/// crash during an append, or a file another machine is still writing or
/// that a sync delivered cut short, leaves only a torn last line: readers
/// ignore it, and the owner's next append cuts it off. A line that cannot be
/// read in the middle is damage, and so is a file whose bytes cannot even
/// begin its first line; a record whose number is not above the one
/// before it (a line repeated by a copy) is the same record again, counted
/// once. Records that name a later record of the same write (an import's
/// reviews, written before the import they belong to) count only once a
/// record after them is there: a write cut short after some of them leaves
/// them out, as a torn line is, and the owner's next append cuts them off.
struct MachineHistoryFile: Sendable {
  /// The format this build reads and writes.
  static let version = 2
  static let magic = "memoquiz history"

  let path: String
  let machine: MachineID

  /// What a read found.
  struct Contents: Sendable {
    /// The name of the machine's host, from the first line.
    var name: String?
    var records: [HistoryRecord] = []
    /// The offset just after the last whole line.
    var end = 0
    /// The number of the last record read.
    var lastSequence = 0
    /// How many whole lines could not be read.
    var damagedLines = 0
    /// Whether the file exists.
    var exists = true
    /// The hash of up to 32 bytes before ``end``, when the bytes read hold
    /// them all: the reader spares opening the file again for it.
    var tail: UInt64?
  }

  /// Reads the records after `offset`, whose last record has number
  /// `lastSequence`.
  /// - Throws: ``PersistenceError`` when the file cannot be read or was
  ///   written by a newer memoquiz.
  func read(after offset: Int = 0, lastSequence: Int = 0) throws(PersistenceError) -> Contents {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK)
    } catch {
      if error.errno == ENOENT { return Contents(exists: false) }
      throw .cannotRead(path: path, error)
    }
    defer { descriptor.close() }
    let bytes: [UInt8]
    do {
      bytes = try descriptor.readAll(from: offset)
    } catch {
      throw .cannotRead(path: path, error)
    }
    var contents = try parse(bytes, base: offset, lastSequence: lastSequence)
    let used = contents.end - offset
    if used >= 32 || (offset == 0 && used > 0) {
      contents.tail = ContentHash.of(bytes[max(0, used - 32)..<used])
    } else if contents.end == 0 {
      contents.tail = 0
    }
    return contents
  }

  /// Splits bytes into records; a last line without its line feed is torn
  /// and left out, and so are the records that await a later one which is
  /// not there.
  private func parse(_ bytes: [UInt8], base: Int, lastSequence: Int) throws(PersistenceError) -> Contents {
    var contents = Contents(end: base, lastSequence: lastSequence)
    var start = 0
    // Records that name a later record of this file (an import's reviews),
    // held back until a record after them is read: the number before them.
    var waiting: (before: Int, records: [HistoryRecord])?
    var committed = 0
    var lines = 0
    while let newline = RecordLine.end(in: bytes, from: start) {
      // A replay of millions of lines stops within a moment of Ctrl-C.
      lines &+= 1
      if lines & 0xFFF == 0, SignalMonitor.receivedSignal != nil { throw .stopped }
      defer {
        start = newline + 1
        if waiting == nil { committed = start }
      }
      let line = bytes[start..<newline]
      guard let fields = RecordLine.fields(line, maximumFields: HistoryRecord.maximumFields(ofLine: line)) else {
        contents.damagedLines += 1
        continue
      }
      if fields.first == Self.magic {
        // The first line: the format, the machine, its host's name.
        guard fields.count == 4, let version = Int(fields[1]) else {
          contents.damagedLines += 1
          continue
        }
        if version > Self.version {
          throw .newerVersion(path: path, found: version, supported: Self.version)
        }
        contents.name = fields[3]
        continue
      }
      guard let record = try? HistoryRecord(fields: fields, machine: machine) else {
        contents.damagedLines += 1
        continue
      }
      // A record numbered at or below the one before is one already read.
      guard record.id.sequence > contents.lastSequence else { continue }
      let before = contents.lastSequence
      contents.lastSequence = record.id.sequence
      if case .answer(let answer) = record, let round = answer.round, round.machine == machine,
        round.sequence > record.id.sequence
      {
        // Taken out while it grows: appending to a copy would copy every
        // review of a large import at each one.
        var held = waiting.take() ?? (before, [])
        held.records.append(record)
        waiting = held
        continue
      }
      if let held = waiting {
        // The record they await, or more written after them: they count.
        contents.records += held.records
        waiting = nil
      }
      contents.records.append(record)
    }
    if let held = waiting {
      // Cut short before the record they await: left out, as a torn line.
      contents.lastSequence = held.before
      start = committed
    }
    if base == 0, start == 0, !Self.canBeginHeader(bytes) {
      // Not even the start of a first line: the whole file is damage, not
      // a line still being written.
      contents.damagedLines += 1
    }
    contents.end = base + start
    return contents
  }

  /// Whether `bytes`, a file's first line cut short, can still become the
  /// first line of a history: the start of the magic words and their tab.
  private static func canBeginHeader(_ bytes: [UInt8]) -> Bool {
    let expected = Array((magic + "\t").utf8)
    return bytes.starts(with: expected) || expected.starts(with: bytes)
  }

  /// The number of the last whole record before `end`, read from the file
  /// itself, so that a new record never takes a number already used, whatever
  /// a checkpoint says.
  /// - Returns: `nil` when no record line can be read there.
  func lastSequence(before end: Int) -> Int? {
    guard end > 0, let descriptor = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK) else { return nil }
    defer { descriptor.close() }
    let start = max(0, end - 65_536)
    var buffer = [UInt8](repeating: 0, count: end - start)
    let count =
      (try? buffer.withUnsafeMutableBytes { raw in
        try Result { () throws(SystemError) in try descriptor.read(into: raw, at: start) }.get()
      }) ?? 0
    guard count == buffer.count, buffer.last == 10 else { return nil }
    var lineEnd = buffer.count - 1
    while lineEnd > 0 {
      let lineStart = buffer[..<lineEnd].lastIndex(of: 10).map { $0 + 1 } ?? 0
      if let fields = RecordLine.fields(buffer[lineStart..<lineEnd]), fields.count > 1, fields[0] != Self.magic,
        let sequence = Int(fields[1]), (1...StepID.maximumSequence).contains(sequence)
      {
        return sequence
      }
      guard lineStart > 0 else { return nil }
      lineEnd = lineStart - 1
    }
    return nil
  }

  /// The first line of a new file.
  static func header(machine: MachineID, name: String) -> [UInt8] {
    var bytes: [UInt8] = []
    RecordLine.append([magic, String(version), machine.hex, name], to: &bytes)
    return bytes
  }

  /// Appends records durably after `end`, the offset a read under the same
  /// lock returned; anything beyond it is a torn line and is cut off first.
  /// Creates the file, and makes its name durable, when there is none.
  /// - Returns: the new end.
  func append(_ records: [HistoryRecord], after end: Int, name: String) throws(PersistenceError) -> Int {
    var bytes: [UInt8] = []
    for record in records { record.appendLine(to: &bytes) }
    do throws(SystemError) {
      let descriptor: FileDescriptor
      var created = false
      do throws(SystemError) {
        descriptor = try FileDescriptor.open(path, O_WRONLY | O_APPEND | O_NOFOLLOW)
      } catch  where error.errno == ENOENT {
        descriptor = try FileDescriptor.open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW)
        created = true
      }
      defer { descriptor.close() }
      var end = end
      if created || end == 0 {
        // A new file, or one with no whole line yet (cut short in its first
        // line): it starts with its first line.
        if !created { try descriptor.truncate(to: 0) }
        bytes = Self.header(machine: machine, name: name) + bytes
        end = 0
      } else if try descriptor.size() != end {
        try descriptor.truncate(to: end)
      }
      try descriptor.writeAll(bytes)
      try descriptor.dataSync()
      if created {
        // The new name must be on disk before anything in it is acknowledged.
        let folder = try FileDescriptor.open(DurableFile.split(path).folder, O_RDONLY | O_DIRECTORY)
        defer { folder.close() }
        try folder.sync()
      }
      return end + bytes.count
    } catch {
      throw .cannotWrite(path: path, error)
    }
  }

  /// Moves a damaged file aside, into `asideFolder`, and writes the records
  /// that could be read to a new file, durably.
  /// - Returns: where the damaged file went.
  func recover(keeping records: [HistoryRecord], name: String, asideFolder: String, now: Timestamp)
    throws(PersistenceError) -> String
  {
    let aside = DurableFile.asideName(
      for: asideFolder + "/" + DurableFile.split(path).name, label: "damaged", now: now)
    var bytes = Self.header(machine: machine, name: name)
    for record in records { record.appendLine(to: &bytes) }
    try DurableFile.link(path, to: aside)
    try DurableFile.replace(path, with: bytes)
    return aside
  }
}
