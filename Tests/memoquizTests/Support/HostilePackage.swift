import Foundation

@testable import MemoQuizKit

/// Anki packages made to exhaust a reader, built in the test itself: a
/// zip of stored or deflated entries whose sizes are whatever the attack
/// says, deflate streams of gigabytes in a few megabytes, zstd frames that
/// hold nothing, and collections whose tables are views.
enum HostilePackage {
  /// One entry of a zip archive.
  struct Entry {
    var name: String
    /// The bytes as stored: raw deflate data when `deflated`.
    var stored: [UInt8]
    var deflated = false
    /// The size the directory gives: the stored size unless said.
    var size: Int?
    /// The CRC-32 the directory gives: the stored bytes' own unless said.
    var checksum: UInt32?
  }

  /// A zip archive of the entries (zip64 sizes where they need it).
  static func zip(_ entries: [Entry]) -> [UInt8] {
    func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) } }
    func u64(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(value >> ($0 * 8) & 0xFF) } }
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
      let offset = out.count
      let name = Array(entry.name.utf8)
      let size = entry.size ?? entry.stored.count
      let method = entry.deflated ? 8 : 0
      let crc = Int(entry.checksum ?? entry.stored.withUnsafeBytes { (try? Zlib.load())?.checksum($0) ?? 0 })
      out += u32(0x0403_4b50) + u16(20) + u16(0) + u16(method) + u32(0) + u32(crc)
      out += u32(0xFFFF_FFFF) + u32(0xFFFF_FFFF) + u16(name.count) + u16(0) + name + entry.stored
      let zip64 = u16(1) + u16(24) + u64(size) + u64(entry.stored.count) + u64(offset)
      directory += u32(0x0201_4b50) + u16(45) + u16(45) + u16(0) + u16(method) + u32(0) + u32(crc)
      directory += u32(0xFFFF_FFFF) + u32(0xFFFF_FFFF) + u16(name.count) + u16(zip64.count) + u16(0) + u16(0)
      directory += u16(0) + u32(0) + u32(0xFFFF_FFFF) + name + zip64
    }
    let directoryOffset = out.count
    out += directory
    out += u32(0x0605_4b50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count)
    out += u32(directory.count) + u32(directoryOffset) + u16(0)
    return out
  }

  /// A part of the data a deflate stream holds.
  enum Part {
    case bytes([UInt8])
    case zeros(Int)
  }

  /// A raw deflate stream of the parts, in one block of deflate's fixed
  /// codes: zeros as runs of 258 (13 bits each), so a gigabyte takes
  /// about 6.5 MB.
  static func deflate(_ parts: [Part]) -> [UInt8] {
    var writer = BitWriter()
    writer.write(1, bits: 1)  // the last block
    writer.write(1, bits: 2)  // fixed codes
    func literal(_ byte: UInt8) {
      if byte < 144 {
        writer.writeCode(0x30 + UInt32(byte), length: 8)
      } else {
        writer.writeCode(0x190 + UInt32(byte) - 144, length: 9)
      }
    }
    // Once the bits line up with a byte, eight runs are the same 13 bytes.
    var runGroup: [UInt8] = []
    do {
      var group = BitWriter()
      for _ in 0..<8 {
        group.writeCode(0xC5, length: 8)  // length 258
        group.writeCode(0, length: 5)  // distance 1
      }
      runGroup = group.bytes
    }
    for part in parts {
      switch part {
      case .bytes(let bytes):
        for byte in bytes { literal(byte) }
      case .zeros(var count):
        guard count > 0 else { continue }
        literal(0)
        count -= 1
        while count >= 258 && !writer.isAligned {
          writer.writeCode(0xC5, length: 8)
          writer.writeCode(0, length: 5)
          count -= 258
        }
        let groups = writer.isAligned ? count / (258 * 8) : 0
        if groups > 0 {
          writer.appendAligned(runGroup, times: groups)
          count -= groups * 258 * 8
        }
        while count >= 258 {
          writer.writeCode(0xC5, length: 8)
          writer.writeCode(0, length: 5)
          count -= 258
        }
        for _ in 0..<count { literal(0) }
      }
    }
    writer.writeCode(0, length: 7)  // the end of the block
    return writer.bytes
  }

  /// The size of what the parts hold.
  static func size(of parts: [Part]) -> Int {
    parts.reduce(0) {
      switch $1 {
      case .bytes(let bytes): $0 + bytes.count
      case .zeros(let count): $0 + count
      }
    }
  }

  /// A zstd skippable frame of `count` zeros: data a decompressor passes
  /// over, producing nothing.
  static func skippableFrameHeader(count: Int) -> [UInt8] {
    [0x50, 0x2A, 0x4D, 0x18] + (0..<4).map { UInt8(count >> ($0 * 8) & 0xFF) }
  }

  /// A zstd frame that starts with `start` and then inflates to `blocks`
  /// blocks of 128 KiB of zeros, each written as a 4-byte run.
  static func zstdBomb(start: [UInt8], blocks: Int) -> [UInt8] {
    func block(size: Int, type: Int, last: Bool) -> [UInt8] {
      let header = size << 3 | type << 1 | (last ? 1 : 0)
      return [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16 & 0xFF)]
    }
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x38]
    frame += block(size: start.count, type: 0, last: false) + start
    for index in 0..<blocks {
      frame += block(size: 128 * 1024, type: 1, last: index == blocks - 1) + [0]
    }
    return frame
  }

  /// SQLite's header for a database of `pages` pages of 4 KiB, as SQLite
  /// writes it (its change counter and version number equal).
  static func sqliteHeader(pages: Int) -> [UInt8] {
    var header = Array("SQLite format 3\0".utf8) + [0x10, 0x00, 1, 1, 0, 64, 32, 32]
    header += [0, 0, 0, 1] + (0..<4).map { UInt8(pages >> (24 - $0 * 8) & 0xFF) }
    header += [UInt8](repeating: 0, count: 92 - header.count) + [0, 0, 0, 1] + [0, 0x2E, 0x3E, 0x00]
    return header
  }

  /// A collection in the legacy schema with one Basic note and card, whose
  /// `revlog` is made by `revlog` (a statement that creates it) and `rows`.
  static func collection(revlog: String, rows: [String] = []) throws -> [UInt8] {
    try LegacyCollection.bytes(
      LegacyCollection.tables(revlog: false) + [
        "INSERT INTO notes VALUES (1, 'g', 1, 0, 0, '', 'front' || char(31) || 'back', '', 0, 0, '')",
        "INSERT INTO cards VALUES (1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')",
        revlog,
      ] + rows)
  }

}

/// Bits written as deflate packs them: values from their lowest bit,
/// Huffman codes from their highest.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private var bitCount = 0

  /// Appends whole bytes `times` times; the bits must line up with a byte.
  mutating func appendAligned(_ more: [UInt8], times: Int) {
    bytes.reserveCapacity(bytes.count + more.count * times)
    for _ in 0..<times { bytes += more }
    bitCount += more.count * 8 * times
  }

  var isAligned: Bool { bitCount % 8 == 0 }

  mutating func write(_ value: UInt32, bits: Int) {
    for index in 0..<bits { put(value >> index & 1) }
  }

  mutating func writeCode(_ code: UInt32, length: Int) {
    for index in stride(from: length - 1, through: 0, by: -1) { put(code >> index & 1) }
  }

  private mutating func put(_ bit: UInt32) {
    if bitCount % 8 == 0 { bytes.append(0) }
    bytes[bytes.count - 1] |= UInt8(bit) << (bitCount % 8)
    bitCount += 1
  }
}
