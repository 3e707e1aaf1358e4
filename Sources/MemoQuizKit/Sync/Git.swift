@preconcurrency import Glibc

/// git, run as a program in a repository memoquiz owns (``SyncClone``): the
/// engine `memoquiz sync` uses to exchange history files with other machines.
///
/// Every run names its repository and work tree explicitly, so git never
/// looks for a repository above it (a learner's own); refuses the `ext` and
/// `fd` transports, which run commands; never prompts; and is given up
/// after ``timeout`` seconds, so a remote that does not answer cannot hold
/// `sync` for ever. git runs in the command's environment, not the
/// process's, and its messages go where the command shows them, as git
/// wrote them.
struct Git {
  /// The work tree; its repository is `.git` inside it. For a bare
  /// repository (``bare``), the repository itself.
  let folder: String
  /// Whether `folder` is a bare repository (a remote on this machine's
  /// disks), with no work tree.
  var bare = false
  /// The command's environment variables, which git's are made from.
  let environment: [String: String]
  /// Shows what git writes to its standard error.
  let showMessages: (String) -> Void
  /// Seconds a run may take before it is given up.
  var timeout: Int

  init(folder: String, environment: [String: String], showMessages: @escaping (String) -> Void) {
    self.folder = folder
    self.environment = environment
    self.showMessages = showMessages
    timeout = Self.timeout(in: environment)
  }

  /// The same git for another work tree.
  func working(in folder: String) -> Git {
    var git = Git(folder: folder, environment: environment, showMessages: showMessages)
    git.timeout = timeout
    return git
  }

  /// The same git for the bare repository `folder`.
  func repository(at folder: String) -> Git {
    var git = working(in: folder)
    git.bare = true
    return git
  }

  /// The same git, its messages shown by `show` instead.
  func showing(_ show: @escaping (String) -> Void) -> Git {
    var git = Git(folder: folder, environment: environment, showMessages: show)
    git.timeout = timeout
    git.bare = bare
    return git
  }

  /// Seconds a run of git may take: `MEMOQUIZ_SYNC_TIMEOUT` when set to a
  /// positive number, else two minutes.
  static func timeout(in environment: [String: String]) -> Int {
    guard let value = environment["MEMOQUIZ_SYNC_TIMEOUT"].flatMap({ Int($0) }), value > 0 else { return 120 }
    return value
  }

  /// Settings given on every run: no transport that runs a command, no
  /// hooks, no submodule a remote names fetched or checked out, and no
  /// conversion of line ends (the clone's attributes turn off every other,
  /// see ``SyncClone``), whatever the learner's own settings say.
  static let safety = [
    "-c", "protocol.ext.allow=never", "-c", "protocol.fd.allow=never", "-c", "core.hooksPath=/dev/null",
    "-c", "submodule.recurse=false", "-c", "fetch.recurseSubmodules=false", "-c", "core.autocrlf=false",
    "-c", "core.eol=lf",
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
    let place = bare ? ["--git-dir=" + folder] : ["--git-dir=" + folder + "/.git", "--work-tree=" + folder]
    // A process group of its own: a run given up is ended with whatever
    // git started (ssh, a remote helper).
    let child: ChildProcess
    do {
      child = try ChildProcess.start(
        "git", arguments: ["git"] + place + Self.safety + arguments, environment: Self.variables(from: environment),
        searchingPath: true, nullInput: true, output: .piped, messages: quiet ? .discarded : .piped,
        ownProcessGroup: true)
    } catch {
      throw .gitMissing
    }
    let (bytes, finished) = collect(output: child.output, messages: child.messages)
    child.output?.close()
    child.messages?.close()
    if !finished { child.killGroup() }
    let termination = try? child.wait()
    guard finished else {
      if SignalMonitor.receivedSignal != nil { throw .interrupted }
      throw .noAnswer(timeout)
    }
    return Output(status: termination?.shellStatus ?? 0, standardOutput: String(decoding: bytes, as: UTF8.self))
  }

  /// Reads git's output until it closes it, or until the time is up, and
  /// shows its messages line by line as they come.
  /// - Returns: the output's bytes, and whether git closed both in time.
  private func collect(output: FileDescriptor?, messages: FileDescriptor?) -> ([UInt8], Bool) {
    let start = MonotonicClock.milliseconds()
    var bytes: [UInt8] = []
    var message: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var open = [output, messages].compactMap { $0 }
    defer { if !message.isEmpty { showMessages(String(decoding: message, as: UTF8.self)) } }
    while !open.isEmpty {
      let left = Int64(timeout) * 1000 - (MonotonicClock.milliseconds() - start)
      guard left > 0, SignalMonitor.receivedSignal == nil else { return (bytes, false) }
      let ready = FileDescriptor.waitForInput(open, milliseconds: Int(min(left, 1000)))
      for index in open.indices.reversed() where ready[index] {
        let descriptor = open[index]
        let count: Int
        do throws(SystemError) {
          count = try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) in try descriptor.read(into: raw) }
          }.get()
        } catch {
          if error.errno == EAGAIN { continue }
          count = 0
        }
        guard count > 0 else {
          open.remove(at: index)
          continue
        }
        if descriptor == output {
          bytes += buffer[..<count]
        } else {
          message += buffer[..<count]
          // Whole lines only, so that a character is never cut in two.
          if let end = message.lastIndex(of: 0x0A) {
            showMessages(String(decoding: message[...end], as: UTF8.self))
            message.removeSubrange(...end)
          }
        }
      }
    }
    return (bytes, true)
  }

  /// git's variables: the command's, without those that would point it
  /// elsewhere, with prompts turned off, and ssh in batch mode unless the
  /// learner set their own.
  static func variables(from environment: [String: String]) -> [String] {
    var variables: [String] = ["GIT_TERMINAL_PROMPT=0"]
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
      if repositoryVariables.contains(name) || name.hasPrefix("GIT_CONFIG_KEY_")
        || name.hasPrefix("GIT_CONFIG_VALUE_")
      {
        continue
      }
      variables.append(name + "=" + value)
    }
    if environment["GIT_SSH"] == nil && environment["GIT_SSH_COMMAND"] == nil {
      variables.append("GIT_SSH_COMMAND=ssh -o BatchMode=yes -o ConnectTimeout=30")
    }
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
