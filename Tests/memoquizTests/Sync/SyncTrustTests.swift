import Foundation
import Testing

/// What arrives from another machine is data, never instructions: a remote
/// pushed to by someone else can add other machines' history files, and
/// nothing more. Each test runs the real binary and the real git against a
/// bare remote in the temp folder, with an attacker's clone pushing to it.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
struct SyncTrustTests {
  typealias Machine = SeveralMachinesTests.Machine

  /// A bare remote, and a place for clones and files outside any data folder.
  final class Remote {
    let place: MemoQuizSandbox
    let address: String

    init() throws {
      place = try MemoQuizSandbox()
      address = place.folder.appendingPathComponent("remote.git").path
      try Self.git(["init", "-q", "--bare", "-b", "main", address])
    }

    /// Runs git with an identity of its own; requires success.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL? = nil) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
      process.arguments =
        ["-c", "user.name=Attacker", "-c", "user.email=attacker@example.com"]
        + (folder.map { ["-C", $0.path] } ?? []) + arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
      return String(decoding: data, as: UTF8.self)
    }

    /// A clone of the remote, to push from as someone else would.
    func attacker() throws -> URL {
      let clone = place.folder.appendingPathComponent("attacker-\(UUID().uuidString)")
      try Self.git(["clone", "-q", address, clone.path])
      return clone
    }

    /// Commits everything in `clone` and pushes it.
    func push(_ clone: URL) throws {
      try Self.git(["add", "-A"], in: clone)
      try Self.git(["commit", "-q", "-m", "an attack"], in: clone)
      try Self.git(["push", "-q", "origin", "HEAD:main"], in: clone)
    }

