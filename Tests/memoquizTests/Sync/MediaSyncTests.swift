import Foundation
import Testing

/// The sounds of `media/` travel with `sync`: a file is taken by name and
/// only when it is new; a remote never replaces one, and a link, a folder
/// or a name that is not a media file's is left out.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
struct MediaSyncTests {
  typealias Remote = SyncTrustTests.Remote
  typealias Machine = SeveralMachinesTests.Machine

  private func write(_ text: String, _ name: String, on machine: Machine) throws {
    let media = machine.sandbox.folder.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: media.appendingPathComponent(name))
  }

  private func read(_ name: String, on machine: Machine) -> String? {
    (try? Data(contentsOf: machine.sandbox.folder.appendingPathComponent("media/" + name)))
      .map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func soundsTravelByNameAndNeverReplaceOnesThatAreThere() throws {
    let remote = try Remote()
    let laptop = try SyncTrustTests.machine()
    let desktop = try SyncTrustTests.machine()
    try write("laptop's inu", "inu.mp3", on: laptop)
    try write("laptop's neko", "neko.mp3", on: laptop)
    try write("desktop's neko", "neko.mp3", on: desktop)
    _ = try SyncTrustTests.sync(laptop, ["--init", remote.address])
    let taken = try SyncTrustTests.sync(desktop, ["--init", remote.address])
    #expect(taken.stdout.contains("Took 1 sound into media/."), "\(taken.stdout)")
    #expect(read("inu.mp3", on: desktop) == "laptop's inu")
    #expect(read("neko.mp3", on: desktop) == "desktop's neko")
    _ = try SyncTrustTests.sync(laptop)
    #expect(read("neko.mp3", on: laptop) == "laptop's neko")
    #expect(try remote.file("media/neko.mp3") == "laptop's neko")
  }

  @Test func aRemoteCannotReplaceAMediaFileNorPutAnythingElseThere() throws {
    let remote = try Remote()
    let laptop = try SyncTrustTests.machine()
    try write("laptop's inu", "inu.mp3", on: laptop)
    _ = try SyncTrustTests.sync(laptop, ["--init", remote.address])
    let clone = try remote.attacker()
    let media = clone.appendingPathComponent("media")
    try Data("replaced".utf8).write(to: media.appendingPathComponent("inu.mp3"))
    try FileManager.default.createSymbolicLink(
      atPath: media.appendingPathComponent("link.mp3").path, withDestinationPath: "/etc/passwd")
    try FileManager.default.createDirectory(
      at: media.appendingPathComponent("folder.mp3"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: media.appendingPathComponent("folder.mp3/inside"))
    try Data("hidden".utf8).write(to: media.appendingPathComponent(".hidden.mp3"))
    try Data("new".utf8).write(to: media.appendingPathComponent("new.mp3"))
    try remote.push(clone)
    let result = try SyncTrustTests.sync(laptop)
    #expect(read("inu.mp3", on: laptop) == "laptop's inu")
    #expect(read("new.mp3", on: laptop) == "new")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: laptop.sandbox.folder.appendingPathComponent("media").path
    ).sorted()
    #expect(names == ["inu.mp3", "new.mp3"])
    #expect(SyncTrustTests.warnings(result).count == 3, "\(result.stderr)")
  }
}
