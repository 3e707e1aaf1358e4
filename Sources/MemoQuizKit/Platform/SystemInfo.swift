@preconcurrency import Glibc

/// What the system says of itself and of the process's environment.
enum SystemInfo {
  /// The host's name, or `nil` when it has none. The corresponding C
  /// function is `gethostname`.
  static func hostName() -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name
  }

  /// The value of the environment variable `name`, read from the process.
  /// The corresponding C function is `getenv`.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The current user's home folder in the password database. The
  /// corresponding C functions are `getpwuid` and `getuid`.
  static func accountHome() -> String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }

  /// This process's identifier. The corresponding C function is `getpid`.
  static var processID: Int32 { getpid() }
}
