/// zlib, the system's deflate library, loaded at run time: raw inflate for
/// the entries of a zip archive, and CRC-32 to check them.
///
/// No header is needed: the few functions are declared here with their C
/// types, and the `z_stream` they share is laid out by hand (see
/// ``InflateStream``).
struct Zlib: @unchecked Sendable {
  typealias Version = @convention(c) () -> UnsafePointer<CChar>?
  typealias InflateInit = @convention(c) (UnsafeMutableRawPointer, CInt, UnsafePointer<CChar>, CInt) -> CInt
  typealias Inflate = @convention(c) (UnsafeMutableRawPointer, CInt) -> CInt
  typealias InflateEnd = @convention(c) (UnsafeMutableRawPointer) -> CInt
  typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, CUnsignedInt) -> UInt

  /// The file name of the library.
  static let libraryName = "libz.so.1"

  let version: Version
  let inflateInit: InflateInit
  let inflate: Inflate
  let inflateEnd: InflateEnd
  let crc32: CRC32

  private init() throws(AnkiPackageError) {
    let library = try SystemLibrary(Self.libraryName)
    version = try library.function("zlibVersion", as: Version.self)
    inflateInit = try library.function("inflateInit2_", as: InflateInit.self)
    inflate = try library.function("inflate", as: Inflate.self)
    inflateEnd = try library.function("inflateEnd", as: InflateEnd.self)
    crc32 = try library.function("crc32", as: CRC32.self)
  }

  private static let loaded = Result { () throws(AnkiPackageError) in try Zlib() }

  /// The library, loaded on first use.
  /// - Throws: ``AnkiPackageError/missingLibrary(_:detail:)`` without it.
  static func load() throws(AnkiPackageError) -> Zlib { try loaded.get() }

  /// The CRC-32 of some bytes, as zip archives record it.
  func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var crc: UInt = 0
    var rest = bytes
    while !rest.isEmpty {
      let count = min(rest.count, 1 << 30)
      crc = crc32(crc, rest.baseAddress?.assumingMemoryBound(to: UInt8.self), CUnsignedInt(count))
      rest = UnsafeRawBufferPointer(rebasing: rest[count...])
    }
    return UInt32(truncatingIfNeeded: crc)
  }

  /// Inflates raw deflate data (no zlib or gzip header), as zip stores it.
  /// - Parameters:
  ///   - input: the compressed bytes.
  ///   - size: the size the archive says the result has; more or fewer
  ///     bytes than that is an error, so a zip bomb stops at `size`.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for data that is not
  ///   deflate or does not end where it should.
  func inflateRaw(_ input: UnsafeRawBufferPointer, size: Int) throws(AnkiPackageError) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: size + 1)
    let stream = InflateStream()
    defer { stream.deallocate() }
    guard let versionText = version(), inflateInit(stream.raw, -15, versionText, InflateStream.size) == 0 else {
      throw .invalid("zlib cannot start inflating")
    }
    defer { _ = inflateEnd(stream.raw) }
    let result = output.withUnsafeMutableBytes { out -> CInt in
      var consumed = 0
      var produced = 0
      while true {
        let chunkIn = min(input.count - consumed, Int(UInt32.max >> 1))
        let chunkOut = min(out.count - produced, Int(UInt32.max >> 1))
        stream.setInput(input.baseAddress.map { $0 + consumed }, count: chunkIn)
        stream.setOutput(out.baseAddress.map { $0 + produced }, count: chunkOut)
        let code = inflate(stream.raw, 0)
        consumed += chunkIn - stream.availableIn
        produced += chunkOut - stream.availableOut
        if code == 1 { return produced == size ? 1 : -100 }
        if code != 0 { return code }
        if produced > size { return -100 }
        if consumed == input.count && stream.availableOut > 0 { return -101 }
      }
    }
    switch result {
    case 1: break
    case -100: throw .invalid("a compressed entry does not have the size its archive says")
    case -101: throw .invalid("a compressed entry is cut short")
    default: throw .invalid("a compressed entry is not valid deflate data (zlib error \(result))")
    }
    output.removeLast()
    return output
  }
}
