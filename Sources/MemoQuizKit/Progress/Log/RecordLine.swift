/// The text form of one record of the history or the checkpoint: fields
/// separated by tabs, ending with a line feed.
///
/// A field's backslashes, tabs, line feeds and carriage returns are escaped
/// (`\\`, `\t`, `\n`, `\r`), so any text fits in a field and a record never
/// spans lines. A line is the unit a crash can tear: a last line without its
/// line feed was never acknowledged.
enum RecordLine {
  /// Where the line that starts at `start` ends: the index of its line
  /// feed, or `nil` when it has none (a torn last line).
  static func end(in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
    ByteSearch.firstIndex(of: 0x0A, in: bytes, from: start)
  }

  /// Whether `line` starts with `prefix`.
  static func line(_ line: ArraySlice<UInt8>, startsWith prefix: [UInt8]) -> Bool {
    line.starts(with: prefix)
  }

  /// Where the line that starts at `start` ends, in a whole file's bytes.
  static func end(in bytes: [UInt8], from start: Int) -> Int? {
    end(in: bytes[...], from: start)
  }

  /// The line for `fields`, with its line feed.
  static func encode(_ fields: [String]) -> String {
    var bytes: [UInt8] = []
    append(fields, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the line for `fields`, with its line feed, to `bytes`.
  /// - Parameter pairs: from this index on, each field is written as two:
  ///   the part before its first `separator` byte (empty when it has none)
  ///   and the part after it, as a round across groups writes each card's
  ///   group and identity without making two strings of every key.
  static func append(
    _ fields: [String], pairsFrom pairs: Int = .max, separator: UInt8 = 0x1E, to bytes: inout [UInt8]
  ) {
    var index = -1
    while index + 1 < fields.count {
      index += 1
      if index > 0 { bytes.append(0x09) }
      var field = fields[index]
      if index >= pairs {
        field.withUTF8 { utf8 in
          guard let split = utf8.firstIndex(of: separator) else {
            bytes.append(0x09)
            appendEscaped(utf8[...], to: &bytes)
            return
          }
          appendEscaped(utf8[..<split], to: &bytes)
          bytes.append(0x09)
          appendEscaped(utf8[(split + 1)...], to: &bytes)
        }
        continue
      }
      field.withUTF8 { appendEscaped($0[...], to: &bytes) }
    }
    bytes.append(0x0A)
  }

  /// Appends one field, escaped, with no tab or line feed around it.
  static func appendField(_ field: String, to bytes: inout [UInt8]) {
    var field = field
    field.withUTF8 { appendEscaped($0[...], to: &bytes) }
  }

  /// Appends `number` in decimal, as `String(number)` writes it, without
  /// making a string of it.
  static func appendNumber(_ number: Int64, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: String(number).utf8)
  }

  /// Appends a step's identity as ``StepID/text`` writes it (`1a2b3c4d-17`).
  static func appendStepID(_ id: StepID, to bytes: inout [UInt8]) {
    appendHexadecimal(UInt64(id.machine.rawValue), digits: 8, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendNumber(Int64(id.sequence), to: &bytes)
  }

  /// Appends `number` in lower-case hexadecimal, as `String(number, radix: 16)`
  /// writes it, with zeros in front up to `digits` digits.
  static func appendHexadecimal(_ number: UInt64, digits: Int = 1, to bytes: inout [UInt8]) {
    let text = String(number, radix: 16)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, digits - text.utf8.count)))
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends the bytes of one field, escaped.
  private static func appendEscaped(_ utf8: Slice<UnsafeBufferPointer<UInt8>>, to bytes: inout [UInt8]) {
    let field = UnsafeBufferPointer(rebasing: utf8)
    guard field.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
      bytes.append(contentsOf: field)
      return
    }
    for byte in field {
      switch byte {
      case 0x5C: bytes += [0x5C, 0x5C]
      case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
      case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
      case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
      default: bytes.append(byte)
      }
    }
  }

  /// The most fields a line may have: a round's plan across groups of a
  /// million cards (two fields a card), far beyond any real folder.
  static let maximumFields = 2_000_000
  /// The longest line: two questions files of 128 MiB in one change.
  static let maximumLength = 256 << 20

  /// The fields of one line (without its line feed).
  /// - Parameter maximumFields: the most fields the line may have; the
  ///   tabs are counted first, so a line of millions of them costs no
  ///   string.
  /// - Returns: `nil` when the line is longer than ``maximumLength`` or
  ///   has more fields than `maximumFields`, an escape is not one of the
  ///   four, or the bytes are not UTF-8.
  static func fields(_ bytes: ArraySlice<UInt8>, maximumFields: Int = Self.maximumFields) -> [String]? {
    guard bytes.count <= maximumLength, fieldCount(bytes, upTo: maximumFields) <= maximumFields else { return nil }
    return bytes.withUnsafeBufferPointer { line in
      var fields: [String] = []
      var start = 0
      var index = 0
      var needsUnescape = false
      while true {
        if index >= line.count {
          // A backslash as the very last byte escapes nothing.
          guard index == line.count,
            let field = decode(UnsafeBufferPointer(rebasing: line[start..<index]), unescape: needsUnescape)
          else { return nil }
          fields.append(field)
          break
        }
        switch line[index] {
        case 0x09:
          guard let field = decode(UnsafeBufferPointer(rebasing: line[start..<index]), unescape: needsUnescape)
          else { return nil }
          fields.append(field)
          index += 1
          start = index
          needsUnescape = false
        case 0x5C:
          needsUnescape = true
          index += 2
        default:
          index += 1
        }
      }
      return fields
    }
  }

  /// How many fields a line has, counted up to one past `limit`: its tabs
  /// and one.
  static func fieldCount(_ bytes: ArraySlice<UInt8>, upTo limit: Int) -> Int {
    1 + ByteSearch.count(of: 0x09, in: bytes, upTo: limit)
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, unescape: Bool) -> String? {
    guard unescape else { return UTF8Check.string(bytes) }
    var plain: [UInt8] = []
    plain.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x5C {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case 0x5C: plain.append(0x5C)
        case UInt8(ascii: "t"): plain.append(0x09)
        case UInt8(ascii: "n"): plain.append(0x0A)
        case UInt8(ascii: "r"): plain.append(0x0D)
        default: return nil
        }
        index += 2
      } else {
        plain.append(byte)
        index += 1
      }
    }
    return plain.withUnsafeBufferPointer(UTF8Check.string)
  }
}

