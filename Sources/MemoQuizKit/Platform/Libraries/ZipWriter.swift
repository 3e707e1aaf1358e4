/// Writes a zip archive of stored (uncompressed) entries, as Anki's
/// package importer reads any zip: a local header and the bytes of each
/// entry, then the central directory.
struct ZipWriter {
  private var bytes: [UInt8] = []
  private var directory: [UInt8] = []
  private var count = 0
  private let zlib: Zlib

  /// - Throws: ``AnkiPackageError/missingLibrary(_:detail:)`` without zlib,
  ///   which gives each entry's CRC-32.
  init() throws(AnkiPackageError) {
    zlib = try Zlib.load()
  }

  /// Adds an entry.
  /// - Throws: ``AnkiPackageError/tooLarge(_:)`` past what a zip without
  ///   its 64-bit extension holds.
  mutating func add(_ name: String, _ contents: [UInt8]) throws(AnkiPackageError) {
    guard contents.count < Int(UInt32.max), bytes.count < Int(UInt32.max) - contents.count - 1024 else {
      throw .tooLarge("the package would be over 4 GB")
    }
    let crc = contents.withUnsafeBytes { zlib.checksum($0) }
    let offset = UInt32(bytes.count)
    let nameBytes = Array(name.utf8)
    // Version 2.0, no flags, stored, a fixed time (1 January 1980).
    func common(_ out: inout [UInt8]) {
      Self.append(UInt16(20), to: &out)
      Self.append(UInt16(0), to: &out)
      Self.append(UInt16(0), to: &out)
      Self.append(UInt16(0), to: &out)
      Self.append(UInt16(0x21), to: &out)
      Self.append(crc, to: &out)
      Self.append(UInt32(contents.count), to: &out)
      Self.append(UInt32(contents.count), to: &out)
      Self.append(UInt16(nameBytes.count), to: &out)
      Self.append(UInt16(0), to: &out)
    }
    Self.append(UInt32(0x0403_4b50), to: &bytes)
    common(&bytes)
    bytes += nameBytes
    bytes += contents
    Self.append(UInt32(0x0201_4b50), to: &directory)
    Self.append(UInt16(20), to: &directory)
    common(&directory)
    Self.append(UInt16(0), to: &directory)  // comment
    Self.append(UInt16(0), to: &directory)  // disk
    Self.append(UInt16(0), to: &directory)  // internal attributes
    Self.append(UInt32(0), to: &directory)  // external attributes
    Self.append(offset, to: &directory)
    directory += nameBytes
    count += 1
  }

  /// The archive: the entries, their directory and its end.
  func archive() -> [UInt8] {
    var out = bytes + directory
    Self.append(UInt32(0x0605_4b50), to: &out)
    Self.append(UInt16(0), to: &out)
    Self.append(UInt16(0), to: &out)
    Self.append(UInt16(count), to: &out)
    Self.append(UInt16(count), to: &out)
    Self.append(UInt32(directory.count), to: &out)
    Self.append(UInt32(bytes.count), to: &out)
    Self.append(UInt16(0), to: &out)
    return out
  }

  private static func append<Integer: FixedWidthInteger>(_ value: Integer, to out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out += $0 }
  }
}
