/// The machine a history file belongs to: a data folder's identity, made
/// once and kept under `local/`.
///
/// Two data folders are two machines, even on one host. The identity is 32
/// random bits, written as 8 hexadecimal digits: it names the machine's
/// history file (`history/1a2b3c4d.log`).
public struct MachineID: RawRepresentable, Hashable, Comparable, Sendable {
  public let rawValue: UInt32

  public init?(rawValue: UInt32) {
    guard rawValue != 0 else { return nil }
    self.rawValue = rawValue
  }

  /// Reads the one form an identity is written in: 8 lower-case
  /// hexadecimal digits, as file names and records carry it. Any other
  /// spelling (capitals, a sign) names no machine, so one machine is never
  /// read twice under two names.
  init?(hex: some StringProtocol) {
    guard hex.utf8.count == 8, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
      let value = UInt32(hex, radix: 16)
    else { return nil }
    self.init(rawValue: value)
  }

  /// A new identity, drawn at random.
  static func random() -> MachineID {
    var generator = SeededGenerator.fromSystem()
    while true {
      if let id = MachineID(rawValue: generator.next()) { return id }
    }
  }

  /// The 8-digit hexadecimal form, as the file name and `history` show it.
  public var hex: String {
    let digits = String(rawValue, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  public static func < (lhs: MachineID, rhs: MachineID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The globally unique identity of a record of the history: the machine that
/// wrote it and its number in that machine's file.
///
/// References between records (the answer a `:right` names, the step an
/// `undo` takes back, the round an answer belongs to) use it, so that records
/// of several machines never collide. The numbers `history` shows and `undo
/// ID` takes are derived from the order of the merged history.
public struct StepID: Hashable, Comparable, Sendable {
  public let machine: MachineID
  /// The record's number in its machine's file, from 1.
  public let sequence: Int

  /// The largest number a file's record may carry: reading and writing
  /// share it, so nothing is written that cannot be read back.
  static let maximumSequence = Int(Int32.max)

  init(machine: MachineID, sequence: Int) {
    self.machine = machine
    self.sequence = sequence
  }

  /// The text form: `1a2b3c4d-17`.
  public var text: String { "\(machine.hex)-\(sequence)" }

  /// Reads the text form.
  init?(text: some StringProtocol) {
    guard
      let id = text.utf8.withContiguousStorageIfAvailable({ StepID(utf8: $0) })
        ?? Array(text.utf8).withUnsafeBufferPointer({ StepID(utf8: $0) })
    else { return nil }
    self = id
  }

  /// Reads the text form from its bytes: 8 hexadecimal digits, a dash and
  /// the number. Start-up reads one for every remembered card, so the bytes
  /// are read directly.
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 10, bytes.count <= 19, bytes[8] == UInt8(ascii: "-") else { return nil }
    guard let hex = Hexadecimal.value(UnsafeBufferPointer(rebasing: bytes[0..<8])) else { return nil }
    var sequence = 0
    for byte in bytes[9...] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      sequence = sequence * 10 + Int(byte - UInt8(ascii: "0"))
    }
    guard let machine = MachineID(rawValue: UInt32(hex)), (1...Self.maximumSequence).contains(sequence) else {
      return nil
    }
    self.init(machine: machine, sequence: sequence)
  }

  public static func < (lhs: StepID, rhs: StepID) -> Bool {
    (lhs.machine, lhs.sequence) < (rhs.machine, rhs.sequence)
  }
}
