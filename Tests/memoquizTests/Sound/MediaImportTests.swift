import Foundation
import Testing

@testable import MemoQuizKit

/// The sounds of an Anki package arrive in the data folder's `media/`:
/// under safe names, never outside it, never over a file that is there,
/// within the bounds of the package; and an export carries them back.
@Suite struct MediaImportTests {
  private func mediaFolder(_ sandbox: MemoQuizSandbox) -> URL { sandbox.folder.appendingPathComponent("media") }

  private func files(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  private func bytes(_ url: URL) -> [UInt8]? {
    (try? Data(contentsOf: url)).map { [UInt8]($0) }
  }

  private func importPackage(_ bytes: [UInt8], in sandbox: MemoQuizSandbox, name: String = "sounds.apkg")
    throws -> MemoQuizResult
  {
    let package = sandbox.folder.appendingPathComponent(name)
    try Data(bytes).write(to: package)
    return try sandbox.run(["import", package.path])
  }

  @Test(arguments: [false, true])
  func soundsOfBothSidesAreImportedAndExportedWithTheirBytes(current: Bool) throws {
    let sandbox = try MemoQuizSandbox()
    let inu = Array("ID3 inu".utf8) + [UInt8](repeating: 7, count: 300_000)
    let dog = Array("OggS dog".utf8)
    let notes = [("犬 [sound:inu.mp3]", "dog [sound:dog.ogg]")]
    let media = [SoundPackage.Media(name: "inu.mp3", bytes: inu), SoundPackage.Media(name: "dog.ogg", bytes: dog)]
    let package =
      current ? try SoundPackage.current(notes, media: media) : try SoundPackage.legacy(notes, media: media)
    let imported = try importPackage(package, in: sandbox)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("2 sounds into media/"), "\(imported.stdout)")
    #expect(files(in: mediaFolder(sandbox)) == ["dog.ogg", "inu.mp3"])
    #expect(bytes(mediaFolder(sandbox).appendingPathComponent("inu.mp3")) == inu)
    #expect(bytes(mediaFolder(sandbox).appendingPathComponent("dog.ogg")) == dog)
    let json = try sandbox.run(["export", "Sounds"])
    #expect(json.stdout.contains(#""prompt": "犬 [sound:inu.mp3]", "answer": "dog [sound:dog.ogg]""#), "\(json.stdout)")

    let elsewhere = try MemoQuizSandbox()
    let exported = elsewhere.folder.appendingPathComponent("out.apkg")
    let export = try sandbox.run(["export", "Sounds", "--format", "apkg", "--output", exported.path])
    #expect(export.status == 0, "\(export.stderr)")
    let archive = try ZipArchive(bytes: try #require(bytes(exported)))
    let map = String(decoding: try archive.contents(of: try #require(archive.entry(named: "media"))), as: UTF8.self)
    #expect(map == #"{"0": "inu.mp3", "1": "dog.ogg"}"#)
    #expect(try archive.contents(of: try #require(archive.entry(named: "0"))) == inu)
    #expect(try archive.contents(of: try #require(archive.entry(named: "1"))) == dog)
  }

  @Test func aDryRunAndASkippedNoteCopyNoSound() throws {
    let sandbox = try MemoQuizSandbox()
    let package = try SoundPackage.legacy(
      [("[sound:only.mp3]", "listen"), ("kept [sound:kept.mp3]", "yes")],
      media: [
        SoundPackage.Media(name: "only.mp3", bytes: Array("only".utf8)),
        SoundPackage.Media(name: "kept.mp3", bytes: Array("kept".utf8)),
      ])
    let path = sandbox.folder.appendingPathComponent("sounds.apkg")
    try Data(package).write(to: path)
    let dry = try sandbox.run(["import", path.path, "--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(files(in: mediaFolder(sandbox)) == [])
    #expect(try sandbox.run(["import", path.path]).status == 0)
    // A note whose prompt is only a sound is skipped, and its sound with it.
    #expect(files(in: mediaFolder(sandbox)) == ["kept.mp3"])
  }

  @Test func hostileNamesStayInsideMedia() throws {
    let sandbox = try MemoQuizSandbox()
    let tag = UUID().uuidString.prefix(8)
    let names = ["../escape-\(tag).mp3", "/tmp/absolute-\(tag).mp3", "..\u{7}.hidden\u{1B}[31m.mp3", "../.."]
    let notes = names.enumerated().map { ("q\($0.offset) [sound:\($0.element)]", "a\($0.offset)") }
    let media = names.enumerated().map { SoundPackage.Media(name: $0.element, bytes: Array("sound \($0.offset)".utf8)) }
    let imported = try importPackage(try SoundPackage.legacy(notes, media: media), in: sandbox)
    #expect(imported.status == 0, "\(imported.stderr)")
    let kept = ["escape-\(tag).mp3", "absolute-\(tag).mp3", "hidden[31m.mp3", "media"]
    #expect(files(in: mediaFolder(sandbox)) == kept.sorted())
    for (index, name) in kept.enumerated() {
      #expect(bytes(mediaFolder(sandbox).appendingPathComponent(name)) == Array("sound \(index)".utf8), "\(name)")
    }
    #expect(
      !FileManager.default.fileExists(atPath: sandbox.folder.deletingLastPathComponent().path + "/escape-\(tag).mp3"))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/absolute-\(tag).mp3"))
    // The questions name the files by the names they are kept under.
    let json = try sandbox.run(["export", "Sounds"]).stdout
    for (index, name) in kept.enumerated() { #expect(json.contains("\"q\(index) [sound:\(name)]\""), "\(json)") }
    #expect(try sandbox.run(["validate"]).stderr == "")
  }

  @Test func aNameTakenByOtherBytesKeepsBothFiles() throws {
    let sandbox = try MemoQuizSandbox()
    let first = try SoundPackage.legacy(
      [("one [sound:a.mp3]", "1")], media: [SoundPackage.Media(name: "a.mp3", bytes: Array("first".utf8))],
      deck: "First")
    #expect(try importPackage(first, in: sandbox, name: "first.apkg").status == 0)
    let second = try SoundPackage.legacy(
      [("two [sound:a.mp3]", "2")], media: [SoundPackage.Media(name: "a.mp3", bytes: Array("second".utf8))],
      deck: "Second")
    #expect(try importPackage(second, in: sandbox, name: "second.apkg").status == 0)
    let names = files(in: mediaFolder(sandbox))
    #expect(names.count == 2 && names.contains("a.mp3"), "\(names)")
    #expect(bytes(mediaFolder(sandbox).appendingPathComponent("a.mp3")) == Array("first".utf8))
    let other = try #require(names.first { $0 != "a.mp3" })
    #expect(bytes(mediaFolder(sandbox).appendingPathComponent(other)) == Array("second".utf8))
    #expect(try sandbox.run(["export", "Second"]).stdout.contains("two [sound:\(other)]"))
    // The same bytes again take no second file.
    #expect(try importPackage(first, in: sandbox, name: "again.apkg").status == 64)
    #expect(files(in: mediaFolder(sandbox)).count == 2)
  }

  @Test func aMediaBombIsRefusedWithinBounds() throws {
    let sandbox = try MemoQuizSandbox()
    // 512 MiB of zeros in a few kilobytes of zstd.
    let bomb = HostilePackage.zstdBomb(start: Array("ID3".utf8), blocks: 4096)
    let package = try SoundPackage.current(
      [("boom [sound:bomb.mp3]", "b")], media: [SoundPackage.Media(name: "bomb.mp3", bytes: bomb, raw: true)])
    let path = sandbox.folder.appendingPathComponent("bomb.apkg")
    try Data(package).write(to: path)
    let run = try sandbox.runMeasured(["import", path.path])
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.contains("bomb.mp3 is over 32 MiB"), "\(run.stderr)")
    #expect(!run.wasSignaled, "ended by a signal: past 100 MiB?")
    #expect(files(in: mediaFolder(sandbox)) == [])
    #expect((try? FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path + "/local/tmp")) ?? [] == [])
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile.path))
  }

  @Test func validateWarnsOfASoundWithNoFile() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "G", "questions": [{"prompt": "x [sound:missing.mp3]", "answer": "y"}]}]"#)
    let result = try sandbox.run(["validate"])
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "\(sandbox.questionsFile.path):1:42: warning: [sound:missing.mp3] has no file in \(sandbox.folder.path)/media; it plays nothing\n"
      ),
      "\(result.stderr)")
  }
}