    /// A file as the remote's branch holds it.
    func file(_ path: String) throws -> String {
      try Self.git(["--git-dir", address, "show", "main:" + path])
    }
  }

  static func machine(_ now: String = "2026-12-01T09:00:00Z") throws -> Machine {
    let machine = try Machine(now: now)
    machine.sandbox.environment["GIT_AUTHOR_NAME"] = "Learner"
    machine.sandbox.environment["GIT_AUTHOR_EMAIL"] = "learner@example.com"
    machine.sandbox.environment["GIT_COMMITTER_NAME"] = "Learner"
    machine.sandbox.environment["GIT_COMMITTER_EMAIL"] = "learner@example.com"
    return machine
  }

  static func sync(_ machine: Machine, _ arguments: [String] = []) throws -> MemoQuizResult {
    let result = try machine.sandbox.run(["sync"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return result
  }

  static func ownName(_ machine: Machine) throws -> String {
    try #require(machine.files().keys.first { $0.hasSuffix(".log") })
  }

  /// A machine's file name in capitals (`AB777C20.log`): another spelling
  /// of the same id. An id of digits alone gets its extension in capitals.
  static func inCapitals(_ name: String) -> String {
    let id = name.dropLast(4)
    return id.uppercased() != id ? id.uppercased() + ".log" : id + ".LOG"
  }

  static func warnings(_ result: MemoQuizResult) -> [String] {
    result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("memoquiz: warning:") }
  }

  @Test func aRemoteCannotReplaceTheIdentityTheQuestionsOrThisMachinesOwnFile() throws {
    let remote = try Remote()
    let laptop = try Self.machine()
    try laptop.play("Colours", answers: ["aka", "ao"])
    _ = try Self.sync(laptop, ["--init", remote.address])
    let name = try Self.ownName(laptop)
    let identity = try Data(contentsOf: laptop.sandbox.folder.appendingPathComponent("local/machine"))
    let questions = try Data(contentsOf: laptop.sandbox.questionsFile)
    let outside = remote.place.folder.appendingPathComponent("outside.log")
    // Someone else's clone: another identity, other questions, and this
    // machine's file turned into a link to a file outside the folder.
    let clone = try remote.attacker()
    try FileManager.default.createDirectory(
      at: clone.appendingPathComponent("local"), withIntermediateDirectories: true)
    try Data("memoquiz machine\t0badc0de\tvm\n".utf8).write(to: clone.appendingPathComponent("local/machine"))
    try Data("garbage".utf8).write(to: clone.appendingPathComponent("local/checkpoint"))
    try Data(#"[{"title": "Taken", "questions": [{"prompt": "a", "answer": "b"}]}]"#.utf8)
      .write(to: clone.appendingPathComponent("questions.json"))
    let link = clone.appendingPathComponent("history/" + name)
    try FileManager.default.removeItem(at: link)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)
    try remote.push(clone)

    try laptop.play("Numbers", answers: ["ichi"])
    _ = try Self.sync(laptop)
    try laptop.play("Numbers", answers: ["ni"])
    #expect(try Data(contentsOf: laptop.sandbox.folder.appendingPathComponent("local/machine")) == identity)
    #expect(try Data(contentsOf: laptop.sandbox.questionsFile) == questions)
    #expect(!FileManager.default.fileExists(atPath: outside.path), "nothing is written outside the folder")
    let own = laptop.history.appendingPathComponent(name)
    #expect(try FileManager.default.attributesOfItem(atPath: own.path)[.type] as? FileAttributeType == .typeRegular)
    #expect(try laptop.answersInHistory() == 4)
    // The remote holds this machine's file again, as this machine wrote it.
    _ = try Self.sync(laptop)
    #expect(try remote.file("history/" + name) == String(contentsOf: own, encoding: .utf8))
  }

  @Test func aRemoteThatCutsThisMachinesFileShortTakesNothingAway() throws {
    let remote = try Remote()
    let laptop = try Self.machine()
    try laptop.play("Colours", answers: ["aka", "ao", "shiro"])
    _ = try Self.sync(laptop, ["--init", remote.address])
    let name = try Self.ownName(laptop)
    let clone = try remote.attacker()
    let file = clone.appendingPathComponent("history/" + name)
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    try Data((lines.prefix(1).joined(separator: "\n") + "\n").utf8).write(to: file)
    try remote.push(clone)

    let result = try Self.sync(laptop)
    #expect(try laptop.answersInHistory() == 3)
    #expect(result.stdout.hasPrefix("Sent 3 answers"), "\(result.stdout)")
    try laptop.play("Numbers", answers: ["ichi"])
    let steps =
      try JSONSerialization.jsonObject(
        with: Data(try laptop.sandbox.run(["history", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
    let globalIDs = steps.compactMap { $0["step"] as? String }
    #expect(Set(globalIDs).count == globalIDs.count, "no step id is used twice")
    #expect(try laptop.answersInHistory() == 4)
  }

  @Test func syncSaysHowMuchItSentToARemoteThatHeldThisMachinesFileShorter() throws {
    let remote = try Remote()
    let laptop = try Self.machine()
    let package = try #require(
      Bundle.module.url(forResource: "anki/current.colpkg", withExtension: nil, subdirectory: "Fixtures"))
    #expect(try laptop.sandbox.run(["import", package.path, "--replace"]).status == 0)
    _ = try Self.sync(laptop, ["--init", remote.address])
    let name = try Self.ownName(laptop)
    // The remote loses the last line of this machine's file: the due days
    // the import kept, a record but not an answer.
    let clone = try remote.attacker()
    let file = clone.appendingPathComponent("history/" + name)
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    try #require(lines.last?.hasPrefix("due\t") == true, "\(lines.last ?? "")")
    try Data((lines.dropLast().joined(separator: "\n") + "\n").utf8).write(to: file)
    try remote.push(clone)

    let result = try Self.sync(laptop)
    #expect(result.stdout == "Sent 1 note of kept due days of this machine.\nNothing new from other machines.\n")
    let own = laptop.history.appendingPathComponent(name)
    #expect(try remote.file("history/" + name) == String(contentsOf: own, encoding: .utf8))
  }

  @Test func anotherMachinesFileThatChangedWhatWasReadIsLeftOutWithOneWarningPerFile() throws {
    let remote = try Remote()
    let laptop = try Self.machine()
    let desktop = try Self.machine("2026-12-01T10:00:00Z")
    try desktop.play("Numbers", answers: ["ichi", "ni"])
    _ = try Self.sync(desktop, ["--init", remote.address])
    _ = try Self.sync(laptop, ["--init", remote.address])
    #expect(try laptop.answersInHistory() == 2)
    let desktopName = try Self.ownName(desktop)
    let before = try #require(laptop.files()[desktopName])
    // Someone rewrites the desktop's file, adds a copy of it under the
    // identity in capitals, and a link named like a machine's file.
    let clone = try remote.attacker()
    let file = clone.appendingPathComponent("history/" + desktopName)
    let text = try String(contentsOf: file, encoding: .utf8)
    let answer = try #require(text.range(of: "\tichi\t"))
    try Data(text.replacingCharacters(in: answer, with: "\tnope\t").utf8).write(to: file)
    let capitals = Self.inCapitals(desktopName)
    try Data(contentsOf: file).write(to: clone.appendingPathComponent("history/" + capitals))
    try FileManager.default.createSymbolicLink(
      atPath: clone.appendingPathComponent("history/0badc0de.log").path, withDestinationPath: "/etc/passwd")
    try remote.push(clone)

    let result = try Self.sync(laptop)
    let warnings = Self.warnings(result)
    #expect(warnings.count == 3, "\(result.stderr)")
    #expect(warnings.contains { $0.contains(String(desktopName.prefix(8))) && $0.contains("left out") })
    #expect(warnings.contains { $0.contains(capitals) }, "\(capitals): \(warnings)")
    #expect(warnings.contains { $0.contains("0badc0de.log") })
    #expect(laptop.files()[desktopName] == before, "what was read before is kept")
    #expect(laptop.files().count == 2)
    #expect(try laptop.answersInHistory() == 2)
  }

  @Test func entriesOfHistoryThatAreNotAMachinesFileAreLeftOutNotDoubled() throws {
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    try laptop.play("Colours", answers: ["aka", "ao", "x"])
    let name = try Self.ownName(laptop)
    let own = laptop.history.appendingPathComponent(name)
    let capitals = Self.inCapitals(name)
    try Data(contentsOf: own).write(to: laptop.history.appendingPathComponent(capitals))
    try FileManager.default.createDirectory(
      at: laptop.history.appendingPathComponent("x.log"), withIntermediateDirectories: false)
    try Data("a note of a file sync".utf8).write(to: laptop.history.appendingPathComponent(".syncthing.tmp"))
    let scores = try laptop.sandbox.run(["scores", "--json"])
    #expect(scores.status == 0, "\(scores.stderr)")
    #expect(try laptop.sandbox.storedScore("Colours") == (2, 1))
    let warnings = Self.warnings(scores)
    #expect(warnings.count == 2, "\(scores.stderr)")
    #expect(warnings.contains { $0.contains(capitals) }, "\(capitals): \(warnings)")
    #expect(warnings.contains { $0.contains("x.log") })
    #expect(try laptop.answersInHistory() == 3)
  }

  @Test(arguments: ["fd::17", "ext::sh -c touch% pwned", "EXT::sh -c touch% pwned"])
  func aTransportThatRunsACommandIsRefused(_ address: String) throws {
    let laptop = try Self.machine()
    let result = try laptop.sandbox.run(["sync", "--init", address])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("memoquiz: error: the remote"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: laptop.sandbox.folder.appendingPathComponent("local/sync").path))
  }

  @Test func gitsOwnMessagesComeFirstAsGitWroteThem() throws {
    let laptop = try Self.machine()
    let nowhere = laptop.sandbox.folder.appendingPathComponent("no-such-remote").path
    let result = try laptop.sandbox.run(["sync", "--init", nowhere])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "fatal: '\(nowhere)' does not appear to be a git repository", "\(result.stderr)")
    #expect(
      lines.suffix(2) == [
        "memoquiz: error: git fetch -q --prune -- origin failed (git's message is above); your answers are safe "
          + "here, and `memoquiz sync` tries again",
        "",
      ], "\(result.stderr)")
  }

  @Test func aRemoteThatDoesNotAnswerIsGivenUp() async throws {
    let server = try SilentServer()
    let laptop = try Self.machine()
    let result = await laptop.sandbox.runWaiting(
      ["sync", "--init", "git://127.0.0.1:\(server.port)/r.git"], environment: ["MEMOQUIZ_SYNC_TIMEOUT": "2"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("the remote did not answer within 2 seconds"), "\(result.stderr)")
  }

  @Test func withNoGitIdentityAFailedInitIsCompletedBySync() throws {
    let remote = try Remote()
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    for name in ["GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL"] {
      laptop.sandbox.environment[name] = nil
    }
    laptop.sandbox.environment["HOME"] = laptop.sandbox.folder.path
    laptop.sandbox.environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    laptop.sandbox.environment["GIT_CONFIG_NOSYSTEM"] = "1"
    try laptop.play("Colours", answers: ["aka"])
    let later = remote.place.folder.appendingPathComponent("later.git").path
    let failed = try laptop.sandbox.run(["sync", "--init", later])
    #expect(failed.status == 1)
    try Remote.git(["init", "-q", "--bare", "-b", "main", later])
    let completed = try laptop.sandbox.run(["sync"])
    #expect(completed.status == 0, "\(completed.stderr)")
    #expect(
      completed.stdout
        == "Sent 1 answer, 1 change of the questions of this machine.\nNothing new from other machines.\n")
    let name = try Self.ownName(laptop)
    #expect(try Remote.git(["--git-dir", later, "show", "main:history/" + name]).contains("aka"))
  }

  @Test func aLearnersOwnRepositoryIsNeverChanged() throws {
    let remote = try Remote()
    let theirs = remote.place.folder.appendingPathComponent("theirs.git").path
    try Remote.git(["init", "-q", "--bare", "-b", "main", theirs])
    let laptop = try Self.machine()
    let folder = laptop.sandbox.folder
    try laptop.play("Colours", answers: ["aka"])
    try Data("*.log\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
    try Data("my notes\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    try Remote.git(["init", "-q", "-b", "main"], in: folder)
    try Remote.git(["add", "notes.txt", ".gitignore"], in: folder)
    try Remote.git(["commit", "-q", "-m", "my notes"], in: folder)
    try Remote.git(["remote", "add", "origin", theirs], in: folder)
    let state = {
      try [
        Remote.git(["log", "--all", "--format=%H %s"], in: folder),
        Remote.git(["config", "--list", "--local"], in: folder),
        Remote.git(["status", "--porcelain", "--ignored"], in: folder),
        String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8),
      ]
    }
    let before = try state()
    let refused = try laptop.sandbox.run(["sync"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("not set up for sync"), "\(refused.stderr)")
    _ = try Self.sync(laptop, ["--init", remote.address])
    try laptop.play("Numbers", answers: ["ichi"])
    _ = try Self.sync(laptop)
    #expect(try state() == before, "the learner's repository is as it was")
    #expect(try Remote.git(["--git-dir", theirs, "for-each-ref"]).isEmpty, "nothing was pushed to their remote")
    #expect(try !Remote.git(["--git-dir", remote.address, "ls-tree", "-r", "--name-only", "main"]).contains("notes"))
  }

  @Test func aFolderTheThirdReleaseMadeARepositoryIsCarriedOver() throws {
    let remote = try Remote()
    let laptop = try Self.machine()
    let folder = laptop.sandbox.folder
    try laptop.play("Colours", answers: ["aka", "ao"])
    // As 3.0's `sync --init` left it: the data folder is the repository.
    try Data(
      "# memoquiz: only the history is shared; each machine keeps the rest.\n/*\n!/history/\n!/.gitignore\n".utf8
    )
    .write(to: folder.appendingPathComponent(".gitignore"))
    try Remote.git(["init", "-q", "-b", "main"], in: folder)
    try Remote.git(["add", "-A"], in: folder)
    try Remote.git(["commit", "-q", "-m", "memoquiz: 2 steps"], in: folder)
    try Remote.git(["remote", "add", "origin", remote.address], in: folder)
    try Remote.git(["push", "-q", "-u", "origin", "main"], in: folder)
    try laptop.play("Numbers", answers: ["ichi"])
    let result = try Self.sync(laptop)
    #expect(result.stdout.hasPrefix("Sent 1 answer"), "\(result.stdout)")
    let desktop = try Self.machine("2026-12-01T10:00:00Z")
    let join = try Self.sync(desktop, ["--init", remote.address])
    #expect(join.stdout.contains("3 answers"), "\(join.stdout)")
    _ = try Self.sync(laptop)
    let views = (try desktop.views(), try laptop.views())
    #expect(views.0 == views.1, "\(views)")
  }

  @Test func aDamagedCloneIsMadeAgainAndNothingIsLost() throws {
    let remote = try Remote()
    let laptop = try Self.machine()
    try laptop.play("Colours", answers: ["aka"])
    _ = try Self.sync(laptop, ["--init", remote.address])
    let git = laptop.sandbox.folder.appendingPathComponent("local/sync/.git")
    // As a power cut can leave it: a torn config and HEAD, a stale lock.
    try Data("[core]\n\trepositoryformat".utf8).write(to: git.appendingPathComponent("config"))
    try Data("ref: refs/hea".utf8).write(to: git.appendingPathComponent("HEAD"))
    try Data().write(to: git.appendingPathComponent("index.lock"))
    try laptop.play("Numbers", answers: ["ichi", "ni"])
    let result = try Self.sync(laptop)
    #expect(result.stdout.hasPrefix("Sent 2 answers"), "\(result.stdout)")
    let name = try Self.ownName(laptop)
    #expect(
      try remote.file("history/" + name)
        == String(contentsOf: laptop.history.appendingPathComponent(name), encoding: .utf8))
  }

  @Test func twoSyncsAtOnceTakeTurns() throws {
    let remote = try Remote()
    let laptop = try Self.machine()
    _ = try Self.sync(laptop, ["--init", remote.address])
    try laptop.play("Colours", answers: ["aka", "ao"])
    let first = try laptop.sandbox.launch(["sync"])
    let second = try laptop.sandbox.launch(["sync"])
    first.closeInput()
    second.closeInput()
    let results = [first.wait(), second.wait()]
    for result in results { #expect(result.status == 0, "\(result.stderr)") }
    #expect(results.filter { $0.stdout.hasPrefix("Sent 2 answers") }.count == 1, "\(results.map(\.stdout))")
    let name = try Self.ownName(laptop)
    #expect(
      try remote.file("history/" + name)
        == String(contentsOf: laptop.history.appendingPathComponent(name), encoding: .utf8))
  }

  @Test func syncSaysWhatArrivedInTheLearnersTerms() throws {
    let remote = try Remote()
    let laptop = try Self.machine()
    let desktop = try Self.machine("2026-12-01T10:00:00Z")
    _ = try Self.sync(laptop, ["--init", remote.address])
    _ = try Self.sync(desktop, ["--init", remote.address])
    try desktop.play("Numbers", answers: ["ichi", "x", "san"])
    #expect(try desktop.sandbox.run(["undo"]).status == 0)
    #expect(try desktop.sandbox.run(["add", "Numbers", "four", "yon"]).status == 0)
    let sent = try Self.sync(desktop)
    #expect(sent.stdout.hasPrefix("Sent 3 answers, 1 change of the questions, 1 undo of this machine.\n"))
    let arrived = try Self.sync(laptop)
    #expect(
      arrived.stdout.hasPrefix("Nothing new to send.\n3 answers, 2 changes of the questions, 1 undo from \""),
      "\(arrived.stdout)")
    #expect(!arrived.stdout.contains("record") && !arrived.stdout.contains("mark"))
  }
}

