import Foundation
import Testing

@testable import MemoQuizKit
@testable import memoquiz

/// What arrives from outside (a package, another machine's history file, a
/// pipe) cannot exhaust the machine: each hostile input is refused within
/// two seconds, in less than 100 MB, leaving no temporary file and no step.
@Suite struct BoundedInputTests {
  /// The most memory (data: ``MeasuredRun``) and time a refusal may take.
  static let memoryBound = 100 << 20
  static let timeBound = 2.0

  /// Writes `bytes` as a package in the sandbox and imports it, measured.
  private func importMeasured(_ bytes: [UInt8], in sandbox: MemoQuizSandbox) throws -> MeasuredRun {
    let package = sandbox.folder.appendingPathComponent("hostile.apkg")
    try Data(bytes).write(to: package)
    return try sandbox.runMeasured(["import", package.path])
  }

  /// Checks what every refused package leaves: the exit, the bounds, no
  /// temporary file and no history.
  private func expectRefused(
    _ run: MeasuredRun, saying reason: String, in sandbox: MemoQuizSandbox,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(run.status == 65, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(
      run.stderr.hasPrefix("memoquiz: error: \(sandbox.folder.path)/hostile.apkg is not an Anki package")
        && run.stderr.contains(reason), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(!run.wasSignaled, "ended by a signal: past \(Self.memoryBound >> 20) MiB?", sourceLocation: sourceLocation)
    #expect(run.seconds < Self.timeBound, "took \(run.seconds) s", sourceLocation: sourceLocation)
    let temporary = sandbox.folder.appendingPathComponent("local/tmp").path
    #expect(
      (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] == [], sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile.path), sourceLocation: sourceLocation)
  }

  @Test func aReviewLogThatIsAnEndlessViewIsRefusedAtOnce() throws {
    let sandbox = try MemoQuizSandbox()
    let collection = try HostilePackage.collection(
      revlog: "CREATE VIEW revlog AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
        + "SELECT n AS id, 1 AS cid, 0 AS usn, 3 AS ease, 0 AS ivl, 0 AS lastIvl, 0 AS factor, 1000 AS time, "
        + "1 AS type FROM r")
    let package = HostilePackage.zip([HostilePackage.Entry(name: "collection.anki2", stored: collection)])
    #expect(package.count < 20_000)
    let run = try importMeasured(package, in: sandbox)
    try expectRefused(run, saying: "its collection has no table revlog", in: sandbox)
  }

  /// A package whose collection is `zeros` zeros in a zstd frame that a
  /// decompressor passes over, then SQLite's magic and 4 GiB of zeros,
  /// deflated into the zip.
  private static func skippableFramePackage(zeros: Int) -> [UInt8] {
    let parts: [HostilePackage.Part] = [
      .bytes(HostilePackage.skippableFrameHeader(count: zeros)), .zeros(zeros),
      .bytes(HostilePackage.zstdBomb(start: Array("SQLite format 3\0".utf8), blocks: 32_768)),
    ]
    return HostilePackage.zip([
      HostilePackage.Entry(
        name: "collection.anki21b", stored: HostilePackage.deflate(parts), deflated: true,
        size: HostilePackage.size(of: parts))
    ])
  }

  @Test func aSkippableFrameDoesNotRaiseWhatAPackageMayUnpackTo() throws {
    let sandbox = try MemoQuizSandbox()
    let run = try importMeasured(Self.skippableFramePackage(zeros: 42_000_000), in: sandbox)
    try expectRefused(run, saying: "collection.anki21b would take 40 MiB", in: sandbox)
  }

  @Test func aCollectionIsRefusedAtAHeaderThatIsNotSQLites() throws {
    // The skippable frame fits under the ceiling; the zeros after SQLite's
    // magic are no header, refused at the first hundred bytes.
    let sandbox = try MemoQuizSandbox()
    let run = try importMeasured(Self.skippableFramePackage(zeros: 20_000_000), in: sandbox)
    try expectRefused(run, saying: "its collection is not an SQLite database (its header is damaged)", in: sandbox)
  }

