import Foundation

/// A run of the real `memoquiz` binary under a memory limit, timed, for
/// the promise that hostile input stays bounded.
///
/// The limit is `RLIMIT_DATA` (the heap and every private mapping), set by
/// `sh` before it becomes memoquiz: an allocation past it fails, and the
/// run ends by a signal instead of its exit. (`ru_maxrss` cannot be used:
/// a process started by `posix_spawn` counts the test runner's own peak.)
struct MeasuredRun {
  let status: Int32
  let wasSignaled: Bool
  let stdout: String
  let stderr: String
  /// How long it ran, in seconds.
  let seconds: Double
}

extension MemoQuizSandbox {
  /// Runs the binary with standard input from `/dev/null` and at most
  /// `memoryLimit` bytes of data, waits for it, and kills it after `timeout`.
  func runMeasured(
    _ arguments: [String], memoryLimit: Int = 100 << 20, timeout: TimeInterval = 60
  ) throws -> MeasuredRun {
    let output = folder.appendingPathComponent("measured-\(UUID().uuidString).out").path
    let error = output + ".err"
    defer {
      unlink(output)
      unlink(error)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let script = "ulimit -d \(memoryLimit >> 10) && exec \"$0\" \"$@\""
    let argv = (["/bin/sh", "-c", script, MemoQuizSandbox.binary.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let started = Date()
    let code = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
    guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    var status: Int32 = 0
    while true {
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid { break }
      if Date().timeIntervalSince(started) > timeout { kill(pid, SIGKILL) }
      usleep(2_000)
    }
    let seconds = Date().timeIntervalSince(started)
    let signaled = status & 0x7F != 0
    return MeasuredRun(
      status: signaled ? 128 + (status & 0x7F) : (status >> 8) & 0xFF, wasSignaled: signaled,
      stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: error, encoding: .utf8)) ?? "",
      seconds: seconds)
  }
}
