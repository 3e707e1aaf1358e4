/// A key pressed at a terminal, decoded from the bytes the terminal sends.
///
/// Every escape sequence a terminal can send is read whole and becomes one
/// key, most of them ``ignored``: control sequences (`ESC [`), single shifts
/// (`ESC O`), control strings (OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM
/// `ESC ^` and APC `ESC _`, ended by BEL or ST), other escape sequences
/// (`ESC ( B`), the 8-bit forms of these introducers, and Alt with a key
/// (`ESC x`). None of their bytes ever becomes text, as xterm's parser and
/// ECMA-48 define where each one ends.
enum TerminalKey: Equatable {
  /// A Unicode scalar typed as text.
  case character(Character)
  case enter, endOfFile, backspace, delete, left, right, home, end, up, down, killToStart
  /// Alt-b and Alt-f, as readline moves: to the start of the word before
  /// the cursor, to the end of the word after it.
  case wordLeft, wordRight
  case ignored

  /// The longest control string read: a longer one is dropped in pieces,
  /// so that a terminal that never ends one cannot stop all typing.
  static let stringLimit = 4096

  /// The key that `bytes` start with and how many bytes it takes, or `nil`
  /// when more bytes are needed to tell.
  static func decode(_ bytes: [UInt8]) -> (TerminalKey, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x04: return (.endOfFile, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01: return (.home, 1)
    case 0x05: return (.end, 1)
    case 0x02: return (.left, 1)
    case 0x06: return (.right, 1)
    case 0x15: return (.killToStart, 1)
    case 0x10: return (.up, 1)
    case 0x0E: return (.down, 1)
    case 0x1B: return escape(bytes)
    case 0x00..<0x20: return (.ignored, 1)
    default: break
    }
    guard let (scalar, length) = scalar(in: bytes, at: 0) else { return nil }
    guard let scalar else { return (.ignored, 1) }
    // C1 controls: the 8-bit introducers of the sequences above, as a
    // UTF-8 terminal sends them.
    switch scalar.value {
    case 0x9B: return controlSequence(bytes, from: length)
    case 0x8F: return singleShift(bytes, from: length)
    case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return controlString(bytes, from: length)
    case 0x80...0x9F: return (.ignored, length)
    default: return (.character(Character(scalar)), length)
    }
  }

  /// The scalar whose UTF-8 bytes start at `index` and their count; a
  /// `nil` scalar for bytes that are not UTF-8; `nil` when more are needed.
  private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar?, Int)? {
    let lead = bytes[index]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    guard bytes.count >= index + length else { return nil }
    guard lead < 0x80 || lead >= 0xC0,
      let text = String(validating: bytes[index..<index + length], as: UTF8.self),
      let scalar = text.unicodeScalars.first
    else { return (nil, 1) }
    return (scalar, length)
  }

  /// A sequence that starts with ESC.
  private static func escape(_ bytes: [UInt8]) -> (TerminalKey, Int)? {
    guard bytes.count >= 2 else { return nil }
    switch bytes[1] {
    case UInt8(ascii: "["): return controlSequence(bytes, from: 2)
    case UInt8(ascii: "O"): return singleShift(bytes, from: 2)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
      return controlString(bytes, from: 2)
    case 0x20...0x2F:
      // ESC, intermediates, one final byte: `ESC ( B`, `ESC # 8`.
      var end = 2
      while end < bytes.count, (0x20...0x2F).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else { return nil }
      return (.ignored, (0x30...0x7E).contains(bytes[end]) ? end + 1 : end)
    case UInt8(ascii: "b"): return (.wordLeft, 2)
    case UInt8(ascii: "f"): return (.wordRight, 2)
    case 0x1B, 0x00..<0x20:
      // Escape pressed alone, then a key that keeps its meaning.
      return (.ignored, 1)
    default:
      // Alt with any other key, a letter or not.
      guard let (_, length) = scalar(in: bytes, at: 1) else { return nil }
      return (.ignored, 1 + length)
    }
  }

  /// `CSI parameters intermediates final`, starting after its introducer:
  /// arrows, Home, End and Delete, as terminals send them (`ESC [ A`,
  /// `ESC [ 1 ; 5 C`, `ESC [ 3 ~`).
  private static func controlSequence(_ bytes: [UInt8], from start: Int) -> (TerminalKey, Int)? {
    var end = start
    while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
    let parametersEnd = end
    while end < bytes.count, (0x20...0x2F).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return end - start > stringLimit ? (.ignored, end) : nil }
    // A byte that cannot be in the sequence cuts it short: what came
    // before is dropped, and that byte is read anew.
    guard (0x40...0x7E).contains(bytes[end]) else { return (.ignored, end) }
    guard parametersEnd == end else { return (.ignored, end + 1) }
    let parameters = String(decoding: bytes[start..<parametersEnd], as: UTF8.self)
    let key: TerminalKey =
      switch (bytes[end], parameters) {
      case (UInt8(ascii: "A"), _): .up
      case (UInt8(ascii: "B"), _): .down
      case (UInt8(ascii: "C"), _): .right
      case (UInt8(ascii: "D"), _): .left
      case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
      case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
      case (UInt8(ascii: "~"), "3"): .delete
      default: .ignored
      }
    return (key, end + 1)
  }

  /// `SS3 final` (`ESC O A`), as terminals send arrows and Home and End in
  /// application mode; some put parameters before the final byte.
  private static func singleShift(_ bytes: [UInt8], from start: Int) -> (TerminalKey, Int)? {
    var end = start
    while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return nil }
    guard (0x40...0x7E).contains(bytes[end]) else { return (.ignored, end) }
    let key: TerminalKey =
      switch bytes[end] {
      case UInt8(ascii: "A"): .up
      case UInt8(ascii: "B"): .down
      case UInt8(ascii: "C"): .right
      case UInt8(ascii: "D"): .left
      case UInt8(ascii: "H"): .home
      case UInt8(ascii: "F"): .end
      default: .ignored
      }
    return (key, end + 1)
  }

  /// A control string (OSC, DCS, SOS, PM, APC), starting after its
  /// introducer: it ends with BEL or ST (`ESC \` or the 8-bit ST), is
  /// cancelled by CAN or SUB, and is cut short by an ESC that starts
  /// another sequence.
  private static func controlString(_ bytes: [UInt8], from start: Int) -> (TerminalKey, Int)? {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case 0x07, 0x18, 0x1A:
        return (.ignored, index + 1)
      case 0x1B:
        guard index + 1 < bytes.count else { return nil }
        return (.ignored, bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : index)
      case 0xC2:
        guard index + 1 < bytes.count else { return nil }
        if bytes[index + 1] == 0x9C { return (.ignored, index + 2) }
      default:
        break
      }
      index += 1
      if index - start > stringLimit { return (.ignored, index) }
    }
    return nil
  }
}
