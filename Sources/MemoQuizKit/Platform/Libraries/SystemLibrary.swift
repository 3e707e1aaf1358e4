@preconcurrency import Glibc

/// A shared library of the system, loaded at run time, as a typed wrapper
/// around the handle `dlopen` returns.
///
/// memoquiz links none of the libraries that read Anki's packages: it needs
/// neither their headers nor their development packages to build, and runs
/// without them until a package is imported. The corresponding C functions
/// are `dlopen` and `dlsym`.
struct SystemLibrary: @unchecked Sendable {
  /// The raw handle `dlopen` returned. Never closed: the library stays
  /// loaded for the life of the process, as the function pointers taken
  /// from it must stay valid.
  let rawValue: UnsafeMutableRawPointer
  /// The file name it was loaded by, such as `libz.so.1`.
  let name: String

  /// Loads a library by its versioned file name.
  /// - Throws: ``AnkiPackageError/missingLibrary(_:detail:)`` naming it when
  ///   the system has no such library.
  init(_ name: String) throws(AnkiPackageError) {
    guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      let detail = dlerror().map { String(cString: $0) } ?? "not found"
      throw .missingLibrary(name, detail: detail)
    }
    rawValue = handle
    self.name = name
  }

  /// A function of the library, cast to its C type.
  /// - Parameters:
  ///   - symbol: the C name of the function.
  ///   - type: its type, a `@convention(c)` function type.
  /// - Throws: ``AnkiPackageError/missingLibrary(_:detail:)`` when the library
  ///   lacks the function (too old a version).
  func function<Function>(_ symbol: String, as type: Function.Type) throws(AnkiPackageError) -> Function {
    guard let address = dlsym(rawValue, symbol) else {
      throw .missingLibrary(name, detail: "it has no function \(symbol); a newer version is needed")
    }
    return unsafeBitCast(address, to: type)
  }
}
