/// Why an Anki package cannot be read.
///
/// A file that is not a package Anki wrote is invalid data (exit 65); a
/// system library that memoquiz needs to read one and cannot load is a
/// failure of the machine (exit 1), named so that the user can install it.
public enum AnkiPackageError: Error, Sendable, Equatable {
  /// A shared library of the system is missing or too old.
  case missingLibrary(String, detail: String)
  /// The bytes are not what an Anki package holds; the reason says where
  /// they stop making sense.
  case invalid(String)
  /// A file, named, that is not an Anki package, with the reason.
  case notAPackage(file: String, reason: String)
  /// The package is readable but larger than memoquiz reads.
  case tooLarge(String)
  /// A system call failed while unpacking (a temporary file, for instance).
  case system(String)
  /// Ctrl-C, SIGTERM or SIGHUP arrived while the package was read.
  case interrupted

  /// Whether the error is about the file (invalid data), not the machine.
  public var isInvalidData: Bool {
    switch self {
    case .invalid, .notAPackage, .tooLarge: true
    case .missingLibrary, .system, .interrupted: false
    }
  }

  /// Throws ``interrupted`` once Ctrl-C, SIGTERM or SIGHUP has arrived:
  /// called between two pieces of the work, so that a package of any size
  /// stops within a moment of it.
  static func throwIfInterrupted() throws(AnkiPackageError) {
    if SignalMonitor.receivedSignal != nil { throw .interrupted }
  }

  /// The error for `file`: the file's own name on what is wrong with its bytes.
  func about(file: String) -> AnkiPackageError {
    switch self {
    case .invalid(let reason), .tooLarge(let reason): .notAPackage(file: file, reason: reason)
    default: self
    }
  }
}

extension AnkiPackageError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .missingLibrary(let name, let detail):
      return "reading Anki packages needs the system library \(name), which cannot be loaded (\(detail)); "
        + "install it (on Debian and Ubuntu: apt-get install \(Self.package(of: name)))"
    case .invalid(let reason):
      return "not an Anki package: \(reason)"
    case .notAPackage(let file, let reason):
      return "\(file) is not an Anki package that memoquiz can read: \(reason); nothing was imported"
    case .tooLarge(let reason):
      return "the Anki package is too large: \(reason)"
    case .system(let reason):
      return "cannot unpack the Anki package: \(reason)"
    case .interrupted:
      return "stopped while reading the Anki package; nothing was imported"
    }
  }

  /// The Debian package that ships a library.
  private static func package(of library: String) -> String {
    switch library {
    case "libsqlite3.so.0": "libsqlite3-0"
    case "libzstd.so.1": "libzstd1"
    case "libz.so.1": "zlib1g"
    default: library
    }
  }
}
