/// The checkpoint's and the outlook's file lines, one per machine's history
/// file, read without the general field reader: a folder shared by
/// thousands of machines has as many lines, and every start reads them.
extension ProgressCheckpoint {
  static let filePrefix = Array("file\t".utf8)

  /// The fields of a file line: `file`, the machine, how far its file was
  /// read (the end, the last record's number, the tail's hash) and what the
  /// file system said of it then (empty for nothing).
  static func fileFields(machine: MachineID, coverage: HistoryCaretaker.Coverage) -> [String] {
    [
      "file", machine.hex, String(coverage.end), String(coverage.lastSequence), String(coverage.tail),
      coverage.identity?.text ?? "",
    ]
  }

  /// Reads a file line (without its line feed), in place.
  /// - Returns: `nil` when the line is malformed: a field missing or out of
  ///   range, or one too many.
  static func file(_ line: ArraySlice<UInt8>) -> (machine: MachineID, coverage: HistoryCaretaker.Coverage)? {
    line.withUnsafeBufferPointer { bytes in
      var reader = FileLineReader(bytes: bytes, position: filePrefix.count)
      guard bytes.starts(with: filePrefix), let machine = reader.machine(),
        let end = reader.number(upTo: 0x09), (0...Int64(Score.maximumCount)).contains(end),
        let lastSequence = reader.number(upTo: 0x09), (0...Int64(Score.maximumCount)).contains(lastSequence),
        let tail = reader.unsigned(upTo: 0x09)
      else { return nil }
      var coverage = HistoryCaretaker.Coverage(end: Int(end), lastSequence: Int(lastSequence), tail: tail)
      // An empty last field: nothing was said of the file.
      if reader.isAtEnd { return (machine, coverage) }
      guard let size = reader.number(upTo: 0x2F), size >= 0, let inode = reader.unsigned(upTo: 0x2F),
        let modified = reader.number(upTo: 0x2F), let changed = reader.number(upTo: nil)
      else { return nil }
      coverage.identity = HistoryFileIdentity(size: size, inode: inode, modified: modified, changed: changed)
      return (machine, coverage)
    }
  }
}

/// Reads the fields of a file line from its bytes, left to right.
private struct FileLineReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position: Int

  /// Whether every byte was read.
  var isAtEnd: Bool { position >= bytes.count }

  /// The machine: 8 lower-case hexadecimal digits, then a tab.
  mutating func machine() -> MachineID? {
    guard position + 9 <= bytes.count, bytes[position + 8] == 0x09 else { return nil }
    var value: UInt32 = 0
    for byte in bytes[position..<(position + 8)] {
      switch byte {
      case 0x30...0x39: value = value << 4 | UInt32(byte - 0x30)
      case 0x61...0x66: value = value << 4 | UInt32(byte - 0x61 + 10)
      default: return nil
      }
    }
    position += 9
    return MachineID(rawValue: value)
  }

  /// A whole number, perhaps negative, then `separator` (or the end of the
  /// line when `nil`), which is passed.
  mutating func number(upTo separator: UInt8?) -> Int64? {
    var negative = false
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    guard let magnitude = digits(upTo: separator, maximum: 19), magnitude <= UInt64(Int64.max) else { return nil }
    return negative ? -Int64(magnitude) : Int64(magnitude)
  }

  /// A whole number from 0 to `UInt64.max`, then `separator`, which is
  /// passed.
  mutating func unsigned(upTo separator: UInt8?) -> UInt64? {
    digits(upTo: separator, maximum: 20)
  }

  private mutating func digits(upTo separator: UInt8?, maximum: Int) -> UInt64? {
    var value: UInt64 = 0
    var count = 0
    while position < bytes.count, bytes[position] != separator {
      let byte = bytes[position]
      guard (0x30...0x39).contains(byte), count < maximum else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(byte - 0x30))
      guard !overflow, !carry else { return nil }
      value = sum
      count += 1
      position += 1
    }
    guard count > 0 else { return nil }
    if let separator {
      guard position < bytes.count, bytes[position] == separator else { return nil }
      position += 1
    } else {
      guard position == bytes.count else { return nil }
    }
    return value
  }
}
