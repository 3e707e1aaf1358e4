import Foundation
import Testing

@testable import MemoQuizKit

/// The durability promise under fault: kills, concurrent processes, a
/// read-only folder and a full disk. Each test drives the real binary.
@Suite struct FaultTests {
  /// Verdict lines in some output.
  private func verdicts(_ output: String) -> Int {
    output.split(separator: "\n").filter { $0.hasPrefix("Correct") || $0.hasPrefix("Incorrect") }.count
  }

  /// The correct and incorrect answers of a group as a new process reads
  /// them for `groups`: the outlook and the history after it, without the
  /// 3,000 questions' memory and JSON that `scores --json` adds.
  private func answersOnDisk(_ sandbox: MemoQuizSandbox, _ title: String) throws -> (correct: Int, incorrect: Int) {
    var warnings: [String] = []
    let progress = try ProgressCaretaker(folder: DataFolder(path: sandbox.folder.path)) { warnings.append($0) }
    #expect(warnings.isEmpty, "\(warnings)")
    let score = progress.progressWithoutMemory.groups[title]?.answerScore ?? Score()
    return (score.correctCount, score.incorrectCount)
  }

  @Test func killsAtRandomMomentsNeverLoseAPrintedAnswer() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Big"], count: 3000)
    var printed = 0
    // Seeded, so that a failing run can be replayed.
    var generator = SeededGenerator(seed: 0x6B69_6C6C)
    let kills = 30
    // Every answer right or wrong by turns; all of them waiting in the pipe.
    let answers = (0..<3000).map { $0 % 2 == 0 ? "a\($0)" : "no" }.joined(separator: "\n") + "\n"
    for round in 0..<kills {
      let running = try sandbox.launch(["play", "Big", "--strategy", "sequential"])
      running.send(answers)
      // Half the kills come at any moment from the start; the others once the
      // round is under way (its first question shown, wherever it resumed),
      // so that they land among the saves.
      if round % 2 == 1 { #expect(running.waitForOutput(containing: "/3000] q"), "round \(round) started") }
      Thread.sleep(forTimeInterval: Double.random(in: 0.0...0.04, using: &generator))
      running.signal(SIGKILL)
      let result = running.wait()
      #expect(result.wasSignaled || result.status == 0, "round \(round)")
      printed += verdicts(result.stdout)

      let files = try sandbox.files()
      #expect(files.filter { $0.hasSuffix(".tmp") }.count <= 1, "temp files never pile up: \(files)")
      guard FileManager.default.fileExists(atPath: sandbox.historyFile.path) else {
        #expect(printed == 0, "no history, yet verdicts were printed")
        continue
      }
      let stored = try answersOnDisk(sandbox, "Big")
      #expect(stored.correct + stored.incorrect >= printed, "kill \(round): stored fewer answers than verdicts printed")
    }
    #expect(printed > 0, "some kills came after verdicts were printed")
    // The round resumes cleanly after all that, at the stored position.
    guard FileManager.default.fileExists(atPath: sandbox.historyFile.path) else { return }
    let stored = try sandbox.storedScore("Big")
    let resumed = try sandbox.run(["play", "Big"], input: ":quit\n")
    #expect(resumed.status == 0)
    let position = stored.correct + stored.incorrect
    if position > 0 && position < 3000 {
      #expect(resumed.stdout.contains("[\(position % 3000 + 1)/3000] q\(position % 3000)"))
    }
  }

