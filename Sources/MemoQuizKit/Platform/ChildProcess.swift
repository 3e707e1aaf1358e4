@preconcurrency import Glibc

/// A program memoquiz starts (git, the user's editor) and waits for.
///
/// The corresponding C functions are `posix_spawn`, `posix_spawnp`,
/// `pipe`, `kill` and `waitpid`; waiting retries on `EINTR`.
public struct ChildProcess {
  /// Where one of the child's output streams goes.
  public enum Stream: Sendable {
    /// Where memoquiz's own goes.
    case inherited
    /// `/dev/null`.
    case discarded
    /// A pipe that memoquiz reads (``output`` or ``messages``).
    case piped
  }

  /// How the child ended.
  public enum Termination: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// The status as a shell reports it: the exit status, or 128 and the
    /// signal's number.
    public var shellStatus: Int32 {
      switch self {
      case .exited(let code): code
      case .signalled(let signal): 128 + signal
      }
    }
  }

  /// The child's process identifier.
  let pid: pid_t
  /// The read end of its standard output, when piped.
  public let output: FileDescriptor?
  /// The read end of its standard error, when piped.
  public let messages: FileDescriptor?

  /// Starts `arguments[0]` with `arguments`, standard input from
  /// `/dev/null` when `nullInput`.
  /// - Parameters:
  ///   - path: the program's path; with `searchingPath`, a name looked up
  ///     in `PATH`.
  ///   - environment: `NAME=value` strings.
  ///   - ownProcessGroup: starts it in a process group of its own, which
  ///     ``killGroup()`` ends with whatever the child started.
  ///   - defaultSignals: signals the child handles the default way, though
  ///     memoquiz ignores or catches them.
  /// - Throws: ``SystemError`` when a pipe cannot be made or the program
  ///   cannot be started.
  public static func start(
    _ path: String, arguments: [String], environment: [String], searchingPath: Bool = false,
    nullInput: Bool = false, output: Stream = .inherited, messages: Stream = .inherited,
    ownProcessGroup: Bool = false, defaultSignals: [Int32] = []
  ) throws(SystemError) -> ChildProcess {
    var outputPipe: (read: FileDescriptor, write: FileDescriptor)?
    var messagesPipe: (read: FileDescriptor, write: FileDescriptor)?
    if output == .piped { outputPipe = try makePipe() }
    if messages == .piped {
      do {
        messagesPipe = try makePipe()
      } catch {
        outputPipe?.read.close()
        outputPipe?.write.close()
        throw error
      }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if nullInput { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
    for (stream, pipe, target) in [(output, outputPipe, CInt(1)), (messages, messagesPipe, CInt(2))] {
      switch stream {
      case .inherited: break
      case .discarded: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
      case .piped:
        if let pipe {
          posix_spawn_file_actions_adddup2(&actions, pipe.write.rawValue, target)
          posix_spawn_file_actions_addclose(&actions, pipe.read.rawValue)
        }
      }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags: Int32 = 0
    if ownProcessGroup {
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    if !defaultSignals.isEmpty {
      var defaults = sigset_t()
      sigemptyset(&defaults)
      for signal in defaultSignals { sigaddset(&defaults, signal) }
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      flags |= Int32(POSIX_SPAWN_SETSIGDEF)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer { for pointer in variables { free(pointer) } }
    var pid: pid_t = 0
    let spawned =
      searchingPath
      ? posix_spawnp(&pid, path, &actions, &attributes, &argv, &variables)
      : posix_spawn(&pid, path, &actions, &attributes, &argv, &variables)
    outputPipe?.write.close()
    messagesPipe?.write.close()
    guard spawned == 0 else {
      outputPipe?.read.close()
      messagesPipe?.read.close()
      throw SystemError(errno: spawned)
    }
    return ChildProcess(pid: pid, output: outputPipe?.read, messages: messagesPipe?.read)
  }

  /// A pipe whose ends are closed in programs memoquiz starts.
  private static func makePipe() throws(SystemError) -> (read: FileDescriptor, write: FileDescriptor) {
    var ends: [CInt] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .current }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
  }

  /// Ends the child's process group at once (`SIGKILL`): the child and
  /// what it started. Only for a child started in a group of its own.
  public func killGroup() {
    _ = kill(-pid, SIGKILL)
  }

  /// Waits for the child to end.
  /// - Throws: ``SystemError`` when the child cannot be waited for.
  public func wait() throws(SystemError) -> Termination {
    var status: Int32 = 0
    guard retryingOnInterrupt({ waitpid(pid, &status, 0) }) >= 0 else { throw .current }
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }
}

extension FileDescriptor {
  /// Waits up to `milliseconds` for any of `descriptors` to have something
  /// to read (or to be closed). The corresponding C function is `poll`.
  /// - Returns: for each descriptor, whether it is ready; none are when the
  ///   time ran out or a signal arrived.
  static func waitForInput(_ descriptors: [FileDescriptor], milliseconds: Int) -> [Bool] {
    var watched = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
    let ready = poll(&watched, nfds_t(watched.count), Int32(clamping: milliseconds))
    guard ready > 0 else { return Array(repeating: false, count: descriptors.count) }
    return watched.map { $0.revents != 0 }
  }
}
