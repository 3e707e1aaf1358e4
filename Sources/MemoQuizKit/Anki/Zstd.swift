/// zstd, the system's Zstandard library, loaded at run time, for the
/// collection and media list of Anki's current packages.
///
/// Decompression uses the streaming API, so frames that do not record their
/// content size (Anki's collection is written that way) are read too, and
/// the output is bounded as it grows.
struct Zstd: @unchecked Sendable {
  /// `ZSTD_inBuffer`: the source, its size, and how far zstd has read.
  struct InputBuffer {
    var source: UnsafeRawPointer?
    var size: Int
    var position: Int
  }

  /// `ZSTD_outBuffer`: the destination, its size, and how far zstd has written.
  struct OutputBuffer {
    var destination: UnsafeMutableRawPointer?
    var size: Int
    var position: Int
  }

  typealias CreateContext = @convention(c) () -> OpaquePointer?
  typealias FreeContext = @convention(c) (OpaquePointer?) -> Int
  typealias DecompressStream =
    @convention(c) (OpaquePointer?, UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int
  typealias IsError = @convention(c) (Int) -> CUnsignedInt
  typealias ErrorName = @convention(c) (Int) -> UnsafePointer<CChar>?

  /// The file name of the library.
  static let libraryName = "libzstd.so.1"

  let createContext: CreateContext
  let freeContext: FreeContext
  let decompressStream: DecompressStream
  let isError: IsError
  let errorName: ErrorName

  private init() throws(AnkiPackageError) {
    let library = try SystemLibrary(Self.libraryName)
    createContext = try library.function("ZSTD_createDCtx", as: CreateContext.self)
    freeContext = try library.function("ZSTD_freeDCtx", as: FreeContext.self)
    decompressStream = try library.function("ZSTD_decompressStream", as: DecompressStream.self)
    isError = try library.function("ZSTD_isError", as: IsError.self)
    errorName = try library.function("ZSTD_getErrorName", as: ErrorName.self)
  }

  private static let loaded = Result { () throws(AnkiPackageError) in try Zstd() }

  /// The library, loaded on first use.
  /// - Throws: ``AnkiPackageError/missingLibrary(_:detail:)`` without it.
  static func load() throws(AnkiPackageError) -> Zstd { try loaded.get() }

  /// Decompresses one or more zstd frames.
  /// - Parameters:
  ///   - input: the compressed bytes.
  ///   - limit: the most bytes the result may have; a package that would
  ///     decompress to more is refused, never held in memory.
  ///   - start: the bytes the result must start with (SQLite's header), checked
  ///     as soon as they are out, so that other data is refused at once.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for bytes that are not
  ///   whole zstd frames; ``AnkiPackageError/tooLarge(_:)`` past `limit`.
  func decompress(_ input: [UInt8], limit: Int, start: [UInt8] = []) throws(AnkiPackageError) -> [UInt8] {
    guard let context = createContext() else { throw .system("zstd cannot allocate a decompression context") }
    defer { _ = freeContext(context) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 17)
    let result = input.withUnsafeBytes { source -> Result<Void, AnkiPackageError> in
      var inBuffer = InputBuffer(source: source.baseAddress, size: source.count, position: 0)
      var frameOpen = false
      while inBuffer.position < inBuffer.size || frameOpen {
        let before = (inBuffer.position, output.count)
        let code = chunk.withUnsafeMutableBytes { destination -> Int in
          var outBuffer = OutputBuffer(destination: destination.baseAddress, size: destination.count, position: 0)
          let code = withUnsafeMutablePointer(to: &outBuffer) { output in
            withUnsafeMutablePointer(to: &inBuffer) { input in
              decompressStream(context, UnsafeMutableRawPointer(output), UnsafeMutableRawPointer(input))
            }
          }
          if isError(code) == 0 { output.append(contentsOf: destination.prefix(outBuffer.position)) }
          return code
        }
        if isError(code) != 0 {
          let name = errorName(code).map { String(cString: $0) } ?? "unknown error"
          return .failure(.invalid("the collection is not valid zstd data (\(name))"))
        }
        guard output.count <= limit else {
          return .failure(.tooLarge("it decompresses to more than \(limit / 1_048_576) MiB"))
        }
        if output.count >= start.count && before.1 < start.count && !output.starts(with: start) {
          return .failure(.invalid("its collection is not an SQLite database"))
        }
        frameOpen = code != 0
        if frameOpen && inBuffer.position == inBuffer.size && (inBuffer.position, output.count) == before {
          return .failure(.invalid("the compressed collection is cut short"))
        }
      }
      return .success(())
    }
    try result.get()
    return output
  }
}
