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

  /// Reads the 8-digit hexadecimal form.
  init?(hex: some StringProtocol) {
    guard hex.utf8.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
    self.init(rawValue: value)
  }

  /// A new identity, drawn at random.
  static func random() -> MachineID {
    var generator = SystemRandomNumberGenerator()
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
    guard let dash = text.firstIndex(of: "-"), let machine = MachineID(hex: text[..<dash]),
      let sequence = Int(text[text.index(after: dash)...]), (1...Self.maximumSequence).contains(sequence)
    else { return nil }
    self.init(machine: machine, sequence: sequence)
  }

  public static func < (lhs: StepID, rhs: StepID) -> Bool {
    (lhs.machine, lhs.sequence) < (rhs.machine, rhs.sequence)
  }
}
