@preconcurrency import Glibc

/// A program started in the background and never waited for: its
/// standard streams on `/dev/null`, in a process group of its own (so that
/// Ctrl-C at the terminal is memoquiz's alone), with memoquiz's environment.
///
/// The corresponding C functions are `posix_spawn` and `waitpid` with
/// `WNOHANG`.
struct BackgroundProcess: Sendable, Equatable {
  /// What a look at the process found.
  enum State: Sendable, Equatable {
    /// It is still running.
    case running
    /// It has ended, and is collected now.
    case ended(ChildProcess.Termination)
    /// It cannot be waited for (collected already, or not a child).
    case gone
  }

  /// The process identifier.
  let pid: pid_t

  /// Starts `path` with `arguments` (`path` is the program's first argument
  /// too), without waiting for it.
  /// - Returns: the process, or `nil` when it cannot be started.
  static func start(_ path: String, _ arguments: [String]) -> BackgroundProcess? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    guard posix_spawn(&child, path, &actions, &attributes, &argv, environ) == 0 else { return nil }
    return BackgroundProcess(pid: child)
  }

  /// Looks whether the process has ended, without waiting, and collects it
  /// when it has. The corresponding C function is `waitpid` with `WNOHANG`.
  func poll() -> State {
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    guard result == pid else { return result < 0 ? .gone : .running }
    let signal = status & 0x7F
    return .ended(signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal))
  }
}
