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

  /// Decompresses one or more zstd frames held in memory: for the media
  /// list; a collection is streamed through a ``Decompressor``.
  /// - Parameters:
  ///   - input: the compressed bytes.
  ///   - limit: the most bytes the result may have; a package that would
  ///     decompress to more is refused, never held in memory.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for bytes that are not
  ///   whole zstd frames; ``AnkiPackageError/tooLarge(_:)`` past `limit`.
  func decompress(_ input: [UInt8], limit: Int) throws(AnkiPackageError) -> [UInt8] {
    let decompressor = try Decompressor(self)
    var output: [UInt8] = []
    let add = { (chunk: UnsafeRawBufferPointer) throws(AnkiPackageError) in
      guard output.count + chunk.count <= limit else {
        throw .tooLarge("it decompresses to more than \(limit / 1_048_576) MiB")
      }
      output.append(contentsOf: chunk)
    }
    try input.withBytes { all throws(AnkiPackageError) in try decompressor.feed(all, into: add) }
    try decompressor.finish()
    return output
  }

  /// A zstd stream decompressed as its compressed bytes arrive, a chunk at
  /// a time: only the chunk in hand and zstd's window are in memory.
  ///
  /// A class: it owns zstd's context, freed once in `deinit`.
  final class Decompressor {
    private let zstd: Zstd
    private let context: OpaquePointer
    private var output = [UInt8](repeating: 0, count: 1 << 17)
    /// Whether the last frame read is not finished yet.
    private var frameOpen = false

    init(_ zstd: Zstd) throws(AnkiPackageError) {
      guard let context = zstd.createContext() else { throw .system("zstd cannot allocate a decompression context") }
      self.zstd = zstd
      self.context = context
    }

    deinit { _ = zstd.freeContext(context) }

    /// Decompresses a chunk of the stream.
    /// - Parameter body: takes each decompressed piece.
    /// - Throws: ``AnkiPackageError/invalid(_:)`` for bytes that are not
    ///   zstd frames, and whatever `body` throws.
    func feed(
      _ input: UnsafeRawBufferPointer, into body: (UnsafeRawBufferPointer) throws(AnkiPackageError) -> Void
    ) throws(AnkiPackageError) {
      var inBuffer = InputBuffer(source: input.baseAddress, size: input.count, position: 0)
      while true {
        let (code, made) = output.withUnsafeMutableBytes { destination -> (Int, Int) in
          var outBuffer = OutputBuffer(destination: destination.baseAddress, size: destination.count, position: 0)
          let code = withUnsafeMutablePointer(to: &outBuffer) { output in
            withUnsafeMutablePointer(to: &inBuffer) { input in
              zstd.decompressStream(context, UnsafeMutableRawPointer(output), UnsafeMutableRawPointer(input))
            }
          }
          return (code, outBuffer.position)
        }
        if zstd.isError(code) != 0 {
          let name = zstd.errorName(code).map { String(cString: $0) } ?? "unknown error"
          throw .invalid("the collection is not valid zstd data (\(name))")
        }
        frameOpen = code != 0
        if made > 0 {
          try output.withBytes { all throws(AnkiPackageError) in
            try body(UnsafeRawBufferPointer(rebasing: all[..<made]))
          }
        }
        // All input taken and the output not full: zstd holds nothing more.
        if inBuffer.position == inBuffer.size && made < output.count { return }
      }
    }

    /// Checks that the stream ended with a whole frame.
    /// - Throws: ``AnkiPackageError/invalid(_:)`` when it is cut short.
    func finish() throws(AnkiPackageError) {
      if frameOpen { throw .invalid("the compressed collection is cut short") }
    }
  }
}