  @Test func killRightAfterAVerdictLosesNothing() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 10)
    let running = try sandbox.launch(["play", "G", "--strategy", "sequential"])
    running.send("a0\n")
    #expect(running.waitForOutput(containing: "Correct"))
    running.send("wrong\n")
    #expect(running.waitForOutput(containing: "Incorrect"))
    running.signal(SIGKILL)
    _ = running.wait()
    #expect(try sandbox.storedScore("G") == (1, 1))
    let resumed = try sandbox.run(["play", "G"], input: ":quit\n")
    #expect(resumed.stdout.contains("[3/10] q2"))
  }

  @Test func aSecondPlayOfTheSameGroupIsRefusedAndChangesNothing() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Shared"], count: 20)
    let first = try sandbox.launch(["play", "Shared", "--strategy", "sequential"])
    first.send("a0\n")
    #expect(first.waitForOutput(containing: "[2/20]"))
    let before = try Data(contentsOf: sandbox.historyFile)
    let second = try sandbox.run(["play", "Shared", "--restart"], input: "a0\na1\n")
    #expect(second.status == 1)
    #expect(second.stderr.contains("being played in another memoquiz"))
    #expect(try Data(contentsOf: sandbox.historyFile) == before)
    first.send("a1\n:quit\n")
    #expect(first.wait().status == 0)
    #expect(try sandbox.storedScore("Shared") == (2, 0))
    // Once the first has ended, the group is free again.
    let third = try sandbox.run(["play", "Shared"], input: "a2\n")
    #expect(third.status == 0)
    #expect(try sandbox.storedScore("Shared") == (3, 0))
  }

  @Test func twoProcessesOnDifferentGroupsLoseNothing() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Left", "Right"], count: 300)
    let left = try sandbox.launch(["play", "Left", "--strategy", "sequential"])
    let right = try sandbox.launch(["play", "Right", "--strategy", "sequential"])
    // The two interleave in lockstep: every 20 answers, each waits until
    // the other has graded them, so that their appends alternate.
    for index in 0..<300 {
      left.send("a\(index)\n")
      right.send(index % 3 == 0 ? "x\n" : "a\(index)\n")
      if index % 20 == 19 && index < 299 {
        #expect(left.waitForOutput(containing: "[\(index + 2)/300]"))
        #expect(right.waitForOutput(containing: "[\(index + 2)/300]"))
      }
    }
    left.closeInput()
    right.closeInput()
    #expect(left.wait().status == 0)
    #expect(right.wait().status == 0)
    #expect(try sandbox.storedScore("Left") == (300, 0))
    #expect(try sandbox.storedScore("Right") == (200, 100))
  }

  @Test func aReadOnlyDataFolderGivesAClearErrorAndKeepsTheData() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\n:quit\n")
    let before = try Data(contentsOf: sandbox.historyFile)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sandbox.folder.path)
    // Root ignores permissions, so run as nobody when we are root.
    let result: MemoQuizResult
    if getuid() == 0 {
      // A copy in a world-readable folder, in case the build folder is not.
      let binFolder = FileManager.default.temporaryDirectory.appendingPathComponent("memoquiz-bin-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: binFolder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: binFolder) }
      chmod(binFolder.path, 0o755)
      let binary = binFolder.appendingPathComponent("memoquiz")
      try FileManager.default.copyItem(at: MemoQuizSandbox.binary, to: binary)
      chmod(binary.path, 0o755)
      let runner = try sandbox.launch(
        [], environment: [:], executable: "/usr/bin/setpriv",
        prefix: ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path, "play", "1"])
      runner.send("i\n")
      runner.closeInput()
      result = runner.wait()
    } else {
      result = try sandbox.run(["play", "1"], input: "i\n")
    }
    #expect(result.status == 1)
    #expect(result.stderr.contains("memoquiz: error: cannot write"))
    #expect(result.stderr.contains("ermission denied"))
    #expect(!result.stdout.contains("Correct"), "no verdict for an answer that was not saved")
    #expect(try Data(contentsOf: sandbox.historyFile) == before)
    let reading = try sandbox.run(["scores", "--json"])
    #expect(reading.status == 0, "reading still works")
  }

  @Test func aWriteThatFailsPartWayKeepsTheOldData() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups((0..<60).map { "Group number \($0) with a long title" }, count: 2)
    // Scores for every group make the history a few kilobytes.
    for index in 0..<60 {
      try sandbox.run(["play", "Group number \(index) with a long title", "--strategy", "sequential"], input: "a0\n")
    }
    let before = try Data(contentsOf: sandbox.historyFile)
    #expect(before.count > 4096)
    // A file-size limit below the file's size: the write of the new file
    // fails part-way with EFBIG, as a full disk fails with ENOSPC.
    let runner = try sandbox.launch(
      [], executable: "/bin/sh",
      prefix: ["-c", "ulimit -f 4; exec \"$0\" \"$@\"", MemoQuizSandbox.binary.path, "play", "1", "--restart"])
    runner.send("a0\n")
    runner.closeInput()
    let result = runner.wait()
    #expect(result.status == 1)
    #expect(result.stderr.contains("memoquiz: error: cannot write"))
    #expect(result.stderr.contains("File too large"))
    #expect(!result.stdout.contains("Correct"))
    #expect(try Data(contentsOf: sandbox.historyFile) == before)
    #expect(try sandbox.files().filter { $0.hasSuffix(".tmp") }.isEmpty)
  }

  /// A pipe's answers are saved in long groups, each counted on a second
  /// thread while it is written: a group that cannot be written shows no
  /// verdict, and the history keeps what it had.
  @Test func aLongGroupOfPipedAnswersThatCannotBeWrittenShowsNoVerdict() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Big"], count: 3000)
    try sandbox.run(["play", "Big", "--strategy", "sequential"], input: "a0\n:quit\n")
    let before = try Data(contentsOf: sandbox.historyFile)
    // The round's plan alone makes the file larger than the limit below.
    #expect(before.count > 4096)
    let runner = try sandbox.launch(
      [], executable: "/bin/sh",
      prefix: ["-c", "ulimit -f 4; exec \"$0\" \"$@\"", MemoQuizSandbox.binary.path, "play", "Big"])
    runner.send((1..<3000).map { "a\($0)\n" }.joined())
    runner.closeInput()
    let result = runner.wait()
    #expect(result.status == 1)
    #expect(result.stderr.contains("memoquiz: error: cannot write"), "\(result.stderr)")
    #expect(result.stderr.contains("File too large"))
    #expect(!result.stdout.contains("Correct"), "no verdict for answers that were not saved")
    #expect(try Data(contentsOf: sandbox.historyFile) == before)
    let resumed = try sandbox.run(["play", "Big"], input: ":quit\n")
    #expect(resumed.stdout.contains("[2/3000] q1"), "\(resumed.stdout)")
  }

  /// Whether this machine lets the tests mount a small tmpfs (root, and a
  /// kernel and container that allow it).
  static let canMountTmpfs: Bool = {
    guard getuid() == 0 else { return false }
    let point = FileManager.default.temporaryDirectory.appendingPathComponent("memoquiz-mount-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)) != nil else {
      return false
    }
    defer { try? FileManager.default.removeItem(at: point) }
    guard mount("tmpfs", point.path, "tmpfs", 0, "size=64k") == 0 else { return false }
    umount(point.path)
    return true
  }()

  // A real full disk needs a small tmpfs; elsewhere the file-size-limit test
  // above covers the same failure path.
  @Test(.enabled(if: canMountTmpfs, "needs root and permission to mount a tmpfs"))
  func aFullDiskKeepsTheOldData() throws {
    let sandbox = try MemoQuizSandbox()
    let mountPoint = sandbox.folder.appendingPathComponent("tiny")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let mount = try sandbox.runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path])
    try #require(mount == 0, "mounting a 64k tmpfs")
    defer { _ = try? sandbox.runTool("/bin/umount", [mountPoint.path]) }
    sandbox.environment["MEMOQUIZ_HOME"] = mountPoint.path
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\n")
    let history = mountPoint.appendingPathComponent("history")
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: history.path).first)
    let scores = history.appendingPathComponent(name)
    let before = try Data(contentsOf: scores)
    // Fill the disk.
    #expect(FileManager.default.createFile(atPath: mountPoint.path + "/filler", contents: nil))
    let filler = try #require(FileHandle(forWritingAtPath: mountPoint.path + "/filler"))
    while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
    try? filler.close()
    // Down to the last byte.
    if let last = FileHandle(forWritingAtPath: mountPoint.path + "/filler") {
      _ = try? last.seekToEnd()
      while (try? last.write(contentsOf: Data(count: 1))) != nil {}
      try? last.close()
    }
    // Appending is the only write: a line that still fits in the history's
    // last, partly used page is stored; one that does not is refused with a
    // clear error and nothing changed. Either way no verdict is unsaved.
    var result = try sandbox.run(["play", "1", "--restart"], input: String(repeating: "i\n", count: 40))
    var stored = try Data(contentsOf: scores)
    while result.status == 0 && stored.count < 64 * 1024 {
      #expect(stored.count > before.count, "the answers shown were stored")
      result = try sandbox.run(["play", "1"], input: String(repeating: "i\n", count: 40))
      stored = try Data(contentsOf: scores)
    }
    #expect(result.status == 1)
    #expect(result.stderr.contains("No space left on device"))
    #expect(result.stderr.contains("free some disk space"))
    let shown = result.stdout.split(separator: "\n").count { $0.hasPrefix("Correct") || $0.hasPrefix("Incorrect") }
    let lines = String(decoding: stored, as: UTF8.self).split(separator: "\n")
    #expect(lines.count { $0.hasPrefix("answer") } >= shown, "no verdict without its answer on disk")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
  }
}
