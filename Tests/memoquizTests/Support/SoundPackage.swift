import Foundation

@testable import MemoQuizKit

/// Anki packages with sounds, made in the test: Basic notes whose fields
/// name media files, and the media as Anki stores them (a JSON map and
/// plain entries in a legacy package; a zstd-compressed protobuf map and
/// zstd-compressed entries in a current one).
enum SoundPackage {
  /// One media file: the name the package gives it and the stored bytes
  /// (already compressed, for a current package, when `raw`).
  struct Media {
    var name: String
    var bytes: [UInt8]
    var raw = false
  }

  /// A collection of Basic notes in a deck named `deck`, one per pair.
  static func collection(_ notes: [(String, String)], deck: String = "Sounds") throws -> [UInt8] {
    var statements = LegacyCollection.tables(deck: deck)
    for (index, (front, back)) in notes.enumerated() {
      func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "''") + "'" }
      statements.append(
        "INSERT INTO notes VALUES (\(index + 1), 'guid\(index)', 1, 0, 0, '', \(quoted(front)) || char(31) || "
          + "\(quoted(back)), '', 0, 0, '')")
      statements.append(
        "INSERT INTO cards VALUES (\(index + 1), \(index + 1), 1, 0, 0, 0, 0, 0, \(index), 0, 0, 0, 0, 0, 0, 0, 0, '')"
      )
    }
    return try LegacyCollection.bytes(statements)
  }

  /// A legacy package (`collection.anki2`, a JSON media map).
  static func legacy(_ notes: [(String, String)], media: [Media], deck: String = "Sounds") throws -> [UInt8] {
    var map: [UInt8] = Array("{".utf8)
    var entries = [HostilePackage.Entry(name: "collection.anki2", stored: try collection(notes, deck: deck))]
    for (index, file) in media.enumerated() {
      if index > 0 { map += Array(", ".utf8) }
      JSONText.appendString(String(index), to: &map)
      map += Array(": ".utf8)
      JSONText.appendString(file.name, to: &map)
      entries.append(HostilePackage.Entry(name: String(index), stored: file.bytes))
    }
    map += Array("}".utf8)
    entries.append(HostilePackage.Entry(name: "media", stored: map))
    return HostilePackage.zip(entries)
  }

  /// A current package (`collection.anki21b` and its media compressed with
  /// zstd, a protobuf media map).
  static func current(_ notes: [(String, String)], media: [Media], deck: String = "Sounds") throws -> [UInt8] {
    var entries = [
      HostilePackage.Entry(name: "meta", stored: [0x08, 0x03]),
      HostilePackage.Entry(name: "collection.anki21b", stored: zstdFrame(try collection(notes, deck: deck))),
    ]
    var map: [UInt8] = []
    for (index, file) in media.enumerated() {
      let name = Array(file.name.utf8)
      let entry = [0x0A] + varint(name.count) + name + [0x10] + varint(file.bytes.count)
      map += [0x0A] + varint(entry.count) + entry
      entries.append(HostilePackage.Entry(name: String(index), stored: file.raw ? file.bytes : zstdFrame(file.bytes)))
    }
    entries.append(HostilePackage.Entry(name: "media", stored: zstdFrame(map)))
    return HostilePackage.zip(entries)
  }

  /// A zstd frame that holds `bytes` in raw blocks.
  static func zstdFrame(_ bytes: [UInt8]) -> [UInt8] {
    func header(size: Int, last: Bool) -> [UInt8] {
      let value = size << 3 | (last ? 1 : 0)
      return [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x38]
    var offset = 0
    repeat {
      let count = min(128 * 1024, bytes.count - offset)
      frame += header(size: count, last: offset + count == bytes.count) + bytes[offset..<offset + count]
      offset += count
    } while offset < bytes.count
    return frame
  }

  private static func varint(_ value: Int) -> [UInt8] {
    var value = value
    var out: [UInt8] = []
    while value >= 0x80 {
      out.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    return out + [UInt8(value)]
  }
}
