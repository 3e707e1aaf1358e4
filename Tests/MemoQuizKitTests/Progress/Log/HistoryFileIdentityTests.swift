import Foundation
import Testing

@testable import MemoQuizKit

/// What the file system says of each machine's file is kept with how far it
/// was read, in the checkpoint and the outlook, exactly; a reading opens
/// only the files whose identity changed, and a file changed too recently
/// to be told apart from its next change keeps none.
@Suite struct HistoryFileIdentityTests {
  private static let identities = [
    HistoryFileIdentity(size: 0, inode: 0, modified: 0, changed: 0),
    HistoryFileIdentity(size: Int64.max, inode: UInt64.max, modified: Int64.min + 1, changed: Int64.max),
    HistoryFileIdentity(size: 86, inode: 1_234_567, modified: 1_764_579_600_123_456_789, changed: -1),
  ]

  @Test func everyIdentityReadsBackAsWrittenInTheCheckpointAndTheOutlook() throws {
    var coverage: [MachineID: HistoryCaretaker.Coverage] = [
      MachineID.test(9): HistoryCaretaker.Coverage(end: 0, lastSequence: 0, tail: 0)
    ]
    for (index, identity) in Self.identities.enumerated() {
      coverage[MachineID.test(UInt32(index + 1))] = HistoryCaretaker.Coverage(
        end: Score.maximumCount, lastSequence: index, tail: UInt64.max, identity: identity)
    }
    let checkpoint = ProgressCheckpoint(progress: Progress(), coverage: coverage)
    #expect(try ProgressCheckpoint(bytes: checkpoint.encoded()) == checkpoint)
    let outlook = ProgressCheckpoint(
      progress: Progress(), coverage: coverage, outlook: ProgressOutlook(key: 7, groups: [:], activitySince: 0))
    #expect(try ProgressCheckpoint(bytes: outlook.encoded(), outlook: true) == outlook)
  }

  @Test(arguments: [
    "file\t00000001\t1\t1\t1", "file\t00000001\t1\t1\t1\t1/2/3", "file\t00000001\t1\t1\t1\t1/2/3/4/5",
    "file\t00000001\t1\t1\t1\t-1/2/3/4", "file\t00000001\t1\t1\t1\t1/-2/3/4", "file\t00000001\t1\t1\t1\t1/2/3/x",
    "file\t00000001\t1\t1\t1\t1/2/3/9223372036854775808", "file\t00000001\t1\t1\t18446744073709551616\t",
    "file\t00000001\t9007199254740992\t1\t1\t", "file\t0000000A\t1\t1\t1\t", "file\t00000000\t1\t1\t1\t",
    "file\t00000001\t1\t1\t1\t1/2/3/4\t", "file\t00000001\t\t1\t1\t", "file\t00000001\t1\t1\t1\t/2/3/4",
  ])
  func aMalformedFileLineIsDamageNotATrap(_ line: String) {
    var text = Array("memoquiz checkpoint \(ProgressCheckpoint.version)\n\(line)\n".utf8)
    RecordLine.append(["sum", String(ContentHash.of(text))], to: &text)
    #expect(throws: ProgressCheckpoint.Damaged.self) { try ProgressCheckpoint(bytes: text) }
  }

  @Test func aFileChangedJustNowKeepsNoIdentityUntilItSettles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("history"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let caretaker = HistoryCaretaker(folder: DataFolder(path: folder.path))
    let machine = MachineID.test(5)
    let path = caretaker.file(of: machine).path
    try Data("memoquiz history\t2\t\(machine.hex)\tlaptop\n".utf8).write(to: URL(fileURLWithPath: path))
    let reading = try caretaker.readAll()
    #expect(reading.coverage[machine]?.identity == nil)
    var status = stat()
    try #require(stat(path, &status) == 0)
    let identity = HistoryFileIdentity(status)
    #expect(identity.settled(at: identity.changed + HistoryFileIdentity.settling) == nil)
    #expect(identity.settled(at: identity.changed + HistoryFileIdentity.settling + 1) == identity)
  }
}
