import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct DurableFileTests {
  @Test func replaceWritesTheBytesAndLeavesNoTempFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/scores.json"
    try DurableFile.replace(path, with: Array("one".utf8))
    try DurableFile.replace(path, with: Array("two".utf8))
    #expect(try folder.read("scores.json") == Data("two".utf8))
    #expect(try folder.files() == ["scores.json"])
  }

  @Test func replaceKeepsTheFileMode() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/questions.json"
    try folder.write("questions.json", "[]")
    chmod(path, 0o600)
    try DurableFile.replace(path, with: Array("[1]".utf8))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func aFailedReplaceLeavesTheOldFileAndNoTempFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("scores.json", "old")
    // A directory in the temp file's place makes the write fail part-way.
    try FileManager.default.createDirectory(
      atPath: folder.path + "/.scores.json.tmp", withIntermediateDirectories: false)
    #expect(throws: PersistenceError.self) {
      try DurableFile.replace(folder.path + "/scores.json", with: Array("new".utf8))
    }
    #expect(try folder.read("scores.json") == Data("old".utf8))
  }

  @Test func aTempFileLeftByAKilledProcessIsReused() throws {
    let folder = try TemporaryFolder()
    try folder.write(".scores.json.tmp", "half-writ")
    try DurableFile.replace(folder.path + "/scores.json", with: Array("whole".utf8))
    #expect(try folder.files() == ["scores.json"])
    #expect(try folder.read("scores.json") == Data("whole".utf8))
  }

  @Test func readOfAMissingFileIsNil() throws {
    let folder = try TemporaryFolder()
    #expect(try DurableFile.read(folder.path + "/none.json") == nil)
  }

  @Test func dataFolderFollowsTheEnvironmentOrder() throws {
    let all = ["MEMOQUIZ_HOME": "/m", "XDG_DATA_HOME": "/x", "HOME": "/h"]
    #expect(try DataFolder { all[$0] }.path == "/m")
    #expect(try DataFolder { ["XDG_DATA_HOME": "/x", "HOME": "/h"][$0] }.path == "/x/memoquiz")
    #expect(try DataFolder { ["HOME": "/h", "MEMOQUIZ_HOME": ""][$0] }.path == "/h/.local/share/memoquiz")
  }

  @Test func aRelativeXDGDataHomeIsIgnoredAsTheXDGRulesSay() throws {
    let folder = try DataFolder { ["XDG_DATA_HOME": "relative/data", "HOME": "/h"][$0] }
    #expect(folder.path == "/h/.local/share/memoquiz")
  }

  @Test func withoutHOMETheAccountsHomeIsUsed() throws {
    #expect(
      try DataFolder(environment: { _ in nil }, accountHome: { "/home/kana" }).path
        == "/home/kana/.local/share/memoquiz")
  }

  @Test func withNoHomeAtAllThereIsNoDataFolder() {
    #expect(throws: PersistenceError.self) {
      try DataFolder(environment: { _ in nil }, accountHome: { nil })
    }
  }

  @Test func dataFolderIsCreatedOnFirstNeed() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path + "/a/b/memoquiz")
    try data.withLock {}
    #expect(FileManager.default.fileExists(atPath: data.path + "/local/lock"))
  }
}
