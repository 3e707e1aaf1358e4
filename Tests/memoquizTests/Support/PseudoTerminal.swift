import Foundation

/// Runs `memoquiz` on a pseudo-terminal, as a person at a keyboard would:
/// the child is a session leader whose controlling terminal is the pty, so
/// Ctrl-C typed into it becomes SIGINT.
final class PseudoTerminalSession {
  private let master: Int32
  private let pid: pid_t
  private var screen = Data()
  /// The terminal's size.
  let columns: Int
  let rows: Int

  /// Starts `memoquiz` with `arguments` on a new pseudo-terminal of
  /// `columns` by `rows`.
  /// - Parameter executable: another program to start instead, such as a
  ///   shell that runs `memoquiz` itself.
  init(
    arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 40,
    executable: String? = nil
  ) throws {
    self.columns = columns
    self.rows = rows
    // posix_openpt, unlockpt and ptsname are hidden from Swift's Glibc
    // module, so this does what they do: open the multiplexer, unlock the
    // new terminal (TIOCSPTLCK) and ask its number (TIOCGPTN).
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      throw POSIXError(.ENXIO)
    }
    let slavePath = "/dev/pts/\(number)"
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid, the terminal becomes the child's controlling one.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new session (POSIX_SPAWN_SETSID), with no signal blocked
    // (POSIX_SPAWN_SETSIGMASK): test threads block some.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, 0x80 | 0x08)

    let program = executable ?? MemoQuizSandbox.binary.path
    let argv = [program] + arguments
    let envp = environment.map { "\($0.key)=\($0.value)" }
    var cArgv: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    var cEnvp: [UnsafeMutablePointer<CChar>?] = envp.map { strdup($0) } + [nil]
    defer {
      for pointer in cArgv + cEnvp { free(pointer) }
    }
    var child = pid_t()
    let status = posix_spawn(&child, program, &actions, &attributes, &cArgv, &cEnvp)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
    pid = child
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(master)
  }

  /// Everything the program has shown so far.
  var text: String { String(decoding: screen, as: UTF8.self) }

  /// Types `keys`, exactly as given.
  func type(_ keys: String) {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads the screen until it contains `needle` after `offset` characters
  /// already seen, or the time runs out.
  @discardableResult
  func waitFor(_ needle: String, timeout: TimeInterval = 20) -> Bool {
    waitUntil(timeout: timeout) { $0.contains(needle) }
  }

  /// What the terminal shows now, as a person would see it.
  var terminalScreen: TerminalScreen { TerminalScreen(columns: columns, rows: rows, output: text) }

  /// Reads the output until the screen it draws meets `condition`, or the
  /// time runs out.
  /// - Returns: the screen at that moment, for the test to check whole.
  @discardableResult
  func waitForScreen(timeout: TimeInterval = 10, _ condition: (TerminalScreen) -> Bool) -> TerminalScreen {
    waitUntil(timeout: timeout) { _ in condition(terminalScreen) }
    return terminalScreen
  }

  /// Reads the output until `condition` holds for all of it.
  @discardableResult
  private func waitUntil(timeout: TimeInterval, _ condition: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(text) { return true }
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 50) > 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        if count <= 0 { return condition(text) }
        screen.append(contentsOf: buffer[0..<count])
      }
    }
    return condition(text)
  }

  /// Waits for the program to exit and returns its exit status.
  func waitForExit(timeout: TimeInterval = 20) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
      _ = waitFor("\u{0}", timeout: 0.05)
      if waitpid(pid, &status, WNOHANG) == pid {
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
      }
    }
    return nil
  }
}
