extension TimeZoneRules {
  /// The rules a zoneinfo file (TZif, RFC 8536) holds: its transitions and,
  /// from version 2 on, the 64-bit ones and the footer's POSIX string for
  /// the moments after the last; `nil` for anything else.
  /// - Parameters:
  ///   - bytes: the file.
  ///   - name: what the zone is called.
  init?(tzif bytes: [UInt8], name: String) {
    guard let first = TZifHeader(bytes, at: 0) else { return nil }
    var block = first
    var start = 44
    var wide = false
    if first.version >= 2 {
      let second = 44 + first.dataLength(timeSize: 4)
      guard let header = TZifHeader(bytes, at: second) else { return nil }
      block = header
      start = second + 44
      wide = true
    }
    let timeSize = wide ? 8 : 4
    let end = start + block.dataLength(timeSize: timeSize)
    guard end <= bytes.count, block.typeCount > 0 else { return nil }
    func integer(at offset: Int, size: Int) -> Int64 {
      var value: UInt64 = 0
      for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
      return size == 8 ? Int64(bitPattern: value) : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: value)))
    }
    let indices = start + block.transitionCount * timeSize
    let types = indices + block.transitionCount
    var typeOffsets: [Int32] = []
    var typeIsDaylight: [Bool] = []
    for type in 0..<block.typeCount {
      typeOffsets.append(Int32(truncatingIfNeeded: integer(at: types + type * 6, size: 4)))
      typeIsDaylight.append(bytes[types + type * 6 + 4] != 0)
    }
    var transitions: [Int64] = []
    var offsets: [Int32] = []
    for index in 0..<block.transitionCount {
      let type = Int(bytes[indices + index])
      guard type < block.typeCount else { return nil }
      transitions.append(integer(at: start + index * timeSize, size: timeSize))
      offsets.append(typeOffsets[type])
    }
    guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
    // Before the first transition: the first standard-time type (RFC 8536).
    let initial = typeIsDaylight.firstIndex(of: false).map { typeOffsets[$0] } ?? typeOffsets[0]
    var rule: PosixRule?
    if wide, end < bytes.count, bytes[end] == 0x0A, let close = bytes[(end + 1)...].firstIndex(of: 0x0A) {
      rule = PosixRule(String(decoding: bytes[(end + 1)..<close], as: UTF8.self))
    }
    self.init(name: name, transitions: transitions, offsets: offsets, initialOffset: initial, rule: rule)
  }
}

/// The counts at the head of a TZif data block.
private struct TZifHeader {
  var version: Int
  var utcIndicatorCount: Int
  var standardIndicatorCount: Int
  var leapCount: Int
  var transitionCount: Int
  var typeCount: Int
  var characterCount: Int

  init?(_ bytes: [UInt8], at offset: Int) {
    guard offset + 44 <= bytes.count, Array(bytes[offset..<(offset + 4)]) == Array("TZif".utf8) else { return nil }
    version = bytes[offset + 4] == 0 ? 1 : Int(bytes[offset + 4]) - 0x30
    func count(_ index: Int) -> Int {
      let at = offset + 20 + index * 4
      return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    utcIndicatorCount = count(0)
    standardIndicatorCount = count(1)
    leapCount = count(2)
    transitionCount = count(3)
    typeCount = count(4)
    characterCount = count(5)
    guard
      [utcIndicatorCount, standardIndicatorCount, leapCount, transitionCount, typeCount, characterCount]
        .allSatisfy({ $0 < 1 << 20 }), version >= 1
    else { return nil }
  }

  /// The bytes of the data block after this header.
  func dataLength(timeSize: Int) -> Int {
    transitionCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
      + standardIndicatorCount + utcIndicatorCount
  }
}