extension SyncTrustTests {
  static func steps(_ machine: Machine) throws -> [[String: Any]] {
    let result = try machine.sandbox.run(["history", "--json"])
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
  }

  @Test func aStepKeepsItsMachineAndAnotherMachinesUndoLeavesItsRoundFinished() throws {
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    let desktop = try Machine(now: "2026-12-01T10:00:00Z")
    try desktop.play("Colours", answers: ["aka"])
    let before = try #require(Self.steps(desktop).first?["machine"] as? String)
    #expect(try !desktop.sandbox.run(["history"]).stdout.contains("["), "one machine: none named")
    // The laptop finishes a round, and its steps arrive on the desktop.
    try laptop.play("Numbers", answers: ["ichi", "ni", "san"])
    try SeveralMachinesTests.copy(from: laptop, to: desktop)
    let steps = try Self.steps(desktop)
    let colours = try #require(steps.first { $0["group"] as? String == "Colours" })
    #expect(colours["machine"] as? String == before, "a step's machine reads the same after others arrive")
    let listed = try desktop.sandbox.run(["history", "Colours"])
    #expect(
      listed.stdout.split(separator: "\n").dropFirst().allSatisfy { $0.contains("[") },
      "every step names its machine: \(listed.stdout)")
    // The desktop takes back the laptop's last answer by its global id.
    let last = try #require(steps.first { $0["group"] as? String == "Numbers" })
    let global = try #require(last["step"] as? String)
    let undo = try desktop.sandbox.run(["undo", global])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stdout.hasPrefix("Took back step"), "\(undo.stdout)")
    #expect(try desktop.sandbox.run(["undo", "0badc0de-9"]).stderr.contains("there is no step 0badc0de-9"))
    try SeveralMachinesTests.copy(from: desktop, to: laptop)
    #expect(try laptop.sandbox.storedScore("Numbers") == (2, 0))
    // The laptop's round stays finished: a new one starts at its first question.
    let next = try laptop.sandbox.run(["play", "Numbers", "--strategy", "sequential"], input: "ichi\n")
    let verdict = next.stdout.split(separator: "\n").first { $0.hasPrefix("Correct") || $0.hasPrefix("Incorrect") }
    #expect(verdict?.hasPrefix("Correct") == true, "\(next.stdout)")
  }
}

