import Foundation
import Testing

/// Whatever happened to the remote (a power cut on its disk, a rollback, a
/// `.gitattributes` pushed to it), `sync` recovers, loses no answer, and
/// history files travel as their bytes. Each test runs the real binary and
/// the real git against a bare remote in the temp folder.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
struct SyncRecoveryTests {
  typealias Remote = SyncTrustTests.Remote
  typealias Machine = SeveralMachinesTests.Machine

  static func sync(_ machine: Machine, _ arguments: [String] = []) throws -> MemoQuizResult {
    try SyncTrustTests.sync(machine, arguments)
  }

  static func warnings(_ result: MemoQuizResult) -> [String] { SyncTrustTests.warnings(result) }

  /// Two machines that synced with `remote`: the laptop last, so that its
  /// clone holds the remote's newest commit.
  static func twoMachines(_ remote: Remote) throws -> (laptop: Machine, desktop: Machine) {
    let laptop = try SyncTrustTests.machine()
    let desktop = try SyncTrustTests.machine("2026-12-01T10:00:00Z")
    try laptop.play("Colours", answers: ["aka", "ao"])
    try desktop.play("Numbers", answers: ["ichi"])
    for (machine, arguments) in [(laptop, ["--init", remote.address]), (desktop, ["--init", remote.address])] {
      #expect(Self.warnings(try Self.sync(machine, arguments)).isEmpty)
    }
    try laptop.play("Colours", answers: ["shiro"])
    #expect(Self.warnings(try Self.sync(laptop)).isEmpty)
    return (laptop, desktop)
  }

  /// Every history file the remote's branch holds, by name.
  static func remoteFiles(_ remote: Remote) throws -> [String: String] {
    let names = try Remote.git(["--git-dir", remote.address, "ls-tree", "--name-only", "main", "history/"])
      .split(separator: "\n").map(String.init)
    return try Dictionary(uniqueKeysWithValues: names.map { ($0.dropFirst(8).description, try remote.file($0)) })
  }

  static func text(_ files: [String: Data]) -> [String: String] {
    files.mapValues { String(decoding: $0, as: UTF8.self) }
  }

