@preconcurrency import Glibc

/// git, run as a program in the data folder: the engine `memoquiz sync`
/// uses to exchange history files with other machines.
///
/// Its errors go straight to the user's terminal, as git wrote them.
struct Git: Sendable {
  /// The repository's folder: the data folder.
  let folder: String

  /// What a run of git gave.
  struct Output: Sendable {
    var status: Int32
    var standardOutput: String
  }

  /// Runs `git -C FOLDER ARGUMENTS...`, its standard error shown as it is.
  /// - Parameter quiet: send standard error to /dev/null instead.
  /// - Throws: ``SyncError/gitMissing`` when git cannot be started.
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
    let words = ["git", "-C", folder] + arguments
    var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // git never asks for a password on a terminal it cannot see.
    var environment: [UnsafeMutablePointer<CChar>?] = [strdup("GIT_TERMINAL_PROMPT=0")]
    var entry = Glibc.environ
    while let variable = entry.pointee {
      environment.append(strdup(variable))
      entry += 1
    }
    environment.append(nil)
    defer { for pointer in environment { free(pointer) } }
    var child: pid_t = 0
    let spawned = posix_spawnp(&child, "git", &actions, nil, &argv, &environment)
    close(pipe[1])
    guard spawned == 0 else {
      close(pipe[0])
      throw .gitMissing
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(pipe[0], &buffer, buffer.count)
      if count > 0 {
        bytes += buffer[..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    close(pipe[0])
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Output(status: exit, standardOutput: String(decoding: bytes, as: UTF8.self))
  }

  /// Runs git and requires success.
  /// - Throws: ``SyncError/gitFailed(_:)`` naming the command when git fails.
  @discardableResult
  func must(_ arguments: [String]) throws(SyncError) -> String {
    let output = try run(arguments)
    guard output.status == 0 else { throw .gitFailed("git " + arguments.joined(separator: " ")) }
    return output.standardOutput
  }
}

/// What can stop `memoquiz sync`.
public enum SyncError: Error, Sendable {
  case gitMissing
  case notARepository(String)
  case noRemote(String)
  case gitFailed(String)
}

extension SyncError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .gitMissing:
      "cannot run git; install it (Debian and Ubuntu: apt install git) and try again"
    case .notARepository(let folder):
      "\(folder) is not a git repository; `memoquiz sync --init REMOTE` makes it one"
    case .noRemote(let folder):
      "the git repository \(folder) has no remote; `memoquiz sync --init REMOTE` sets one"
    case .gitFailed(let command):
      "\(command) failed (git's message is above); your answers are safe here, and `memoquiz sync` tries again"
    }
  }
}
