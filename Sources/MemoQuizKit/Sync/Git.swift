@preconcurrency import Glibc

/// git, run as a program in a repository memoquiz owns (``SyncClone``): the
/// engine `memoquiz sync` uses to exchange history files with other machines.
///
/// Every run names its repository and work tree explicitly, so git never
/// looks for a repository above it (a learner's own); refuses the `ext` and
/// `fd` transports, which run commands; never prompts; and is given up
/// after ``timeout`` seconds, so a remote that does not answer cannot hold
/// `sync` for ever. Its errors go to the user's terminal as git wrote them.
struct Git: Sendable {
  /// The work tree; its repository is `.git` inside it.
  let folder: String
  /// Seconds a run may take before it is given up.
  var timeout: Int = Git.defaultTimeout

  /// Seconds a run of git may take: `MEMOQUIZ_SYNC_TIMEOUT` when set to a
  /// positive number, else two minutes.
  static var defaultTimeout: Int {
    guard let value = getenv("MEMOQUIZ_SYNC_TIMEOUT").flatMap({ Int(String(cString: $0)) }), value > 0 else {
      return 120
    }
    return value
  }

  /// Settings given on every run: no transport that runs a command, no
  /// hooks.
  static let safety = [
    "-c", "protocol.ext.allow=never", "-c", "protocol.fd.allow=never", "-c", "core.hooksPath=/dev/null",
  ]

  /// Variables that would point git at another repository than ours.
  private static let repositoryVariables: Set<String> = [
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES", "GIT_TERMINAL_PROMPT", "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
  ]

  /// What a run of git gave.
  struct Output: Sendable {
    var status: Int32
    var standardOutput: String
  }

  /// Runs git on the repository, its standard error shown as it is.
  /// - Parameter quiet: send standard error to /dev/null instead.
  /// - Throws: ``SyncError/gitMissing`` when git cannot be started,
  ///   ``SyncError/noAnswer(_:)`` when it took longer than ``timeout``.
  @discardableResult
  func run(_ arguments: [String], quiet: Bool = false) throws(SyncError) -> Output {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw .gitMissing }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
    // A process group of its own: a run given up is ended with whatever
    // git started (ssh, a remote helper).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let words = ["git", "--git-dir=" + folder + "/.git", "--work-tree=" + folder] + Self.safety + arguments
    var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var environment = Self.environment().map { strdup($0) } + [nil]
    defer { for pointer in environment { free(pointer) } }
    var child: pid_t = 0
    let spawned = posix_spawnp(&child, "git", &actions, &attributes, &argv, &environment)
    close(pipe[1])
    guard spawned == 0 else {
      close(pipe[0])
      throw .gitMissing
    }
    let (bytes, finished) = collect(from: pipe[0])
    close(pipe[0])
    if !finished { kill(-child, SIGKILL) }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    guard finished else { throw .noAnswer(timeout) }
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Output(status: exit, standardOutput: String(decoding: bytes, as: UTF8.self))
  }

  /// Reads git's output until it closes it, or until the time is up.
  /// - Returns: the bytes, and whether git closed its output in time.
  private func collect(from descriptor: Int32) -> ([UInt8], Bool) {
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000
      let left = timeout * 1000 - elapsed
      guard left > 0 else { return (bytes, false) }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, Int32(min(left, 1000)))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = read(descriptor, &buffer, buffer.count)
      if count > 0 {
        bytes += buffer[..<count]
      } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        return (bytes, true)
      }
    }
  }

  /// The process's environment for git: without the variables that would
  /// point it elsewhere, with prompts turned off, and ssh in batch mode
  /// unless the learner set their own.
  private static func environment() -> [String] {
    var variables: [String] = ["GIT_TERMINAL_PROMPT=0"]
    var hasSSH = false
    var entry = Glibc.environ
    while let pointer = entry.pointee {
      let variable = String(cString: pointer)
      entry += 1
      let name = String(variable.prefix { $0 != "=" })
      if repositoryVariables.contains(name) || name.hasPrefix("GIT_CONFIG_KEY_")
        || name.hasPrefix("GIT_CONFIG_VALUE_")
      {
        continue
      }
      if name == "GIT_SSH" || name == "GIT_SSH_COMMAND" { hasSSH = true }
      variables.append(variable)
    }
    if !hasSSH { variables.append("GIT_SSH_COMMAND=ssh -o BatchMode=yes -o ConnectTimeout=30") }
    return variables
  }

  /// Runs git and requires success.
  /// - Throws: ``SyncError/gitFailed(_:)`` naming the command when git fails.
  @discardableResult
  func must(_ arguments: [String], quiet: Bool = false) throws(SyncError) -> String {
    let output = try run(arguments, quiet: quiet)
    guard output.status == 0 else { throw .gitFailed("git " + arguments.joined(separator: " ")) }
    return output.standardOutput
  }
}
