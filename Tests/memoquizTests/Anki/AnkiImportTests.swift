import Foundation
import MemoQuizKit
import Testing

/// `memoquiz import FILE.apkg` through the real binary: a shared deck made
/// by Anki's own library, and files that are not packages.
@Suite struct AnkiImportTests {
  private func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "anki/\(name)", withExtension: nil, subdirectory: "Fixtures")).path
  }

  private func questionsFile(_ sandbox: MemoQuizSandbox) throws -> [[String: Any]] {
    let data = try Data(contentsOf: sandbox.questionsFile)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  @Test func aSharedDeckBecomesAGroupPerDeckAndPlays() throws {
    let sandbox = try MemoQuizSandbox()
    let temporary = sandbox.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let result = try sandbox.run(["import", try fixture("shared-deck.apkg")], environment: ["TMPDIR": temporary.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    #expect(result.stdout.contains("2 new groups (Japanese::Words, Japanese::Kana); 7 questions added"))
    #expect(result.stdout.contains("2 cards skipped (only a picture or a sound to ask or to answer)"))
    #expect(result.stdout.contains("its log of 15 reviews comes too"))
    let groups = try questionsFile(sandbox).filter { ($0["title"] as? String)?.hasPrefix("Japanese") == true }
    let words = try #require(groups.first { $0["title"] as? String == "Japanese::Words" })
    let questions = try #require(words["questions"] as? [[String: Any]])
    #expect(questions.map { $0["prompt"] as? String } == ["犬", "猫", "a < b & c", "Capital of Japan", "食べる"])
    #expect(questions.allSatisfy { ($0["id"] as? String)?.count == 10 })
    // The group plays like any other; its Basic notes are graded by the learner.
    let played = try sandbox.run(
      ["play", "Japanese::Words", "--strategy", "sequential"], input: "dog\n3\n\n4\n")
    #expect(played.stdout.contains("Answer: cat (pet)\n"), "\(played.stdout)")
    #expect(played.stdout.components(separatedBy: "Correct: ").count == 3, "\(played.stdout)")
  }

  @Test func dryRunChangesNothingAndAnImportTwiceNeedsMerge() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try fixture("shared-deck.apkg")
    let dry = try sandbox.run(["import", file, "--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.contains("Would import"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
    #expect(try sandbox.run(["import", file]).status == 0)
    let before = try Data(contentsOf: sandbox.questionsFile)
    let again = try sandbox.run(["import", file])
    #expect(again.status == 64)
    #expect(again.stderr.contains("use --merge"))
    let merged = try sandbox.run(["import", file, "--merge"])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stdout.contains("0 questions added"), "\(merged.stdout)")
    #expect(!merged.stdout.contains("updated"), "an unchanged package updates nothing")
    #expect(try Data(contentsOf: sandbox.questionsFile) == before)
  }

  @Test func aTitleGathersTheDecks() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["import", try fixture("shared-deck.apkg"), "--title", "From Anki"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("1 new group (From Anki); 7 questions added"))
  }

  @Test(arguments: ["truncated", "random", "empty", "text"])
  func aFileThatIsNotAPackageIsInvalidDataAndChangesNothing(_ kind: String) throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "Numbers", "--strategy", "sequential"], input: "0\n")
    let before = try sandbox.files()
    let path: String
    switch kind {
    case "truncated":
      path = try fixture("damaged-truncated-zstd.apkg")
    default:
      path = sandbox.folder.appendingPathComponent("deck.colpkg").path
      var generator = SeededGenerator(seed: 20)
      let bytes: [UInt8] =
        kind == "random"
        ? (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        : kind == "empty" ? [] : Array("front\tback\n".utf8)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    // The collection is unpacked under TMPDIR: nothing may stay there.
    let temporary = sandbox.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let result = try sandbox.run(["import", path], environment: ["TMPDIR": temporary.path])
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    try FileManager.default.removeItem(at: temporary)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("is not an Anki package that memoquiz can read"), "\(result.stderr)")
    #expect(result.stderr.contains("nothing was imported"))
    #expect(!result.stderr.contains("Fatal error"))
    #expect(try sandbox.files().filter { $0 != "deck.colpkg" } == before)
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
  }

  @Test func theBinaryLinksNoneOfTheLibrariesItLoads() throws {
    let ldd = Process()
    ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    ldd.arguments = [MemoQuizSandbox.binary.path]
    let output = Pipe()
    ldd.standardOutput = output
    try ldd.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    ldd.waitUntilExit()
    #expect(text.contains("libc.so"), "\(text)")
    for library in ["libsqlite3", "libzstd", "libz.so"] {
      #expect(!text.contains(library), "memoquiz links \(library)")
    }
  }
}
