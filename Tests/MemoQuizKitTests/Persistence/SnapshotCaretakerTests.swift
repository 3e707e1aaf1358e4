import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct SnapshotCaretakerTests {
  @Test func restoreBringsBackTheExactBytes() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let original: [UInt8] = [0xFF, 0x00, 0x7B, 0x0A] + Array("not even JSON ✓".utf8)
    try Data(original).write(to: URL(fileURLWithPath: data.scoresFile))
    let snapshots = SnapshotCaretaker(folder: data)
    let saved = try snapshots.saveSnapshot(reason: "before test", of: [data.scoresFile])
    try DurableFile.replace(data.scoresFile, with: Array("{}".utf8))
    try snapshots.restore(id: saved.id)
    #expect(try folder.read("scores.json") == Data(original))
  }

  @Test func aFileThatDidNotExistIsRemovedOnRestore() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let snapshots = SnapshotCaretaker(folder: data)
    try snapshots.saveSnapshot(reason: "before edit", of: [data.questionsFile])
    try DurableFile.replace(data.questionsFile, with: Array("[]".utf8))
    try snapshots.restoreNewest()
    #expect(!FileManager.default.fileExists(atPath: data.questionsFile))
    // And the restore is undoable: the questions come back.
    try snapshots.restoreNewest()
    #expect(try folder.read("questions.json") == Data("[]".utf8))
  }

  @Test func listIsNewestFirstAndBounded() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let snapshots = SnapshotCaretaker(folder: data)
    for index in 1...(SnapshotCaretaker.limit + 5) {
      try snapshots.saveSnapshot(reason: "number \(index)", of: [data.scoresFile])
    }
    let list = try snapshots.snapshots()
    #expect(list.count == SnapshotCaretaker.limit)
    #expect(list.first?.reason == "number \(SnapshotCaretaker.limit + 5)")
    #expect(list.last?.reason == "number 6")
    #expect(list.map(\.id) == list.map(\.id).sorted(by: >))
  }

  @Test func restoringAnUnknownSnapshotIsAClearError() throws {
    let folder = try TemporaryFolder()
    let snapshots = SnapshotCaretaker(folder: DataFolder(path: folder.path))
    #expect(throws: PersistenceError.self) { try snapshots.restore(id: 3) }
    #expect(throws: PersistenceError.self) { try snapshots.restoreNewest() }
  }
}
