import Foundation
import Testing

/// This machine's own history file never goes back, and two folders that
/// share one machine identity are told apart: a file restored from a
/// backup is restored from the longer copy before anything is appended and
/// never sent shorter, and a copied folder becomes a new machine with every
/// answer of both kept. Each test runs the real binary and the real git
/// against a bare remote in the temp folder.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
struct OwnHistoryFileTests {
  typealias Remote = SyncTrustTests.Remote
  typealias Machine = SeveralMachinesTests.Machine

  static func sync(_ machine: Machine, _ arguments: [String] = []) throws -> MemoQuizResult {
    try SyncTrustTests.sync(machine, arguments)
  }

  static func warnings(_ result: MemoQuizResult) -> [String] { SyncTrustTests.warnings(result) }

  /// Replaces everything in `target`'s data folder by a copy of
  /// `source`'s: a backup put back, or a folder copied whole.
  static func copyFolder(from source: URL, to target: URL) throws {
    let manager = FileManager.default
    for name in try manager.contentsOfDirectory(atPath: target.path) {
      try manager.removeItem(at: target.appendingPathComponent(name))
    }
    for name in try manager.contentsOfDirectory(atPath: source.path) {
      try manager.copyItem(at: source.appendingPathComponent(name), to: target.appendingPathComponent(name))
    }
  }

  /// The steps of `history --json`: each step's global id and machine.
  static func steps(_ machine: Machine) throws -> [[String: Any]] {
    let result = try machine.sandbox.run(["history", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
  }

  /// The answers of `history --json`, as group, prompt and what was typed.
  static func answers(_ machine: Machine) throws -> [String] {
    try steps(machine).filter { $0["kind"] as? String == "answer" }.map {
      "\($0["group"] ?? "") \($0["prompt"] ?? "") \($0["typed"] ?? "")"
    }.sorted()
  }

  /// A laptop backed up whole after two answers, then answered in and
  /// synced, and a desktop that took its steps from the remote.
  static func backedUp() throws -> (remote: Remote, laptop: Machine, desktop: Machine, backup: Machine) {
    let remote = try Remote()
    let laptop = try SyncTrustTests.machine()
    let desktop = try SyncTrustTests.machine("2026-12-01T10:00:00Z")
    try laptop.play("Colours", answers: ["aka", "ao"])
    _ = try sync(laptop, ["--init", remote.address])
    let backup = try SyncTrustTests.machine()
    try copyFolder(from: laptop.sandbox.folder, to: backup.sandbox.folder)
    try laptop.play("Numbers", answers: ["ichi", "ni"])
    _ = try sync(laptop)
    _ = try sync(desktop, ["--init", remote.address])
    return (remote, laptop, desktop, backup)
  }

  /// A laptop that synced two answers, whose own history file was then
  /// copied as a backup, and that answered and synced two more.
  static func syncedAfterABackupOfItsFile() throws -> (remote: Remote, laptop: Machine, own: URL, backup: Data) {
    let remote = try Remote()
    let laptop = try SyncTrustTests.machine()
    try laptop.play("Colours", answers: ["aka", "ao"])
    _ = try sync(laptop, ["--init", remote.address])
    let own = laptop.history.appendingPathComponent(try SyncTrustTests.ownName(laptop))
    let backup = try Data(contentsOf: own)
    try laptop.play("Numbers", answers: ["ichi", "ni"])
    _ = try sync(laptop)
    return (remote, laptop, own, backup)
  }

  @Test func anOwnFileRestoredFromABackupIsRestoredFromTheCloneBeforeAnythingIsAppended() throws {
    let (remote, laptop, own, backup) = try Self.syncedAfterABackupOfItsFile()
    let name = own.lastPathComponent
    let before = try Self.answers(laptop)

    // Only the history file is put back: local/ still knows how far it reached.
    try backup.write(to: own)
    let views = try laptop.sandbox.run(["history", "--json"])
    #expect(
      Self.warnings(views).count == 1
        && views.stderr.contains("went back") && views.stderr.contains("restored from the copy that sync keeps"),
      "\(views.stderr)")
    #expect(try Self.answers(laptop) == before)
    try laptop.play("Numbers", answers: ["san"])
    let result = try Self.sync(laptop)
    #expect(Self.warnings(result).isEmpty, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Sent 1 answer"), "\(result.stdout)")
    #expect(try remote.file("history/" + name) == String(decoding: try Data(contentsOf: own), as: UTF8.self))
    #expect(try Self.answers(laptop).count == 5)
  }

  @Test func aFolderRestoredWholeTakesItsStepsBackFromTheRemoteAndNeverSendsItsFileShorter() throws {
    let (remote, laptop, desktop, backup) = try Self.backedUp()
    let name = try SyncTrustTests.ownName(laptop)
    let longer = try remote.file("history/" + name)

    // The whole folder, local/ included, put back as it was.
    try Self.copyFolder(from: backup.sandbox.folder, to: laptop.sandbox.folder)
    #expect(try Self.answers(laptop).count == 2)
    let result = try Self.sync(laptop)
    #expect(
      Self.warnings(result).count == 1 && result.stderr.contains("held less than the remote's copy of it"),
      "\(result.stderr)")
    #expect(try remote.file("history/" + name) == longer)
    #expect(try Self.answers(laptop) == Self.answers(desktop))
    #expect(try Self.answers(laptop).count == 4)
    let again = try Self.sync(desktop)
    #expect(Self.warnings(again).isEmpty, "\(again.stderr)")
  }

