import Foundation
import Testing

/// Each finding of an attack on the first release, replayed against the real
/// binary: hostile files, odd environments, closed streams and names that
/// look like something else. Every test failed on the first release.
@Suite struct HardeningTests {
  private let oneGroup = #"[{"title": "G", "questions": [{"prompt": "p", "answer": "a"}]}]"#

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Runs `memoquiz` through `sh -c`, so a test can close or redirect its
  /// standard streams; "$0" is the binary.
  private func runShell(_ sandbox: MemoQuizSandbox, _ script: String, input: String = "") -> MemoQuizResult {
    guard
      let running = try? sandbox.launch(
        [], executable: "/bin/bash", prefix: ["-c", script, MemoQuizSandbox.binary.path])
    else { return MemoQuizResult(status: -1, stdout: "", stderr: "cannot start bash", wasSignaled: false) }
    running.send(input)
    running.closeInput()
    return running.wait()
  }

  // MARK: 1. Counts too large to add

  @Test func aCountTooLargeToAddIsAnErrorAtItsLineNotACrash() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [{"title": "G", "questions": [{"prompt": "p", "answer": "a"}],
        "score": {"correctCount": 9223372036854775807, "incorrectCount": 1}}]
      """)
    let validate = try sandbox.run(["validate"])
    #expect(validate.status == 65)
    #expect(validate.stderr.contains("questions.json:2:29: error: \"correctCount\" must be a whole number from 0 to"))
    for command in [["groups"], ["scores"], ["play", "G"]] {
      let result = try sandbox.run(command, input: "a\n")
      #expect(!result.wasSignaled && result.status == 65, "\(command): \(result.stderr)")
    }
  }

  @Test func theLargestCountAllowedStillCountsAnotherAnswer() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [{"title": "G", "questions": [{"prompt": "p", "answer": "a"}],
        "score": {"correctCount": 9007199254740991, "incorrectCount": 0}}]
      """)
    let result = try sandbox.run(["play", "G"], input: "a\n")
    #expect(result.status == 0 && !result.wasSignaled, "\(result.stderr)")
    #expect(try sandbox.run(["groups"]).status == 0)
  }

  // MARK: 2. Snapshot file names

  @Test func aSnapshotCanNeverWriteOrRemoveAFileOutsideTheDataFolder() throws {
    let sandbox = try MemoQuizSandbox()
    let outside = sandbox.folder.deletingLastPathComponent().appendingPathComponent("victim-\(UUID().uuidString)")
    try write("keep me", to: outside.path)
    defer { try? FileManager.default.removeItem(at: outside) }
    let escaped = "../" + outside.lastPathComponent
    let pwned = sandbox.folder.deletingLastPathComponent().appendingPathComponent("pwned-\(UUID().uuidString).txt")
    try FileManager.default.createDirectory(
      at: sandbox.folder.appendingPathComponent("snapshots"), withIntermediateDirectories: true)
    // Snapshots in the first release's format, naming files outside.
    try write(
      """
      {"version": 1, "id": 1, "date": "2026-01-01T00:00:00Z", "reason": "planted",
       "files": [{"name": "../\(pwned.lastPathComponent)", "contents": "cHduZWQ="}, {"name": "\(escaped)"}]}
      """, to: sandbox.folder.appendingPathComponent("snapshots/snapshot-1.json").path)
    try write(
      """
      {"version": 1, "id": 2, "date": "2026-01-01T00:00:00Z", "reason": "planted",
       "files": [{"name": "questions.json"}, {"name": "\(escaped)"}, {"name": "/etc/hostname"}]}
      """, to: sandbox.folder.appendingPathComponent("snapshots/snapshot-2.json").path)
    try sandbox.writeQuestions(oneGroup)
    for command in [["restore", "1"], ["restore", "2"], ["undo"], ["snapshots"]] {
      let result = try sandbox.run(command)
      #expect(!result.wasSignaled, "\(command)")
    }
    #expect(contents(outside.path) == "keep me", "a file named by a snapshot was removed")
    #expect(!FileManager.default.fileExists(atPath: pwned.path), "a file named by a snapshot was written")
  }

  // MARK: 3. Links at temp names

  @Test func aLinkPlantedAtATempNameIsNeverFollowed() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(oneGroup)
    try sandbox.run(["play", "G"], input: "a\n")
    let victim = sandbox.folder.appendingPathComponent("outside/victim.txt").path
    try FileManager.default.createDirectory(
      atPath: sandbox.folder.appendingPathComponent("outside").path, withIntermediateDirectories: true)
    try write("untouched", to: victim)
    chmod(victim, 0o600)
    try FileManager.default.createDirectory(
      at: sandbox.folder.appendingPathComponent("snapshots"), withIntermediateDirectories: true)
    for name in [
      ".questions.json.tmp", "local/.checkpoint.tmp", "local/.questions-state.tmp", ".scores.json.tmp",
      "snapshots/.snapshot-1.json.tmp", "snapshots/.snapshot-2.json.tmp",
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: sandbox.folder.appendingPathComponent(name).path, withDestinationPath: victim)
    }
    let editor = sandbox.folder.appendingPathComponent("editor.sh").path
    try write(#"sed -i 's/"p"/"q"/' "$1""#, to: editor)
    #expect(try sandbox.run(["play", "G", "--restart"], input: "a\n").status == 0)
    #expect(try sandbox.run(["edit"], environment: ["VISUAL": "sh \(editor)"]).status == 0)
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["reset", "G", "--yes"]).status == 0)
    #expect(contents(victim) == "untouched")
    var status = stat()
    stat(victim, &status)
    #expect(status.st_mode & 0o777 == 0o600, "the victim's mode is unchanged")
  }

  // MARK: 4. Closed standard streams

  @Test func withStandardInputAndOutputClosedNothingAnswersItself() throws {
    let sandbox = try MemoQuizSandbox()
    let result = runShell(sandbox, #"exec "$0" play Hiragana --strategy sequential <&- >&-"#)
    #expect(result.status == 0, "\(result.stderr)")
    let history = contents(sandbox.historyFile.path) ?? ""
    #expect(!history.contains("\nanswer\t"), "no answer was recorded: \(history.prefix(300))")
  }

  @Test(.timeLimit(.minutes(1)))
  func withOnlyStandardInputClosedARoundEndsAtOnce() throws {
    let sandbox = try MemoQuizSandbox()
    let result = runShell(sandbox, #"exec "$0" play Hiragana --strategy sequential <&-"#)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "", "nothing is asked with nothing to answer with")
    #expect(result.stderr.contains("nothing on standard input to answer with"), "\(result.stderr)")
    #expect(!(contents(sandbox.historyFile.path) ?? "").contains("\nanswer\t"))
  }

  // MARK: 5. Damage found mid-session

  @Test func damageFoundInTheMiddleOfARoundIsReportedThere() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 10)
    let running = try sandbox.launch(["play", "G", "--strategy", "sequential"])
    running.send("a0\na1\n")
    #expect(running.waitForOutput(containing: "[3/10]"))
    // Another hand damages a record in the middle of the history.
    var lines = try #require(contents(sandbox.historyFile.path)).split(
      separator: "\n", omittingEmptySubsequences: false)
    lines.insert("this is not a record", at: 2)
    try write(lines.joined(separator: "\n"), to: sandbox.historyFile.path)
    running.send("a2\n")
    #expect(running.waitForOutput(containing: "[4/10]"))
    running.closeInput()
    let result = running.wait()
    #expect(result.stderr.contains("memoquiz: warning: "), "\(result.stderr)")
    #expect(result.stderr.contains("1 damaged record"))
    #expect(result.stderr.contains(".damaged-"))
    #expect(try sandbox.storedScore("G") == (3, 0), "every readable answer was kept")
  }

  @Test func aDamagedMachineFileIsSetAsideAndTheIdentityReadFromThisMachinesHistory() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 10)
    let round = try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\na1\n:quit\n")
    #expect(round.status == 0, "\(round.stderr)")
    let own = sandbox.historyFile
    let machineFile = sandbox.folder.path + "/local/machine"
    try write("memoquiz machine\tnot an id\n", to: machineFile)
    // This machine's own history is damaged too.
    var lines = try #require(contents(own.path)).split(separator: "\n", omittingEmptySubsequences: false)
    lines.insert("this is not a record", at: 2)
    try write(lines.joined(separator: "\n"), to: own.path)

    let groups = try sandbox.run(["groups"])
    #expect(groups.status == 0, "\(groups.stderr)")
    let local = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path + "/local")
    let aside = try #require(local.first { $0.hasPrefix("machine.damaged-") }, "\(local)")
    let id = own.deletingPathExtension().lastPathComponent
    let warnings = groups.stderr.split(separator: "\n").map(String.init)
    #expect(
      warnings.first
        == "memoquiz: warning: \(machineFile) could not be read; it was kept as \(sandbox.folder.path)/local/\(aside), "
        + "and this machine's identity, \(id), was read from \(own.path)")
    // Its own file, not another machine's: moved aside, every record kept.
    #expect(warnings.count == 2)
    #expect(warnings.last?.contains("\(own.path) had 1 damaged record; it was kept as ") == true, "\(warnings)")
    #expect(!groups.stderr.contains("written by another machine"))
    // The unfinished round is still this machine's own.
    #expect(groups.stdout.contains("unfinished: question 3 of 10"), "\(groups.stdout)")
    #expect(try sandbox.storedScore("G") == (2, 0))
    let again = try sandbox.run(["groups"])
    #expect(again.stderr.isEmpty, "\(again.stderr)")
  }

  // MARK: 7. Files that are not files, and waits

  @Test(.timeLimit(.minutes(1)))
  func aFIFOOrADeviceInPlaceOfTheQuestionsIsRefused() throws {
    let sandbox = try MemoQuizSandbox()
    #expect(mkfifo(sandbox.questionsFile.path, 0o644) == 0)
    let fifo = try sandbox.run(["groups"])
    #expect(fifo.status == 1)
    #expect(fifo.stderr.contains("is not a regular file"), "\(fifo.stderr)")
    try FileManager.default.removeItem(at: sandbox.questionsFile)
    try FileManager.default.createSymbolicLink(atPath: sandbox.questionsFile.path, withDestinationPath: "/dev/zero")
    let device = try sandbox.run(["groups"])
    #expect(device.status == 1 && !device.wasSignaled)
    #expect(device.stderr.contains("is not a regular file"))
    let validate = try sandbox.run(["validate", "/dev/zero"])
    #expect(validate.status == 1 && validate.stderr.contains("is not a regular file"))
  }

  // Every wait below has its own time limit: the test starts with the
  // others and waits while they run, instead of after them.
  @Test func waitingForAnotherMemoQuizSaysSoAndAnInterruptEndsTheWait() async throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["groups"])
    try FileManager.default.createDirectory(
      at: sandbox.folder.appendingPathComponent("local"), withIntermediateDirectories: true)
    let lock = open(sandbox.folder.appendingPathComponent("local/lock").path, O_RDWR | O_CREAT, 0o644)
    #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
    defer { close(lock) }
    let running = try sandbox.launch(["reset", "1", "--yes"])
    #expect(await running.waitForStandardError(containing: "another memoquiz"))
    running.signal(SIGTERM)
    let result = running.wait()
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("stopped while waiting for another memoquiz; nothing was changed"))
  }

  // MARK: 8. Tampered progress files

  @Test(arguments: [#"{"correctCount": -3, "incorrectCount": 1}"#, #"{"correctCount": 1e18, "incorrectCount": 1}"#])
  func aTamperedScoresFileIsMovedAsideNotATrap(_ score: String) throws {
    let sandbox = try MemoQuizSandbox()
    try write(
      #"{"version": 1, "scores": {"Hiragana": \#(score)}, "rounds": {}}"#, to: sandbox.folder.path + "/scores.json")
    let result = try sandbox.run(["groups"])
    #expect(result.status == 0 && !result.wasSignaled, "\(result.stderr)")
    #expect(result.stderr.contains("memoquiz: warning: "))
    #expect(try sandbox.files().contains { $0.hasPrefix("scores.damaged-") })
  }

  @Test func aHugeSnapshotNumberNeitherTrapsNorBlocksUndo() throws {
    let sandbox = try MemoQuizSandbox()
    try FileManager.default.createDirectory(
      at: sandbox.folder.appendingPathComponent("snapshots"), withIntermediateDirectories: true)
    try write("{}", to: sandbox.folder.path + "/snapshots/snapshot-9223372036854775807.json")
    let editor = sandbox.folder.appendingPathComponent("editor.sh").path
    try write(#"sed -i 's/"Numbers"/"Counting"/' "$1""#, to: editor)
    #expect(try sandbox.run(["edit"], environment: ["VISUAL": "sh \(editor)"]).status == 0)
    #expect(try sandbox.run(["snapshots"]).stdout.contains("before edit"))
    let undo = try sandbox.run(["undo"])
    #expect(undo.status == 0 && !undo.wasSignaled, "\(undo.stderr)")
    #expect(try sandbox.run(["reset", "1", "--yes"]).status == 0)
  }

  @Test func aHistoryStepNumberTooLargeToAddIsDamageNotATrap() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\ni\n")
    var text = try #require(contents(sandbox.historyFile.path))
    text += "reset\t9223372036854775807\t1795371738189\tHiragana\n"
    text += "reset\t7\t99999999999999999\tHiragana\n"
    try write(text, to: sandbox.historyFile.path)
    try? FileManager.default.removeItem(atPath: sandbox.folder.path + "/local/checkpoint")
    let result = try sandbox.run(["play", "1"], input: "u\n")
    #expect(result.status == 0 && !result.wasSignaled, "\(result.stderr)")
    #expect(result.stderr.contains("2 damaged records"))
    #expect(try sandbox.storedScore("Hiragana") == (3, 0))
  }

  // MARK: 9. An interrupt at "Edit again?"

  @Test(arguments: ["\u{4}", "\u{3}", "n\n"])
  func theEditIsKeptWhateverEndsTheEditAgainPrompt(_ keys: String) throws {
    let sandbox = try MemoQuizSandbox()
    let editor = sandbox.folder.appendingPathComponent("editor.sh").path
    try write(#"printf '[{"title": "G", "questions": [' > "$1""#, to: editor)
    var environment = sandbox.environment
    environment["VISUAL"] = "sh \(editor)"
    let session = try PseudoTerminalSession(arguments: ["edit"], environment: environment)
    #expect(session.waitFor("Edit again?"))
    session.type(keys)
    #expect(session.waitForExit() == 65)
    // The message is wrapped to the terminal's width.
    let words = session.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("Your edit is kept in"), "\(session.text)")
    let drafts = try sandbox.files().filter { $0.hasPrefix("questions.edit-") }
    #expect(drafts.count == 1)
    #expect(contents(sandbox.folder.path + "/" + (drafts.first ?? "")) == #"[{"title": "G", "questions": ["#)
  }

  // MARK: 10. Output that cannot be written

  @Test func aFailedWriteToStandardOutputIsAnError() throws {
    let sandbox = try MemoQuizSandbox()
    let result = runShell(sandbox, #"exec "$0" scores --json > /dev/full"#)
    #expect(result.status == 1)
    #expect(result.stderr.contains("memoquiz: error: cannot write to standard output: No space left on device"))
  }

  @Test func aReaderThatGoesAwayEndsTheOutputQuietly() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups((0..<3000).map { "Group \($0)" }, count: 1)
    let result = runShell(sandbox, #""$0" groups | head -c 10 > /dev/null; echo "status ${PIPESTATUS[0]}""#)
    #expect(result.stdout == "status 0\n")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  // MARK: 11. Names that look like numbers or options

  @Test func aTitleThatIsANumberIsReachedByThatNumber() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "Kana", "questions": [{"prompt": "k", "answer": "k"}]}, "#
        + #"{"title": "1", "questions": [{"prompt": "one", "answer": "1"}]}]"#)
    let result = try sandbox.run(["play", "1"], input: ":quit\n")
    #expect(result.stdout.contains("[1/1] one"), "\(result.stdout)")
    #expect(result.stdout.contains("`memoquiz play 1` resumes here"))
  }

  @Test(arguments: ["-x", "--restart", "two words", "it's"])
  func everyResumeHintWorksAsPrinted(_ title: String) throws {
    let sandbox = try MemoQuizSandbox()
    let escaped = title.replacing("\"", with: "\\\"")
    try sandbox.writeQuestions(
      #"[{"title": "Other", "questions": [{"prompt": "o", "answer": "o"}]}, "#
        + #"{"title": "\#(escaped)", "questions": [{"prompt": "p1", "answer": "a"}, {"prompt": "p2", "answer": "b"}]}]"#
    )
    let first = try sandbox.run(["play", "--strategy", "sequential", "--", title], input: "a\n:quit\n")
    let hint = try #require(first.stdout.firstMatch(of: /`(memoquiz play [^`]+)` resumes here/)?.1)
    // Run the hint as a shell would.
    let resumed = runShell(sandbox, "exec \"$0\" \(hint.dropFirst("memoquiz ".count))", input: "b\n")
    #expect(resumed.status == 0, "\(hint): \(resumed.stderr)")
    #expect(resumed.stdout.contains("[2/2] p2"), "\(hint): \(resumed.stdout)")
  }

  // MARK: 12. A damaged newest snapshot

  @Test func aDamagedNewestSnapshotIsListedAndTheOthersStillRestore() throws {
    let sandbox = try MemoQuizSandbox()
    let editor = sandbox.folder.appendingPathComponent("editor.sh").path
    try write(#"sed -i 's/"Numbers"/"Counting"/; s/"Counting"/"Numbers"/' "$1"; echo ' ' >> "$1""#, to: editor)
    for _ in 0..<2 {
      #expect(try sandbox.run(["edit"], environment: ["VISUAL": "sh \(editor)"]).status == 0)
    }
    try write("{ damaged", to: sandbox.folder.path + "/local/snapshots/snapshot-2.json")
    let list = try sandbox.run(["snapshots"])
    #expect(list.stdout.contains("damaged"), "\(list.stdout)")
    let restore = try sandbox.run(["restore", "1"])
    #expect(restore.status == 0, "\(restore.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path), "snapshot 1 held no file")
  }

  // MARK: 13. A linked questions file

  @Test func anEditWritesThroughALinkedQuestionsFile() throws {
    let sandbox = try MemoQuizSandbox()
    let target = sandbox.folder.appendingPathComponent("mine/questions.json").path
    try FileManager.default.createDirectory(
      atPath: sandbox.folder.appendingPathComponent("mine").path, withIntermediateDirectories: true)
    try write(oneGroup, to: target)
    try FileManager.default.createSymbolicLink(atPath: sandbox.questionsFile.path, withDestinationPath: target)
    let editor = sandbox.folder.appendingPathComponent("editor.sh").path
    try write(#"sed -i 's/"G"/"Renamed"/' "$1""#, to: editor)
    #expect(try sandbox.run(["edit"], environment: ["VISUAL": "sh \(editor)"]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.questionsFile.path) == target)
    #expect(contents(target)?.contains("Renamed") == true)
  }

  // MARK: 14. No HOME

  @Test func withoutHOMETheAccountsHomeIsUsedAndARelativeXDGDataHomeIgnored() throws {
    let sandbox = try MemoQuizSandbox()
    let home = String(cString: try #require(getpwuid(getuid())?.pointee.pw_dir))
    let result = try sandbox.run(
      ["paths"], environment: ["MEMOQUIZ_HOME": "", "HOME": "", "XDG_DATA_HOME": "relative/data"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\(home)/.local/share/memoquiz"), "\(result.stdout)")
    #expect(!result.stdout.contains("relative/data"))
  }

  // MARK: 15. Smaller findings

  @Test func invisibleCharactersAreShownAndIgnoredWhenGrading() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "G", "questions": [{"prompt": "zw\u200bsp", "answer": "zw\u200bsp"}]}]"#)
    let result = try sandbox.run(["play", "G"], input: "zwsp\n")
    #expect(result.stdout.contains("zw<U+200B>sp"), "the prompt shows the hidden character")
    #expect(result.stdout.contains("Correct!"))
  }

  @Test func aLineOver64KBIsIgnoredWithANotice() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 2)
    let result = try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: String(repeating: "x", count: 1_000_000) + "\na0\na1\n")
    #expect(result.status == 0)
    #expect(result.stderr.contains("longer than 64 KB; it was ignored"))
    #expect(try sandbox.storedScore("G") == (2, 0), "the long line was not graded")
    #expect((try Data(contentsOf: sandbox.historyFile)).count < 10_000)
  }

  @Test func oneGroupIsOneGroup() throws {
    let sandbox = try MemoQuizSandbox()
    let editor = sandbox.folder.appendingPathComponent("editor.sh").path
    try write("printf '%s' '\(oneGroup)' > \"$1\"", to: editor)
    let result = try sandbox.run(["edit"], environment: ["VISUAL": "sh \(editor)"])
    #expect(result.stdout.contains("1 group, 1 question."), "\(result.stdout)")
  }

  @Test func aMissingGroupAmongThousandsListsTheNearestFew() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups((0..<10_000).map { "Group \($0)" }, count: 1)
    let nearMiss = try sandbox.run(["play", "Grop 12"])
    #expect(nearMiss.status == 64)
    #expect(nearMiss.stderr.contains("did you mean \"Group 12\"?"), "\(nearMiss.stderr)")
    let farOff = try sandbox.run(["play", "12 Gr"])
    #expect(farOff.status == 64)
    #expect(farOff.stderr.count < 500, "\(farOff.stderr.count) characters")
    #expect(farOff.stderr.contains("the nearest of the 10000 groups"), "\(farOff.stderr)")
  }
}