  /// Removes the object the remote's branch names, the ref kept: as a power
  /// cut on the remote's disk leaves it when the ref reached the disk and
  /// the object did not.
  static func loseBranchTip(_ remote: Remote) throws {
    let tip = try Remote.git(["--git-dir", remote.address, "rev-parse", "main"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let objects = URL(fileURLWithPath: remote.address).appendingPathComponent("objects")
    let loose = objects.appendingPathComponent(String(tip.prefix(2))).appendingPathComponent(String(tip.dropFirst(2)))
    if FileManager.default.fileExists(atPath: loose.path) {
      try FileManager.default.removeItem(at: loose)
    } else {
      // Packed: the packs go.
      try FileManager.default.removeItem(at: objects.appendingPathComponent("pack"))
    }
    // git itself now refuses the remote.
    let fetch = Process()
    fetch.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    fetch.arguments = ["--git-dir", remote.address, "cat-file", "-e", tip]
    fetch.standardError = FileHandle.nullDevice
    try fetch.run()
    fetch.waitUntilExit()
    try #require(fetch.terminationStatus != 0, "the remote no longer holds \(tip)")
  }

  @Test(arguments: ["loose", "packed"])
  func aRemoteWhoseBranchNamesAnObjectItLostIsMadeAgainWithEveryFile(_ kind: String) throws {
    let remote = try Remote()
    let (laptop, desktop) = try Self.twoMachines(remote)
    if kind == "packed" { try Remote.git(["--git-dir", remote.address, "repack", "-a", "-d", "-q"]) }
    try Self.loseBranchTip(remote)
    let answers = (try laptop.answersInHistory(), try desktop.answersInHistory())

    // The laptop's clone holds the lost commit: its fetch has nothing to
    // do, and the remote refuses its push.
    try laptop.play("Numbers", answers: ["ni"])
    let laptopSync = try Self.sync(laptop)
    #expect(
      Self.warnings(laptopSync).contains { $0.contains("lost commits") && $0.contains("made again") },
      "\(laptopSync.stderr)")
    #expect(laptopSync.stdout.hasPrefix("Sent 4 answers"), "\(laptopSync.stdout)")
    // The desktop's clone does not: its fetch is refused; the remote it
    // finds now lacks the commit it pushed.
    try desktop.play("Numbers", answers: ["san"])
    let desktopSync = try Self.sync(desktop)
    #expect(desktopSync.stderr.contains("lost commits"), "\(desktopSync.stderr)")
    // The laptop's answers it had not read yet arrive from the new remote.
    #expect(desktopSync.stdout.contains("\n2 answers from"), "\(desktopSync.stdout)")
    #expect(try Self.sync(laptop).stdout.contains("1 answer from"))

    // Nothing was lost, both machines agree, and sync is quiet again.
    #expect(try laptop.answersInHistory() == answers.0 + 2)
    #expect(try desktop.answersInHistory() == answers.1 + 3)
    #expect(laptop.files() == desktop.files())
    #expect(try Self.remoteFiles(remote) == Self.text(laptop.files()))
    #expect(try laptop.views() == desktop.views())
    for machine in [laptop, desktop] {
      let again = try Self.sync(machine)
      #expect(Self.warnings(again).isEmpty, "\(again.stderr)")
      #expect(again.stdout == "Nothing new to send.\nNothing new from other machines.\n", "\(again.stdout)")
    }
    // The damaged remote is kept as it was, beside the new one.
    let kept = try FileManager.default.contentsOfDirectory(atPath: remote.place.folder.path)
      .filter { $0.hasPrefix("remote.damaged-") }
    #expect(kept.count == 1, "\(kept)")
  }

  @Test func syncInitToTheDamagedRemoteRecoversToo() throws {
    let remote = try Remote()
    let (laptop, desktop) = try Self.twoMachines(remote)
    try Self.loseBranchTip(remote)
    let result = try Self.sync(desktop, ["--init", remote.address])
    #expect(result.stderr.contains("lost commits"), "\(result.stderr)")
    // The desktop held the laptop's file as far as it had read it.
    #expect(result.stdout.contains("Sent the history file of 1 other machine that the remote lacked."))
    _ = try Self.sync(laptop)
    _ = try Self.sync(desktop)
    #expect(laptop.files() == desktop.files())
  }

  @Test func aRemoteGivenInPlaceOfAnotherGetsEveryFileAndOnlyThen() throws {
    let remote = try Remote()
    let (laptop, desktop) = try Self.twoMachines(remote)
    _ = try Self.sync(desktop)
    let other = remote.place.folder.appendingPathComponent("other.git").path
    try Remote.git(["init", "-q", "--bare", "-b", "main", other])
    let moved = try Self.sync(desktop, ["--init", other])
    #expect(Self.warnings(moved).isEmpty, "\(moved.stderr)")
    #expect(moved.stdout.contains("Sent the history file of 1 other machine that the remote lacked."))
    #expect(
      try Remote.git(["--git-dir", other, "ls-tree", "--name-only", "main", "history/"]).split(separator: "\n").count
        == 2)
    // A machine set up for the first time sends its own file alone.
    let third = try SyncTrustTests.machine("2026-12-01T11:00:00Z")
    let fresh = remote.place.folder.appendingPathComponent("fresh.git").path
    try Remote.git(["init", "-q", "--bare", "-b", "main", fresh])
    try SeveralMachinesTests.copy(from: laptop, to: third)
    try third.play("Numbers", answers: ["ichi"])
    let first = try Self.sync(third, ["--init", fresh])
    #expect(!first.stdout.contains("lacked"), "\(first.stdout)")
    #expect(
      try Remote.git(["--git-dir", fresh, "ls-tree", "--name-only", "main", "history/"]).split(separator: "\n").count
        == 1)
  }

  @Test func aBrokenRefAndALeftLockOfTheRemoteAreMended() throws {
    let remote = try Remote()
    let (laptop, _) = try Self.twoMachines(remote)
    let refs = URL(fileURLWithPath: remote.address).appendingPathComponent("refs/heads")
    // A lock file that reached the disk, the process that made it gone.
    try Data().write(to: refs.appendingPathComponent("main.lock"))
    try laptop.play("Numbers", answers: ["ni"])
    let unlocked = try Self.sync(laptop)
    #expect(unlocked.stdout.hasPrefix("Sent 1 answer"), "\(unlocked.stdout)")
    #expect(Self.warnings(unlocked).count == 1 && unlocked.stderr.contains("the lock was removed"))
    // A ref whose new value never reached the disk.
    try Data().write(to: refs.appendingPathComponent("main"))
    try laptop.play("Numbers", answers: ["san"])
    let remade = try Self.sync(laptop)
    #expect(remade.stderr.contains("lost commits"), "\(remade.stderr)")
    #expect(try Self.remoteFiles(remote) == Self.text(laptop.files()))
  }

  @Test func aRemoteRolledBackIsToldAndGetsEveryFileItLacksAgain() throws {
    let remote = try Remote()
    let (laptop, desktop) = try Self.twoMachines(remote)
    // Rolled back to the laptop's first push, by force: the desktop's file
    // and the laptop's last answer are gone from it.
    let first = try Remote.git(["--git-dir", remote.address, "rev-list", "--max-parents=0", "main"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try Remote.git(["--git-dir", remote.address, "update-ref", "refs/heads/main", first])
    let result = try Self.sync(laptop)
    #expect(
      Self.warnings(result) == [
        "memoquiz: warning: the remote \(remote.address) lost commits this machine had sent (it was rolled back, "
          + "restored from a backup or rewritten); this machine's history file and those of 1 other machine were "
          + "sent to it again"
      ], "\(result.stderr)")
    #expect(try Self.remoteFiles(remote) == Self.text(laptop.files()))
    // Said once. The desktop's commit is gone too, and it is told so; the
    // laptop sent its file back already.
    #expect(Self.warnings(try Self.sync(laptop)).isEmpty)
    #expect(
      Self.warnings(try Self.sync(desktop)) == [
        "memoquiz: warning: the remote \(remote.address) lost commits this machine had sent (it was rolled back, "
          + "restored from a backup or rewritten); it lacks none of the history files held here"
      ])
    #expect(Self.warnings(try Self.sync(desktop)).isEmpty)
    #expect(laptop.files() == desktop.files())
  }

  @Test func historyFilesTravelAsTheirBytesWhateverTheRemotesAttributes() throws {
    let remote = try Remote()
    let laptop = try SyncTrustTests.machine()
    let desktop = try SyncTrustTests.machine("2026-12-01T10:00:00Z")
    try laptop.play("Colours", answers: ["aka", "ao"])
    _ = try Self.sync(laptop, ["--init", remote.address])
    // Someone pushes attributes that convert line ends, and rules that
    // ignore every log.
    let clone = try remote.attacker()
    try Data("* text eol=crlf\n".utf8).write(to: clone.appendingPathComponent(".gitattributes"))
    try Data("*.log\nhistory/\n".utf8).write(to: clone.appendingPathComponent(".gitignore"))
    try remote.push(clone)
    try desktop.play("Numbers", answers: ["ichi"])
    for (machine, arguments) in [(desktop, ["--init", remote.address]), (laptop, []), (desktop, [])] {
      let result = try Self.sync(machine, arguments)
      #expect(Self.warnings(result).isEmpty, "\(result.stderr)")
    }
    #expect(laptop.files() == desktop.files())
    #expect(laptop.files().count == 2)
    #expect(try Self.remoteFiles(remote) == Self.text(laptop.files()))
    // An encoding git would convert to and from: the next syncs neither
    // fail nor send a garbled copy.
    let again = try remote.attacker()
    try Data("history/*.log working-tree-encoding=UTF-16LE\n".utf8)
      .write(to: again.appendingPathComponent(".gitattributes"))
    try Remote.git(["add", ".gitattributes"], in: again)
    try Remote.git(["commit", "-q", "-m", "an encoding"], in: again)
    try Remote.git(["push", "-q", "origin", "HEAD:main"], in: again)
    for machine in [laptop, desktop, laptop, desktop] {
      try machine.play("Numbers", answers: ["ni"])
      let result = try Self.sync(machine)
      #expect(Self.warnings(result).isEmpty, "\(result.stderr)")
    }
    #expect(try Self.sync(laptop).stdout.contains("1 answer from"))
    #expect(laptop.files() == desktop.files())
    #expect(try Self.remoteFiles(remote) == Self.text(laptop.files()))
    #expect(try laptop.views() == desktop.views())
  }

  @Test func aCloneCheckedOutConvertedIsMadeAgain() throws {
    let remote = try Remote()
    let laptop = try SyncTrustTests.machine()
    let desktop = try SyncTrustTests.machine("2026-12-01T10:00:00Z")
    try laptop.play("Colours", answers: ["aka"])
    _ = try Self.sync(laptop, ["--init", remote.address])
    _ = try Self.sync(desktop, ["--init", remote.address])
    let clone = try remote.attacker()
    try Data("* text eol=crlf\n".utf8).write(to: clone.appendingPathComponent(".gitattributes"))
    try remote.push(clone)
    _ = try Self.sync(desktop)
    // As an earlier release left the desktop's clone: its files checked out
    // with the remote's attributes.
    let desktopClone = desktop.sandbox.folder.appendingPathComponent("local/sync")
    try FileManager.default.removeItem(at: desktopClone.appendingPathComponent(".git/info/attributes"))
    try Remote.git(["rm", "-q", "-r", "--cached", "history"], in: desktopClone)
    try Remote.git(["reset", "-q", "--hard"], in: desktopClone)
    let name = try SyncTrustTests.ownName(laptop)
    let converted = try Data(contentsOf: desktopClone.appendingPathComponent("history/" + name))
    try #require(converted.contains(13), "the checkout converted line ends")
    try laptop.play("Colours", answers: ["ao"])
    _ = try Self.sync(laptop)
    let result = try Self.sync(desktop)
    #expect(Self.warnings(result).isEmpty, "\(result.stderr)")
    #expect(result.stdout.contains("1 answer from"), "\(result.stdout)")
    #expect(laptop.files() == desktop.files())
  }
}

