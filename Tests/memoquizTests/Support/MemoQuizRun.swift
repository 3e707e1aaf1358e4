import Foundation

@testable import memoquiz

/// The result of running the real `memoquiz` binary.
struct MemoQuizResult {
  let status: Int32
  let stdout: String
  let stderr: String
  /// Whether the process ended by a signal rather than exiting.
  let wasSignaled: Bool
}

/// A temporary data folder and a way to run `memoquiz` against it.
///
/// Each test gets a fresh folder under the system's temp directory; it is
/// removed when the sandbox is deinitialised.
final class MemoQuizSandbox {
  let folder: URL
  var environment: [String: String]

  /// - Parameter parent: the folder to make the data folder in; the
  ///   system's temp directory unless given.
  init(under parent: URL? = nil) throws {
    // A process that ends early (as a refused second player does) closes
    // its input; writing to it must fail, not kill the test runner.
    signal(SIGPIPE, SIG_IGN)
    folder = (parent ?? FileManager.default.temporaryDirectory)
      .appendingPathComponent("memoquiz-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["MEMOQUIZ_HOME"] = folder.path
    environment["NO_COLOR"] = nil
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = "C.UTF-8"
    // The tests run in UTC unless they name another zone.
    environment["TZ"] = "UTC"
    self.environment = environment
  }

  deinit {
    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    try? FileManager.default.removeItem(at: folder)
  }

  /// The built `memoquiz` next to the test bundle.
  static let binary: URL = {
    if let override = ProcessInfo.processInfo.environment["MEMOQUIZ_BINARY"] {
      return URL(fileURLWithPath: override)
    }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = bundle.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("memoquiz")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return bundle.deletingLastPathComponent().appendingPathComponent("memoquiz")
  }()

  var questionsFile: URL { folder.appendingPathComponent("questions.json") }
  /// The history: every step, the source of all progress.
  /// This machine's history file: the one file under `history/`.
  var historyFile: URL {
    let history = folder.appendingPathComponent("history")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: history.path)) ?? []
    let name = files.filter { $0.hasSuffix(".log") }.sorted().first ?? "none.log"
    return history.appendingPathComponent(name)
  }

  /// Writes a questions file into the data folder.
  func writeQuestions(_ text: String) throws {
    try Data(text.utf8).write(to: questionsFile)
  }

  /// Writes a group of `count` questions whose answers are `a0`, `a1`, ...
  func writeNumberedGroups(_ titles: [String], count: Int) throws {
    let groups = titles.map { title in
      let questions = (0..<count).map { #"{"prompt": "q\#($0)", "answer": "a\#($0)", "hint": "h\#($0)"}"# }
      return #"{"title": "\#(title)", "questions": [\#(questions.joined(separator: ","))]}"#
    }
    try writeQuestions("[" + groups.joined(separator: ",\n") + "]")
  }

  /// The groups of `memoquiz scores --json`, by title, as a new process reads them.
  func scores() throws -> [String: [String: Any]] {
    try Self.scores(in: run(["scores", "--json"]))
  }

  /// The groups of the output of a `memoquiz scores --json` already run, by title.
  static func scores(in result: MemoQuizResult) throws -> [String: [String: Any]] {
    let groups = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return Dictionary(groups.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The correct and incorrect counts stored for a group.
  func storedScore(_ title: String) throws -> (correct: Int, incorrect: Int) {
    try Self.storedScore(title, in: run(["scores", "--json"]))
  }

  /// The correct and incorrect counts of a group in the output of a
  /// `memoquiz scores --json` already run.
  static func storedScore(_ title: String, in result: MemoQuizResult) throws -> (correct: Int, incorrect: Int) {
    let entry = try scores(in: result)[title]
    return (entry?["correctCount"] as? Int ?? 0, entry?["incorrectCount"] as? Int ?? 0)
  }

  /// The files in the data folder.
  func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Starts `memoquiz` with pipes for its standard streams.
  /// - Parameters:
  ///   - executable: a program to run instead, such as a wrapper that sets
  ///     limits; `prefix` comes before `arguments` on its command line.
  func launch(
    _ arguments: [String], environment extra: [String: String] = [:], executable: String? = nil,
    prefix: [String] = []
  ) throws -> RunningMemoQuiz {
    try RunningMemoQuiz(
      executable: executable.map { URL(fileURLWithPath: $0) } ?? MemoQuizSandbox.binary,
      arguments: prefix + arguments, environment: environment.merging(extra) { $1 })
  }

  /// Runs a system tool quietly and returns its exit status.
  func runTool(_ path: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// The variables the tool reads through the environment it is given, not
  /// the process's (git's among them: `sync` runs git with the command's
  /// environment): a run that changes no others needs no process of its own.
  static func isInjected(_ variable: String) -> Bool {
    injectedVariables.contains(variable) || variable.hasPrefix("GIT_")
  }

  private static let injectedVariables: Set<String> = [
    "MEMOQUIZ_HOME", "MEMOQUIZ_NOW", "XDG_DATA_HOME", "COLUMNS", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "TERM",
    "EDITOR", "VISUAL", "HOME", "EMAIL", "MEMOQUIZ_SYNC_TIMEOUT", "TZ",
  ]

  /// Runs `memoquiz` to the end with `input` on standard input, in this
  /// process against a ``PipedTerminal`` when nothing the run changes is
  /// read from the process itself (`TMPDIR`, say), else
  /// as the real binary.
  @discardableResult
  func run(
    _ arguments: [String], input: String = "", environment extra: [String: String] = [:],
    timeout: TimeInterval = 60
  ) throws -> MemoQuizResult {
    let merged = environment.merging(extra) { $1 }
    let own = ProcessInfo.processInfo.environment
    let changed = Set(merged.keys).union(own.keys).filter { merged[$0] != own[$0] }
    guard changed.allSatisfy(Self.isInjected) else {
      return try runProcess(arguments, input: input, environment: extra, timeout: timeout)
    }
    return Self.runInProcess(arguments, input: input, environment: merged)
  }

  /// Runs `memoquiz` in this process as ``run(_:input:environment:timeout:)``
  /// does, on a thread of its own, holding no thread of the test run
  /// meanwhile: for a run that waits (for a remote that does not answer,
  /// say), so that other tests run in that time.
  func runWaiting(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) async
    -> MemoQuizResult
  {
    let merged = environment.merging(extra) { $1 }
    let own = ProcessInfo.processInfo.environment
    precondition(
      Set(merged.keys).union(own.keys).allSatisfy { merged[$0] == own[$0] || Self.isInjected($0) },
      "a run that needs a process of its own")
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: Self.runInProcess(arguments, input: input, environment: merged))
      }
    }
  }

  private static func runInProcess(_ arguments: [String], input: String, environment: [String: String])
    -> MemoQuizResult
  {
    let terminal = PipedTerminal(input: input, environment: environment)
    let code = MemoQuizTool.run(arguments, terminal: terminal, environment: environment)
    return MemoQuizResult(
      status: code.rawValue, stdout: terminal.standardOutput, stderr: terminal.standardError, wasSignaled: false)
  }

  /// Runs the real `memoquiz` binary to the end with `input` on standard
  /// input: for what needs a process of its own.
  @discardableResult
  func runProcess(
    _ arguments: [String], input: String = "", environment extra: [String: String] = [:],
    timeout: TimeInterval = 60
  ) throws -> MemoQuizResult {
    let running = try launch(arguments, environment: extra)
    running.send(input)
    running.closeInput()
    return running.wait(timeout: timeout)
  }
}

