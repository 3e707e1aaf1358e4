/// zlib's `z_stream`, laid out as on 64-bit Linux (LP64): pointers and
/// `uLong` 8 bytes, `uInt` and `int` 4. zlib checks the size it is given
/// against its own, so a different layout fails to start, never corrupts.
struct InflateStream {
  /// `sizeof(z_stream)`.
  static let size: CInt = 112
  let raw: UnsafeMutableRawPointer

  init() {
    raw = UnsafeMutableRawPointer.allocate(byteCount: Int(Self.size), alignment: 8)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: Int(Self.size))
  }

  func deallocate() { raw.deallocate() }

  func setInput(_ pointer: UnsafeRawPointer?, count: Int) {
    raw.storeBytes(of: pointer, toByteOffset: 0, as: UnsafeRawPointer?.self)
    raw.storeBytes(of: UInt32(count), toByteOffset: 8, as: UInt32.self)
  }

  func setOutput(_ pointer: UnsafeMutableRawPointer?, count: Int) {
    raw.storeBytes(of: pointer, toByteOffset: 24, as: UnsafeMutableRawPointer?.self)
    raw.storeBytes(of: UInt32(count), toByteOffset: 32, as: UInt32.self)
  }

  var availableIn: Int { Int(raw.load(fromByteOffset: 8, as: UInt32.self)) }
  var availableOut: Int { Int(raw.load(fromByteOffset: 32, as: UInt32.self)) }
}