/// Every command that reads the history says what under `history/` it left
/// out, once, whichever way it read it.
struct HistoryLeftOutTests {
  typealias Machine = SeveralMachinesTests.Machine

  @Test func everyCommandThatReadsTheHistoryWarnsOnceOfEachEntryLeftOut() throws {
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    try laptop.play("Colours", answers: ["aka", "ao", "x"])
    // The outlook is written: `groups` and `today` read it, not the history.
    #expect(try laptop.sandbox.run(["groups"]).status == 0)
    let name = try SyncTrustTests.ownName(laptop)
    let id = String(name.dropLast(4))
    let own = laptop.history.appendingPathComponent(name)
    let conflict = "\(id).sync-conflict-20261201-101010-ABCDEFG.log"
    let capitals = SyncTrustTests.inCapitals(name)
    try Data(contentsOf: own).write(to: laptop.history.appendingPathComponent(conflict))
    try Data(contentsOf: own).write(to: laptop.history.appendingPathComponent(capitals))
    try FileManager.default.createDirectory(
      at: laptop.history.appendingPathComponent("0a0b0c0d.log"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: laptop.history.appendingPathComponent("0badc0de.log").path, withDestinationPath: own.path)
    try Data("a note of a file sync".utf8).write(to: laptop.history.appendingPathComponent(".syncthing.tmp"))
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("memoquiz-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: outside) }
    let commands = [
      ["groups"], ["today"], ["today", "--json"], ["scores", "--json"], ["history", "Colours"], ["history", "--json"],
      ["stats"], ["export", "--output", outside.path],
    ]
    for command in commands {
      let result = try laptop.sandbox.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      let warnings = SyncTrustTests.warnings(result)
      #expect(warnings.count == 4, "\(command): \(result.stderr)")
      #expect(
        warnings.contains {
          $0.contains(conflict) && $0.contains("conflict copy Syncthing made") && $0.contains("machine \(id)")
        }, "\(command): \(warnings)")
      #expect(warnings.contains { $0.contains(capitals) && $0.contains("only \(name)") }, "\(command): \(warnings)")
      #expect(warnings.contains { $0.contains("0a0b0c0d.log is a folder") }, "\(command): \(warnings)")
      #expect(warnings.contains { $0.contains("0badc0de.log is a link") }, "\(command): \(warnings)")
      #expect(warnings.allSatisfy { $0.contains("left out") })
    }
    #expect(try laptop.answersInHistory() == 3)
  }
}