  @Test func aHeaderThatClaimsGigabytesStopsAtWhatThePackageCanHold() throws {
    // A header as SQLite writes it, claiming a million pages of 4 KiB.
    let bomb = HostilePackage.zstdBomb(start: HostilePackage.sqliteHeader(pages: 1 << 20), blocks: 32_768)
    let sandbox = try MemoQuizSandbox()
    let package = HostilePackage.zip([HostilePackage.Entry(name: "collection.anki21b", stored: bomb)])
    #expect(package.count < 200_000)
    let run = try importMeasured(package, in: sandbox)
    try expectRefused(run, saying: "its collection decompresses to more than 32 MiB", in: sandbox)
  }

  @Test func aZipEntryOfGigabytesIsRefusedBeforeItIsInflated() throws {
    // A gigabyte of zeros, deflated to about 6.5 MB: what a package of
    // that size may unpack to is far less.
    let parts: [HostilePackage.Part] = [.zeros(1 << 30)]
    let sandbox = try MemoQuizSandbox()
    let package = HostilePackage.zip([
      HostilePackage.Entry(
        name: "collection.anki2", stored: HostilePackage.deflate(parts), deflated: true, size: 1 << 30)
    ])
    let run = try importMeasured(package, in: sandbox)
    try expectRefused(run, saying: "collection.anki2 would take 1024 MiB", in: sandbox)
  }

  @Test func aZipEntryOfZerosIsRefusedAtItsFirstBytes() throws {
    // The same zeros, with a size in the directory that fits the package:
    // refused when the first bytes are not SQLite's header.
    let parts: [HostilePackage.Part] = [.zeros(1 << 30)]
    let sandbox = try MemoQuizSandbox()
    let package = HostilePackage.zip([
      HostilePackage.Entry(
        name: "collection.anki2", stored: HostilePackage.deflate(parts), deflated: true, size: 1 << 20)
    ])
    let run = try importMeasured(package, in: sandbox)
    try expectRefused(run, saying: "its collection is not an SQLite database", in: sandbox)
  }

  @Test func aMediaListOfGigabytesIsRefusedBeforeItIsInflated() throws {
    // A collection that reads, beside a list of media names that would
    // inflate to a gigabyte of zeros.
    let collection = try HostilePackage.collection(
      revlog: "CREATE TABLE revlog (id integer primary key, cid integer, usn integer, ease integer, ivl integer, "
        + "lastIvl integer, factor integer, time integer, type integer)")
    let sandbox = try MemoQuizSandbox()
    let package = HostilePackage.zip([
      HostilePackage.Entry(name: "collection.anki2", stored: collection),
      HostilePackage.Entry(
        name: "media", stored: HostilePackage.deflate([.zeros(1 << 30)]), deflated: true, size: 1 << 30),
    ])
    let run = try importMeasured(package, in: sandbox)
    try expectRefused(run, saying: "media would take 1024 MiB", in: sandbox)
  }

  @Test func aHistoryLineOfMillionsOfTabsIsDamagedBeforeItCostsMemory() throws {
    let sandbox = try MemoQuizSandbox()
    let history = sandbox.folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    var bytes = Array("memoquiz history\t2\t0a0b0c0d\tlearner\n".utf8)
    bytes += Array("answer".utf8) + [UInt8](repeating: 0x09, count: 50_000_000) + [0x0A]
    let file = history.appendingPathComponent("0a0b0c0d.log")
    try Data(bytes).write(to: file)
    let run = try sandbox.runMeasured(["scores"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains("memoquiz: warning: \(file.path) has 1 damaged record (written by another machine)"),
      "\(run.stderr)")
    #expect(!run.wasSignaled, "ended by a signal: past \(Self.memoryBound >> 20) MiB?")
    #expect(run.seconds < Self.timeBound, "took \(run.seconds) s")
    // A plan of a round may be long: it is not refused for its length.
    let fields = Array("round\t1\t1780000000000\t\tsequential\t1\t0\t0".utf8)
    let plan = [UInt8]((0..<100_000).map { _ in Array("\tg\tq".utf8) }.joined())
    #expect(
      RecordLine.fields((fields + plan)[...], maximumFields: HistoryRecord.maximumFields(ofLine: fields[...]))
        != nil)
  }

