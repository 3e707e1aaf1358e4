import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct SnapshotCaretakerTests {
  @Test func bringingBackGivesTheExactBytes() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let original: [UInt8] = [0xFF, 0x00, 0x7B, 0x0A] + Array("not even JSON ✓".utf8)
    try Data(original).write(to: URL(fileURLWithPath: data.questionsFile))
    let snapshots = SnapshotCaretaker(folder: data)
    let saved = try snapshots.save(reason: "before test", now: Date())
    try DurableFile.replace(data.questionsFile, with: Array("{}".utf8))
    try snapshots.bringBack(try snapshots.load(saved.id), reason: "test", now: Date())
    #expect(try folder.read("questions.json") == Data(original))
  }

  @Test func aFileThatDidNotExistIsRemovedWhenBroughtBack() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let snapshots = SnapshotCaretaker(folder: data)
    let saved = try snapshots.save(reason: "before edit", now: Date())
    try DurableFile.replace(data.questionsFile, with: Array("[]".utf8))
    let replaced = try snapshots.bringBack(saved, reason: "undo", now: Date())
    #expect(!FileManager.default.fileExists(atPath: data.questionsFile))
    try snapshots.bringBack(replaced, reason: "redo", now: Date())
    #expect(try folder.read("questions.json") == Data("[]".utf8))
  }

  @Test func listIsNewestFirstAndBounded() throws {
    let folder = try TemporaryFolder()
    let snapshots = SnapshotCaretaker(folder: DataFolder(path: folder.path))
    for index in 1...(SnapshotCaretaker.limit + 5) {
      try snapshots.save(reason: "number \(index)", now: Date())
    }
    let list = try snapshots.entries().compactMap { entry -> SnapshotMemento? in
      if case .snapshot(let snapshot) = entry { return snapshot }
      return nil
    }
    #expect(list.count == SnapshotCaretaker.limit)
    #expect(list.first?.reason == "number \(SnapshotCaretaker.limit + 5)")
    #expect(list.last?.reason == "number 6")
  }

  @Test func aDamagedSnapshotIsListedAndTheOthersStillLoad() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let snapshots = SnapshotCaretaker(folder: data)
    try snapshots.save(reason: "one", now: Date())
    try snapshots.save(reason: "two", now: Date())
    try folder.write("local/snapshots/snapshot-2.json", "{ damaged")
    let entries = try snapshots.entries()
    guard case .damaged(let id, _) = entries.first else {
      Issue.record("the damaged newest snapshot is listed as damaged")
      return
    }
    #expect(id == 2)
    #expect(try snapshots.load(1).reason == "one")
    #expect(throws: PersistenceError.self) { try snapshots.load(2) }
    #expect(throws: PersistenceError.self) { try snapshots.load(3) }
  }
}