  @Test func aFolderRestoredWholeAndAnsweredInIsSplitOffWithEveryAnswerKept() throws {
    let (remote, laptop, desktop, backup) = try Self.backedUp()
    // The bare repository goes with its `Remote`: it must outlive every sync.
    defer { withExtendedLifetime(remote) {} }

    // Put back, then answered in before a sync: its new steps took the
    // numbers of steps the remote holds.
    try Self.copyFolder(from: backup.sandbox.folder, to: laptop.sandbox.folder)
    try laptop.play("Colours", answers: ["x"])
    let result = try Self.sync(laptop)
    #expect(
      Self.warnings(result).count == 1 && result.stderr.contains("shares this machine's identity"),
      "\(result.stderr)")
    _ = try Self.sync(desktop)
    #expect(try Self.answers(laptop).count == 5)
    #expect(try Self.answers(laptop) == Self.answers(desktop))
    #expect(laptop.files() == desktop.files())
    #expect(try laptop.views() == desktop.views())
    let ids = try Self.steps(laptop).compactMap { $0["step"] as? String }
    #expect(Set(ids).count == ids.count, "\(ids)")
  }

  @Test func twoFoldersWithOneIdentityAreToldApartOnceAndKeepEveryAnswer() throws {
    let remote = try Remote()
    let laptop = try SyncTrustTests.machine()
    try laptop.play("Colours", answers: ["aka", "ao"])
    _ = try Self.sync(laptop, ["--init", remote.address])
    // A copy of the whole folder, local/machine included.
    let copy = try SyncTrustTests.machine("2026-12-01T10:00:00Z")
    try Self.copyFolder(from: laptop.sandbox.folder, to: copy.sandbox.folder)
    try laptop.play("Numbers", answers: ["ichi"])
    try copy.play("Numbers", answers: ["x", "ni"])
    #expect(Self.warnings(try Self.sync(laptop)).isEmpty)
    let split = try Self.sync(copy)
    #expect(
      Self.warnings(split).count == 1 && split.stderr.contains("shares this machine's identity")
        && split.stderr.contains("every answer of both is kept"), "\(split.stderr)")
    #expect(split.stdout.contains("1 answer from"), "\(split.stdout)")
    let taken = try Self.sync(laptop)
    #expect(Self.warnings(taken).isEmpty, "\(taken.stderr)")
    #expect(taken.stdout.contains("2 answers from"), "\(taken.stdout)")

    // Every answer of both, the same everywhere, and no more swapping.
    #expect(try Self.answers(laptop).count == 5)
    #expect(try Self.answers(laptop) == Self.answers(copy))
    #expect(laptop.files() == copy.files())
    #expect(try laptop.views() == copy.views())
    let machines = Set(try Self.steps(copy).compactMap { $0["machine"] as? String })
    #expect(machines.count == 2, "\(machines)")
    for machine in [laptop, copy, laptop] {
      let again = try Self.sync(machine)
      #expect(Self.warnings(again).isEmpty, "\(again.stderr)")
      #expect(again.stdout == "Nothing new to send.\nNothing new from other machines.\n", "\(again.stdout)")
    }
  }

  @Test func withNoLongerCopyKnownTheFolderBecomesANewMachineUntilTheCopyArrives() throws {
    let laptop = try SyncTrustTests.machine()
    try laptop.play("Colours", answers: ["aka", "ao"])
    let name = try SyncTrustTests.ownName(laptop)
    let own = laptop.history.appendingPathComponent(name)
    let backup = try Data(contentsOf: own)
    try laptop.play("Numbers", answers: ["ichi", "ni"])
    let longer = try Data(contentsOf: own)
    try backup.write(to: own)

    let views = try laptop.sandbox.run(["scores", "--json"])
    #expect(views.status == 0)
    #expect(
      Self.warnings(views).count == 1 && views.stderr.contains("went back")
        && views.stderr.contains("this folder is now a new machine"), "\(views.stderr)")
    try laptop.play("Numbers", answers: ["san"])
    // The old file is left as it is; the answer went to a file of its own.
    #expect(try Data(contentsOf: own) == backup)
    #expect(laptop.files().count == 2)
    // The longer copy arrives (from another folder, by any file sync).
    try longer.write(to: own)
    let later = try laptop.sandbox.run(["history", "--json"])
    #expect(Self.warnings(later).isEmpty, "\(later.stderr)")
    #expect(try Self.answers(laptop).count == 5)
    let ids = try Self.steps(laptop).compactMap { $0["step"] as? String }
    #expect(Set(ids).count == ids.count, "\(ids)")
  }

  @Test func aFileThatWentBackWithNoCloneTakesANewIdentityAndSyncBringsTheOldStepsBack() throws {
    let (remote, laptop, own, backup) = try Self.syncedAfterABackupOfItsFile()
    let name = own.lastPathComponent
    let longer = try remote.file("history/" + name)

    // The file put back, and the clone sync keeps gone with a cleanup.
    try backup.write(to: own)
    try FileManager.default.removeItem(at: laptop.sandbox.folder.appendingPathComponent("local/sync"))
    try laptop.play("Numbers", answers: ["san"])
    #expect(laptop.files().count == 2)
    let result = try Self.sync(laptop)
    #expect(Self.warnings(result).isEmpty, "\(result.stderr)")
    // The remote's copy of the old file was never sent shorter, and came back.
    #expect(try remote.file("history/" + name) == longer)
    #expect(String(decoding: try Data(contentsOf: own), as: UTF8.self) == longer)
    #expect(try Self.answers(laptop).count == 5)
    let ids = try Self.steps(laptop).compactMap { $0["step"] as? String }
    #expect(Set(ids).count == ids.count, "\(ids)")
  }

  @Test func aMarkAndAQuestionsStateOfThePreviousFormatSayNothing() throws {
    let laptop = try SyncTrustTests.machine()
    try laptop.play("Colours", answers: ["aka", "ao"])
    let name = try SyncTrustTests.ownName(laptop)
    let local = laptop.sandbox.folder.appendingPathComponent("local")
    let size = try Data(contentsOf: laptop.history.appendingPathComponent(name)).count
    let before = try Self.steps(laptop)
    // Written by the previous release, whose hash of the file's tail and of
    // the questions differed: neither may pass for a file gone back or a
    // hand edit.
    try "memoquiz own log\t\(name.prefix(8))\t\(size)\tdeadbeef\n".write(
      to: local.appendingPathComponent("own-log"), atomically: true, encoding: .utf8)
    try "12345\t1\t1\t1\tquestions-state\n".write(
      to: local.appendingPathComponent("questions-state"), atomically: true, encoding: .utf8)
    let views = try laptop.sandbox.run(["scores", "--json"])
    #expect(views.status == 0 && views.stderr == "", "\(views.stderr)")
    try laptop.play("Numbers", answers: ["ichi"])
    #expect(laptop.files().count == 1, "still one machine")
    let after = try Self.steps(laptop)
    #expect(after.count == before.count + 1, "the answer, and no questions step: \(after)")
  }
}