  @Test func reviewsThatCannotBeRecordedAreCountedInTheSummary() throws {
    let sandbox = try MemoQuizSandbox()
    let collection = try HostilePackage.collection(
      revlog: "CREATE TABLE revlog (id integer primary key, cid integer, usn integer, ease integer, ivl integer, "
        + "lastIvl integer, factor integer, time integer, type integer)",
      rows: [
        // A good review, one of a card that is not there, one graded 7 and
        // a manual change (not a review).
        "INSERT INTO revlog VALUES (1780000000000, 1, 0, 3, 1, 0, 0, 4000, 0)",
        "INSERT INTO revlog VALUES (1780000001000, 99, 0, 3, 1, 0, 0, 4000, 1)",
        "INSERT INTO revlog VALUES (1780000002000, 1, 0, 7, 1, 0, 0, 4000, 1)",
        "INSERT INTO revlog VALUES (1780000003000, 1, 0, 0, 1, 0, 0, 0, 4)",
      ])
    let package = sandbox.folder.appendingPathComponent("skips.apkg")
    try Data(HostilePackage.zip([HostilePackage.Entry(name: "collection.anki2", stored: collection)])).write(
      to: package)
    let result = try sandbox.run(["import", package.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "Imported \(package.path): 1 new group (Default); 1 question added; its log of 1 review comes too (none "
        + "counted twice); 2 reviews skipped (of cards not imported, with a grade Anki does not give, or at a time "
        + "memoquiz cannot record). `memoquiz undo` takes the import back.\n", "\(result.stdout)")
  }

  /// Runs `yes ku | head -c 100 | memoquiz play 1` and then `rest`,
  /// with the sandbox's folder.
  /// - Returns: memoquiz's exit status and standard error.
  private func playPiped(then rest: String, in sandbox: MemoQuizSandbox) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c", "yes ku 2> /dev/null | head -c 100 | \"$MEMOQUIZ\" play 1 \(rest); echo \"status=${PIPESTATUS[2]}\" >&2",
    ]
    process.environment = sandbox.environment.merging(["MEMOQUIZ": MemoQuizSandbox.binary.path]) { $1 }
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let status = lines.last.flatMap { Int32($0.dropFirst("status=".count)) } ?? -1
    return (status, lines.dropLast().map { $0 + "\n" }.joined())
  }

  /// How many answers count in the group `play 1` plays: those recorded
  /// and not taken back.
  private func answersInEffect(in sandbox: MemoQuizSandbox) throws -> Int {
    let score = try sandbox.storedScore("Hiragana")
    return score.correct + score.incorrect
  }

  static let outputClosed =
    "memoquiz: error: standard output was closed, so the round stopped: every answer whose verdict was shown is "
    + "kept, and the round can be resumed\n"

  @Test func verdictsNobodyReadsEndTheRoundAndAreNotRecorded() throws {
    // Standard output is a pipe whose reader is already gone, as after
    // `| head -1`: not one verdict can be written.
    let sandbox = try MemoQuizSandbox()
    let process = Process()
    process.executableURL = MemoQuizSandbox.binary
    process.arguments = ["play", "1"]
    process.environment = sandbox.environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    try output.fileHandleForReading.close()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    try output.fileHandleForWriting.close()
    try input.fileHandleForWriting.write(contentsOf: Data(String(repeating: "ku\n", count: 33).utf8))
    try input.fileHandleForWriting.close()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1 && process.terminationReason == .exit, "\(stderr)")
    #expect(stderr == Self.outputClosed)
    #expect(try answersInEffect(in: sandbox) == 0)
  }

  @Test func verdictsThatCannotBeWrittenEndTheRound() throws {
    let sandbox = try MemoQuizSandbox()
    let run = try playPiped(then: "> /dev/full", in: sandbox)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr == Self.outputClosed)
    #expect(try answersInEffect(in: sandbox) <= 1)
  }

  /// A collection whose reviews take long to read: each row's time is a
  /// column SQLite computes from four megabytes. (The rows are written
  /// with a cheap formula, which is then changed in the schema: writing
  /// them with the costly one would take as long as reading them.)
  static func slowCollection() throws -> [UInt8] {
    try HostilePackage.collection(
      revlog: "CREATE TABLE revlog (id integer primary key, cid integer, usn integer, ease integer, ivl integer, "
        + "lastIvl integer, factor integer, weight integer, type integer, "
        + "time integer AS (length(hex(zeroblob(weight)))))",
      rows: [
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r LIMIT 50000) "
          + "INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, weight, type) "
          + "SELECT 1780000000000 + n, 1, 0, 3, 1, 0, 0, 1, 1 FROM r",
        "PRAGMA writable_schema = ON",
        "UPDATE sqlite_master SET sql = replace(sql, 'zeroblob(weight)', 'zeroblob(weight * 2000000)') "
          + "WHERE name = 'revlog'",
      ])
  }

  @Test func aCollectionThatTakesTooLongToReadIsRefused() throws {
    let folder = try TemporaryFolder(in: FileManager.default.temporaryDirectory.path)
    let path = folder.path + "/collection.sqlite"
    try Data(try Self.slowCollection()).write(to: URL(fileURLWithPath: path))
    let database = try SQLiteDatabase(path: path, size: 0, folder: folder)
    database.timeBudget = 300
    #expect(throws: AnkiPackageError.tooLarge("reading its collection takes more than 0 seconds")) {
      _ = try AnkiCollectionReader.collection(in: database)
    }
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalEndsAnImportWithinASecond(signal: Int32) throws {
    let sandbox = try MemoQuizSandbox()
    let package = sandbox.folder.appendingPathComponent("slow.apkg")
    try Data(HostilePackage.zip([HostilePackage.Entry(name: "collection.anki2", stored: try Self.slowCollection())]))
      .write(to: package)
    let running = try sandbox.launch(["import", package.path])
    // The collection is unpacked: SQLite is reading it.
    let temporary = sandbox.folder.appendingPathComponent("local/tmp").path
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let folders = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
      if let folder = folders.first,
        let size = try? FileManager.default.attributesOfItem(atPath: "\(temporary)/\(folder)/collection.sqlite")[.size]
          as? Int, size > 0
      {
        break
      }
      usleep(1_000)
    }
    let sent = Date()
    running.signal(signal)
    let result = running.wait(timeout: 10)
    #expect(Date().timeIntervalSince(sent) < 1, "took \(Date().timeIntervalSince(sent)) s")
    #expect(result.status == 1 && !result.wasSignaled, "\(result.stderr)")
    #expect(result.stderr == "memoquiz: error: stopped while reading the Anki package; nothing was imported\n")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] == [])
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile.path))
  }

  @Test func answersSavedJustBeforeTheReaderLeftAreTakenBack() throws {
    // The reader reads the round's first lines and goes while the verdicts
    // of the answers that came together are written: they were saved
    // first, as every answer is, and are then taken back.
    let sandbox = try MemoQuizSandbox()
    let terminal = PipedTerminal(input: String(repeating: "ku\n", count: 33), environment: sandbox.environment)
    terminal.readerLeavesAtFlush = 2
    let code = MemoQuizTool.run(["play", "1"], terminal: terminal, environment: sandbox.environment)
    #expect(code == .failure)
    #expect(terminal.standardError == Self.outputClosed)
    #expect(try answersInEffect(in: sandbox) == 0)
    let lines = try String(contentsOf: sandbox.historyFile, encoding: .utf8).split(separator: "\n")
    // However the answers were grouped (a group closes after 20 ms), each
    // one saved is taken back.
    let saved = lines.filter { $0.hasPrefix("answer\t") }.count
    #expect(saved > 0)
    #expect(lines.filter { $0.hasPrefix("undo\t") }.count == saved)
    // The round is still there, at its first question.
    let resumed = try sandbox.run(["play", "1"], input: ":quit\n")
    #expect(resumed.stdout.contains("question 1 of"), "\(resumed.stdout)")
  }
}
