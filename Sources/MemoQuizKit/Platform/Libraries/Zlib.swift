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

  /// Inflates raw deflate data (no zlib or gzip header), as zip stores it,
  /// a chunk at a time: nothing but the chunk in hand is held in memory.
  /// - Parameters:
  ///   - next: gives the next compressed chunk, or an empty one when the
  ///     input has ended.
  ///   - limit: the most bytes the result may have; more is an error, found
  ///     as soon as it is inflated, so a zip bomb stops there.
  ///   - body: takes each inflated chunk.
  /// - Returns: how many bytes were inflated.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for data that is not
  ///   deflate, is cut short or inflates past `limit`, and whatever `next`
  ///   or `body` throws.
  @discardableResult
  func inflateRaw(
    limit: Int,
    next: () throws(AnkiPackageError) -> [UInt8],
    into body: (UnsafeRawBufferPointer) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) -> Int {
    let stream = InflateStream()
    defer { stream.deallocate() }
    guard let versionText = version(), inflateInit(stream.raw, -15, versionText, InflateStream.size) == 0 else {
      throw .invalid("zlib cannot start inflating")
    }
    defer { _ = inflateEnd(stream.raw) }
    var output = [UInt8](repeating: 0, count: 1 << 18)
    var produced = 0
    while true {
      let input = try next()
      var consumed = 0
      repeat {
        let result = input.withUnsafeBytes { source in
          output.withUnsafeMutableBytes { destination -> (code: CInt, made: Int) in
            stream.setInput(source.baseAddress.map { $0 + consumed }, count: source.count - consumed)
            stream.setOutput(destination.baseAddress, count: destination.count)
            let code = inflate(stream.raw, 0)
            consumed = source.count - stream.availableIn
            return (code, destination.count - stream.availableOut)
          }
        }
        if result.code != 0 && result.code != 1 {
          // Z_BUF_ERROR with no input left: the data is cut short.
          if result.code == -5 && input.isEmpty { throw .invalid("a compressed entry is cut short") }
          throw .invalid("a compressed entry is not valid deflate data (zlib error \(result.code))")
        }
        produced += result.made
        guard produced <= limit else { throw .invalid("a compressed entry does not have the size its archive says") }
        if result.made > 0 {
          try output.withBytes { all throws(AnkiPackageError) in
            try body(UnsafeRawBufferPointer(rebasing: all[..<result.made]))
          }
        }
        if result.code == 1 { return produced }
        if input.isEmpty && result.made == 0 { throw .invalid("a compressed entry is cut short") }
      } while consumed < input.count || stream.availableOut == 0
    }
  }
}
