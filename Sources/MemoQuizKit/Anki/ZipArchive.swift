/// A zip archive held in memory, read through its central directory, as
/// Anki's packages are.
///
/// Entries may be stored or deflated (through zlib's raw inflate); zip64
/// sizes and offsets are read. Every size and count is checked against the
/// bytes there are and against fixed limits before anything is allocated,
/// and an entry inflates to no more than the size the directory gives it
/// (at most ``ZipArchive/maximumEntrySize``), so a zip bomb is refused.
struct ZipArchive {
  /// One file of the archive, as its central directory describes it.
  struct Entry: Hashable {
    var name: String
    /// 0 stored, 8 deflated.
    var method: UInt16
    var checksum: UInt32
    var compressedSize: Int
    var size: Int
    var localHeaderOffset: Int
  }

  /// The most entries an archive may have (Anki's packages have one per
  /// media file, plus three).
  static let maximumEntries = 1_000_000
  /// The most bytes one entry may hold once decompressed.
  static let maximumEntrySize = 4 << 30

  let bytes: [UInt8]
  /// The entries, in the order of the central directory.
  private(set) var entries: [Entry] = []

  /// Reads the central directory.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for bytes that are not a zip
  ///   archive, or one cut short.
  init(bytes: [UInt8]) throws(AnkiPackageError) {
    self.bytes = bytes
    var reader = ByteReader(bytes)
    guard let end = Self.endOfCentralDirectory(in: bytes) else {
      throw .invalid("it is not a zip archive, or it is cut short (no end of central directory)")
    }
    reader.offset = end + 10
    var count = Int(try reader.u16())
    _ = try reader.u32()  // directory size
    var directoryOffset = Int(try reader.u32())
    // Zip64: a locator just before the end record points at the real one.
    if end >= 20, ByteReader.u32(bytes, at: end - 20) == 0x0706_4b50 {
      reader.offset = end - 20 + 8
      let zip64End = try reader.u64()
      guard zip64End >= 0, zip64End + 56 <= bytes.count, ByteReader.u32(bytes, at: zip64End) == 0x0606_4b50 else {
        throw .invalid("its zip64 directory record is damaged")
      }
      reader.offset = zip64End + 32
      count = try reader.u64()
      reader.offset += 8
      directoryOffset = try reader.u64()
    }
    guard count >= 0, count <= Self.maximumEntries else { throw .tooLarge("it has \(count) files") }
    guard directoryOffset >= 0, directoryOffset < bytes.count || count == 0 else {
      throw .invalid("its central directory lies outside the file (it is cut short)")
    }
    reader.offset = directoryOffset
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard try reader.u32() == 0x0201_4b50 else { throw .invalid("its central directory is damaged") }
      reader.offset += 6
      let method = try reader.u16()
      reader.offset += 4
      let checksum = try reader.u32()
      var compressedSize = Int(try reader.u32())
      var size = Int(try reader.u32())
      let nameLength = Int(try reader.u16())
      let extraLength = Int(try reader.u16())
      let commentLength = Int(try reader.u16())
      reader.offset += 8
      var localHeaderOffset = Int(try reader.u32())
      let name = String(decoding: try reader.bytes(nameLength), as: UTF8.self)
      let extraEnd = reader.offset + extraLength
      // The zip64 extra field holds, in order, the values set to 0xFFFFFFFF.
      while reader.offset + 4 <= extraEnd {
        let tag = try reader.u16()
        let length = Int(try reader.u16())
        let fieldEnd = reader.offset + length
        if tag == 1 {
          if size == 0xFFFF_FFFF { size = try reader.u64() }
          if compressedSize == 0xFFFF_FFFF { compressedSize = try reader.u64() }
          if localHeaderOffset == 0xFFFF_FFFF { localHeaderOffset = try reader.u64() }
        }
        reader.offset = fieldEnd
      }
      reader.offset = extraEnd + commentLength
      guard reader.offset <= bytes.count else { throw .invalid("its central directory is cut short") }
      entries.append(
        Entry(
          name: name, method: method, checksum: checksum, compressedSize: compressedSize, size: size,
          localHeaderOffset: localHeaderOffset))
    }
  }

  /// The entry with a name, if the archive has one.
  func entry(named name: String) -> Entry? {
    entries.first { $0.name == name }
  }

  /// The bytes of an entry, decompressed and checked against its CRC-32.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for an entry that is
  ///   damaged, cut short or compressed another way;
  ///   ``AnkiPackageError/tooLarge(_:)`` past ``maximumEntrySize``.
  func contents(of entry: Entry) throws(AnkiPackageError) -> [UInt8] {
    guard entry.size >= 0, entry.size <= Self.maximumEntrySize else {
      throw .tooLarge("\(entry.name) would take \(entry.size / 1_048_576) MiB")
    }
    var reader = ByteReader(bytes)
    reader.offset = entry.localHeaderOffset
    guard entry.localHeaderOffset >= 0, try reader.u32() == 0x0403_4b50 else {
      throw .invalid("the file \(entry.name) in it is damaged or cut short")
    }
    reader.offset += 22
    let nameLength = Int(try reader.u16())
    let extraLength = Int(try reader.u16())
    reader.offset += nameLength + extraLength
    let start = reader.offset
    guard entry.compressedSize >= 0, start <= bytes.count, entry.compressedSize <= bytes.count - start else {
      throw .invalid("the file \(entry.name) in it is cut short")
    }
    let zlib = try Zlib.load()
    let data: [UInt8]
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.size else { throw .invalid("the file \(entry.name) has two sizes") }
      data = Array(bytes[start..<start + entry.size])
    case 8:
      let inflated = bytes.withUnsafeBytes { all in
        Result { () throws(AnkiPackageError) in
          try zlib.inflateRaw(
            UnsafeRawBufferPointer(rebasing: all[start..<start + entry.compressedSize]), size: entry.size)
        }
      }
      data = try inflated.get()
    default:
      throw .invalid("the file \(entry.name) is compressed with method \(entry.method), not stored or deflate")
    }
    let checksum = data.withUnsafeBytes { zlib.checksum($0) }
    guard checksum == entry.checksum else { throw .invalid("the file \(entry.name) in it is damaged (CRC mismatch)") }
    return data
  }

  /// The offset of the end of central directory record: searched from the
  /// end, past a comment of at most 65,535 bytes.
  private static func endOfCentralDirectory(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 22 else { return nil }
    let lowest = max(0, bytes.count - 22 - 65_535)
    var offset = bytes.count - 22
    while offset >= lowest {
      if bytes[offset] == 0x50, ByteReader.u32(bytes, at: offset) == 0x0605_4b50 { return offset }
      offset -= 1
    }
    return nil
  }
}