extension SyncTrustTests {
  @Test func stepsAndSnapshotsMemoquizMakesOnItsOwnFollowMemoquizNow() throws {
    let laptop = try Machine(now: "2030-03-01T09:00:00Z")
    let desktop = try Machine(now: "2030-03-01T10:00:00Z")
    #expect(try laptop.sandbox.run(["add", "Numbers", "four", "yon"]).status == 0)
    try SeveralMachinesTests.copy(from: laptop, to: desktop)
    #expect(try desktop.sandbox.run(["groups"]).status == 0)
    // The desktop's file is edited by hand while the laptop changes the questions.
    let edited = try String(contentsOf: desktop.sandbox.questionsFile, encoding: .utf8)
      .replacingOccurrences(of: "\"kuro\"", with: "\"kuro\", \"hint\": \"dark\"")
    try Data(edited.utf8).write(to: desktop.sandbox.questionsFile)
    // The laptop changes the same question.
    let script = laptop.sandbox.folder.appendingPathComponent("editor.sh")
    try Data("sed -i 's/\"kuro\"/\"kuro\", \"hint\": \"night\"/' \"$1\"\n".utf8).write(to: script)
    #expect(try laptop.sandbox.run(["edit"], environment: ["EDITOR": "sh \(script.path)", "VISUAL": ""]).status == 0)
    try SeveralMachinesTests.copy(from: laptop, to: desktop)
    #expect(try desktop.sandbox.run(["groups"]).status == 0)
    let handEdit = try Self.steps(desktop).first { ($0["summary"] as? String)?.contains("by hand") == true }
    #expect(handEdit?["time"] as? String == "2030-03-01T10:00:00Z", "\(String(describing: handEdit))")
    // A conflict's snapshot is dated by MEMOQUIZ_NOW too.
    try SeveralMachinesTests.copy(from: desktop, to: laptop)
    let laptopView = try laptop.sandbox.run(["groups"])
    #expect(laptopView.stderr.contains("questions changed on both"), "\(laptopView.stderr)")
    let snapshots = try laptop.sandbox.run(["snapshots"]).stdout
    let line = snapshots.split(separator: "\n").first { $0.contains("another machine") }
    #expect(line?.contains("2030-03-01") == true, "\(snapshots)")
  }
}

/// A TCP server that accepts connections and never answers: a remote that
/// does not answer.
final class SilentServer {
  let descriptor: Int32
  let port: Int

  init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.descriptor = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(bound == 0 && listen(descriptor, 8) == 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { close(descriptor) }
}