/// Reads a record's fields one by one, checking each as it goes.
struct RecordFields {
  /// A field that is missing or does not hold what it should.
  struct Malformed: Error {}

  private let fields: [String]
  private var index = 0

  init(_ fields: [String]) {
    self.fields = fields
  }

  /// Whether every field was read.
  var isAtEnd: Bool { index >= fields.count }

  mutating func text() throws(Malformed) -> String {
    guard index < fields.count else { throw Malformed() }
    defer { index += 1 }
    return fields[index]
  }

  /// A text field where an empty field stands for none.
  mutating func optionalText() throws(Malformed) -> String? {
    let value = try text()
    return value.isEmpty ? nil : value
  }

  mutating func integer() throws(Malformed) -> Int {
    guard let value = Int(try text()) else { throw Malformed() }
    return value
  }

  /// A whole number that must not be negative, such as an id or a count.
  /// A count or a number of a step, round or snapshot: from 0 to
  /// ``Score/maximumCount``, so that adding one never overflows.
  mutating func count() throws(Malformed) -> Int {
    let value = try integer()
    guard (0...Score.maximumCount).contains(value) else { throw Malformed() }
    return value
  }

  mutating func optionalCount() throws(Malformed) -> Int? {
    guard let text = try optionalText() else { return nil }
    guard let value = Int(text), (0...Score.maximumCount).contains(value) else { throw Malformed() }
    return value
  }

  mutating func unsigned() throws(Malformed) -> UInt64 {
    guard let value = UInt64(try text()) else { throw Malformed() }
    return value
  }

  mutating func double() throws(Malformed) -> Double {
    guard let value = Double(try text()), value.isFinite else { throw Malformed() }
    return value
  }

  /// A time between the years 1 and 9999, so that differences never overflow.
  mutating func timestamp() throws(Malformed) -> Timestamp {
    guard let value = Int64(try text()), Timestamp.readableRange.contains(value) else { throw Malformed() }
    return Timestamp(rawValue: value)
  }

  mutating func optionalTimestamp() throws(Malformed) -> Timestamp? {
    guard let text = try optionalText() else { return nil }
    guard let value = Int64(text), Timestamp.readableRange.contains(value) else { throw Malformed() }
    return Timestamp(rawValue: value)
  }

  mutating func flag() throws(Malformed) -> Bool {
    switch try text() {
    case "1": return true
    case "0": return false
    default: throw Malformed()
    }
  }

  mutating func rating() throws(Malformed) -> ReviewRating {
    guard let rating = ReviewRating(rawValue: try integer()) else { throw Malformed() }
    return rating
  }

  /// Every field left.
  mutating func rest() -> [String] {
    defer { index = fields.count }
    return Array(fields[min(index, fields.count)...])
  }
}