/// A `memoquiz` process started with pipes.
///
/// The readers append what the process prints and wake the waiters, so
/// waiting for output costs nothing while nothing comes, and each new
/// piece is searched once (bytes, not the whole output decoded again).
final class RunningMemoQuiz: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let error = Pipe()
  /// Guards the collected bytes and the readers' end; signalled on each.
  private let changed = NSCondition()
  private var outputData = Data()
  private var errorData = Data()
  private var openReaders = 2
  private var exited = false

  init(executable: URL, arguments: [String], environment: [String: String]) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    let changed = self.changed
    process.terminationHandler = { [weak self] _ in
      changed.lock()
      self?.exited = true
      changed.broadcast()
      changed.unlock()
    }
    try process.run()
    collect(output.fileHandleForReading) { self.outputData.append($0) }
    collect(error.fileHandleForReading) { self.errorData.append($0) }
  }

  private func collect(_ handle: FileHandle, _ append: @escaping @Sendable (Data) -> Void) {
    let changed = self.changed
    Thread.detachNewThread {
      while true {
        let chunk = handle.availableData
        changed.lock()
        if chunk.isEmpty {
          self.openReaders -= 1
          changed.broadcast()
          changed.unlock()
          break
        }
        append(chunk)
        changed.broadcast()
        changed.unlock()
      }
    }
  }

  /// Standard output so far.
  var stdout: String {
    changed.lock()
    defer { changed.unlock() }
    return String(decoding: outputData, as: UTF8.self)
  }

  /// Standard error so far.
  var stderr: String {
    changed.lock()
    defer { changed.unlock() }
    return String(decoding: errorData, as: UTF8.self)
  }

  /// Writes to the process's standard input.
  func send(_ text: String) {
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  func closeInput() {
    try? input.fileHandleForWriting.close()
  }

  /// Waits until `stream` holds `text`, searching only what came since the
  /// last look, until the readers end or `timeout` passes.
  private func waitFor(_ text: String, in stream: KeyPath<RunningMemoQuiz, Data>, timeout: TimeInterval) -> Bool {
    let needle = Data(text.utf8)
    let deadline = Date().addingTimeInterval(timeout)
    var searched = 0
    changed.lock()
    defer { changed.unlock() }
    while true {
      let data = self[keyPath: stream]
      let from = max(0, searched - needle.count + 1)
      if data.count >= needle.count,
        data.range(of: needle, in: data.startIndex + from..<data.endIndex) != nil
      {
        return true
      }
      searched = data.count
      // Both streams closed: the process is gone and nothing more comes.
      if openReaders == 0 { return false }
      if !changed.wait(until: deadline) { return false }
    }
  }

  /// Waits until standard output contains `text`.
  /// - Returns: whether it appeared in time.
  @discardableResult
  func waitForOutput(containing text: String, timeout: TimeInterval = 30) -> Bool {
    waitFor(text, in: \.outputData, timeout: timeout)
  }

  /// Waits until standard error contains `text`.
  /// - Returns: whether it appeared in time.
  @discardableResult
  func waitForStandardError(containing text: String, timeout: TimeInterval = 30) -> Bool {
    waitFor(text, in: \.errorData, timeout: timeout)
  }

  /// Waits until standard error contains `text`, holding no thread of the
  /// test run meanwhile: for text that comes only after the process waited
  /// (for a lock, say), so that other tests run in that time.
  /// - Returns: whether it appeared in time.
  func waitForStandardError(containing text: String, timeout: TimeInterval = 30) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: self.waitFor(text, in: \.errorData, timeout: timeout))
      }
    }
  }

  /// Sends a signal to the process.
  func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits for the process to end (killing it after `timeout`) and collects
  /// everything it printed.
  func wait(timeout: TimeInterval = 60) -> MemoQuizResult {
    let deadline = Date().addingTimeInterval(timeout)
    // Woken when the process ends; one that outlives the timeout is killed.
    changed.lock()
    while !exited && changed.wait(until: deadline) {}
    let ended = exited
    changed.unlock()
    if !ended { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    closeInput()
    changed.lock()
    while openReaders > 0 && changed.wait(until: Date().addingTimeInterval(10)) {}
    defer { changed.unlock() }
    return MemoQuizResult(
      status: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self),
      wasSignaled: process.terminationReason == .uncaughtSignal)
  }
}
