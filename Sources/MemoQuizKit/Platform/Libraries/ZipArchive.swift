/// A zip archive, read through its central directory, as Anki's packages
/// are: in memory, or from an open file a part at a time.
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

  /// Where the archive's bytes are: in memory, or in an open file read a
  /// part at a time, so that a collection package with gigabytes of media
  /// is never read whole.
  enum Source {
    case bytes([UInt8])
    case file(FileDescriptor)
  }

  let source: Source
  /// The archive's size in bytes.
  let size: Int
  /// The entries, in the order of the central directory.
  private(set) var entries: [Entry] = []

  /// The most bytes the central directory may take.
  static let maximumDirectorySize = 256 << 20

  /// Reads the central directory of an archive in memory.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for bytes that are not a zip
  ///   archive, or one cut short.
  init(bytes: [UInt8]) throws(AnkiPackageError) {
    try self.init(source: .bytes(bytes), size: bytes.count)
  }

  /// Reads the central directory of an archive in an open file; the file
  /// must stay open while entries are read.
  init(file: FileDescriptor) throws(AnkiPackageError) {
    let size: Int
    do {
      size = try file.size()
    } catch {
      throw .system("cannot read the package: \(error.description)")
    }
    try self.init(source: .file(file), size: size)
  }

  private init(source: Source, size: Int) throws(AnkiPackageError) {
    self.source = source
    self.size = size
    let tailStart = max(0, size - 22 - 65_535)
    let tail = try read(at: tailStart, count: size - tailStart)
    guard let endInTail = Self.endOfCentralDirectory(in: tail) else {
      throw .invalid("it is not a zip archive, or it is cut short (no end of central directory)")
    }
    let end = tailStart + endInTail
    var reader = ByteReader(tail)
    reader.offset = endInTail + 10
    var count = Int(try reader.u16())
    var directorySize = Int(try reader.u32())
    var directoryOffset = Int(try reader.u32())
    // Zip64: a locator just before the end record points at the real one.
    if end >= 20, let locator = try? read(at: end - 20, count: 20), ByteReader.u32(locator, at: 0) == 0x0706_4b50 {
      var locatorReader = ByteReader(locator)
      locatorReader.offset = 8
      let zip64End = try locatorReader.u64()
      guard zip64End <= size - 56 else { throw .invalid("its zip64 directory record is damaged") }
      let record = try read(at: zip64End, count: 56)
      guard ByteReader.u32(record, at: 0) == 0x0606_4b50 else {
        throw .invalid("its zip64 directory record is damaged")
      }
      var recordReader = ByteReader(record)
      recordReader.offset = 32
      count = try recordReader.u64()
      directorySize = try recordReader.u64()
      directoryOffset = try recordReader.u64()
    }
    guard count <= Self.maximumEntries else { throw .tooLarge("it has \(count) files") }
    guard directorySize <= Self.maximumDirectorySize else {
      throw .tooLarge("its directory takes \(directorySize) bytes")
    }
    guard directoryOffset <= size, directorySize <= size - directoryOffset else {
      throw .invalid("its central directory lies outside the file (it is cut short)")
    }
    let directory = try read(at: directoryOffset, count: directorySize)
    reader = ByteReader(directory)
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
      guard reader.offset <= directory.count else { throw .invalid("its central directory is cut short") }
      entries.append(
        Entry(
          name: name, method: method, checksum: checksum, compressedSize: compressedSize, size: size,
          localHeaderOffset: localHeaderOffset))
    }
  }

  /// `count` bytes of the archive from `offset`.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` when they run past its end.
  func read(at offset: Int, count: Int) throws(AnkiPackageError) -> [UInt8] {
    guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
      throw .invalid("it is cut short")
    }
    switch source {
    case .bytes(let bytes):
      return Array(bytes[offset..<offset + count])
    case .file(let file):
      var buffer = [UInt8](repeating: 0, count: count)
      var filled = 0
      while filled < count {
        let read = buffer.withUnsafeMutableBytes { all in
          Result { () throws(SystemError) in
            try file.read(into: UnsafeMutableRawBufferPointer(rebasing: all[filled...]), at: offset + filled)
          }
        }
        let got: Int
        switch read {
        case .success(let count): got = count
        case .failure(let error): throw .system("cannot read the package: \(error.description)")
        }
        guard got > 0 else { throw .invalid("it is cut short") }
        filled += got
      }
      return buffer
    }
  }

  /// The entry with a name, if the archive has one.
  func entry(named name: String) -> Entry? {
    entries.first { $0.name == name }
  }

  /// The bytes of an entry, decompressed and checked against its CRC-32:
  /// for the small entries (`meta`, `media`); a collection is streamed
  /// with ``stream(_:limit:into:)``.
  /// - Parameter limit: the most bytes the entry may hold in memory.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for an entry that is
  ///   damaged, cut short or compressed another way;
  ///   ``AnkiPackageError/tooLarge(_:)`` past `limit`.
  func contents(of entry: Entry, limit: Int = smallEntrySize) throws(AnkiPackageError) -> [UInt8] {
    var data: [UInt8] = []
    try stream(entry, limit: limit) { chunk throws(AnkiPackageError) in data.append(contentsOf: chunk) }
    return data
  }

  /// The most bytes a small entry (`meta`, `media`) is read to: the names
  /// of hundreds of thousands of media files.
  static let smallEntrySize = 16 << 20

  /// The most compressed bytes read at a time.
  private static let chunkSize = 1 << 20

  /// Decompresses an entry a chunk at a time, checking its size and CRC-32
  /// as it goes: an entry never needs to fit in memory, and one that
  /// inflates past what its directory says, or past `limit`, is refused as
  /// soon as it does.
  /// - Parameters:
  ///   - limit: the most bytes the caller takes from the entry.
  ///   - body: takes each decompressed chunk.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for an entry that is
  ///   damaged, cut short or compressed another way;
  ///   ``AnkiPackageError/tooLarge(_:)`` for one larger than `limit`; and
  ///   whatever `body` throws.
  func stream(
    _ entry: Entry, limit: Int, into body: (UnsafeRawBufferPointer) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) {
    guard entry.size >= 0, entry.size <= min(limit, Self.maximumEntrySize) else {
      throw .tooLarge("\(entry.name) would take \(entry.size / 1_048_576) MiB")
    }
    let header = try read(at: entry.localHeaderOffset, count: 30)
    guard ByteReader.u32(header, at: 0) == 0x0403_4b50 else {
      throw .invalid("the file \(entry.name) in it is damaged or cut short")
    }
    var reader = ByteReader(header)
    reader.offset = 26
    let nameLength = Int(try reader.u16())
    let extraLength = Int(try reader.u16())
    let start = entry.localHeaderOffset + 30 + nameLength + extraLength
    guard entry.compressedSize >= 0, start <= size, entry.compressedSize <= size - start else {
      throw .invalid("the file \(entry.name) in it is cut short")
    }
    let zlib = try Zlib.load()
    var crc: UInt = 0
    var produced = 0
    func take(_ chunk: UnsafeRawBufferPointer) throws(AnkiPackageError) {
      crc = zlib.crc32(crc, chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), CUnsignedInt(chunk.count))
      produced += chunk.count
      try AnkiPackageError.throwIfInterrupted()
      try body(chunk)
    }
    var offset = start
    let end = start + entry.compressedSize
    func next() throws(AnkiPackageError) -> [UInt8] {
      let count = min(Self.chunkSize, end - offset)
      defer { offset += count }
      return try read(at: offset, count: count)
    }
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.size else { throw .invalid("the file \(entry.name) has two sizes") }
      while offset < end {
        let chunk = try next()
        try chunk.withBytes { all throws(AnkiPackageError) in try take(all) }
      }
    case 8:
      // Deflate cannot grow data more than 1,032 times: an entry that says
      // it does is a bomb, refused before anything is inflated.
      guard entry.compressedSize >= Int.max / 2048 || entry.size <= entry.compressedSize * 1032 + 1024 else {
        throw .tooLarge("\(entry.name) claims \(entry.size / 1_048_576) MiB from \(entry.compressedSize) bytes")
      }
      try zlib.inflateRaw(limit: entry.size, next: next, into: take)
      guard produced == entry.size else {
        throw .invalid("a compressed entry does not have the size its archive says")
      }
    default:
      throw .invalid("the file \(entry.name) is compressed with method \(entry.method), not stored or deflate")
    }
    guard UInt32(truncatingIfNeeded: crc) == entry.checksum else {
      throw .invalid("the file \(entry.name) in it is damaged (CRC mismatch)")
    }
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
