import Foundation
import Testing

@testable import MemoQuizKit

/// Only a bare repository on this machine's disks is mended by `sync`;
/// an entry of `history/` left out is said the one way, whoever finds it.
@Suite struct RemoteRepairTests {
  @Test func onlyAPathOrAFileURLIsOnThisMachinesDisks() {
    let local = ["/srv/memoquiz.git", "../remote.git", "remote.git", "file:///srv/memoquiz.git", "./a:b"]
    let elsewhere = [
      "git@example.com:me/memoquiz.git", "example.com:memoquiz.git", "ssh://example.com/memoquiz.git",
      "https://example.com/memoquiz.git", "file://host/srv/x.git", "",
    ]
    #expect(local.map { RemoteRepair.localPath($0) != nil } == local.map { _ in true })
    #expect(elsewhere.compactMap(RemoteRepair.localPath).isEmpty)
    #expect(RemoteRepair.localPath("file:///srv/memoquiz.git") == "/srv/memoquiz.git")
  }

  @Test func gitsWordsForARemoteThatLacksObjectsAreKnown() {
    #expect(RemoteRepair.namesMissingObjects("fatal: remote error: upload-pack: not our ref 8165741\n"))
    #expect(RemoteRepair.namesMissingObjects(" ! [remote rejected] HEAD -> main (missing necessary objects)\n"))
    #expect(!RemoteRepair.namesMissingObjects("fatal: '/x' does not appear to be a git repository\n"))
  }

  @Test func aLeftOutEntryIsSaidWhyTheOneWay() throws {
    let folder = try TemporaryFolder()
    let names = [
      "0a0b0c0d.sync-conflict-20261201-101010-ABCDEFG.log", "0A0B0C0D.log", "0a0b0c0d.LOG", "notes.log",
    ]
    for name in names { try folder.write(name, "memoquiz history\t2\n") }
    try FileManager.default.createDirectory(atPath: folder.path + "/1a2b3c4d.log", withIntermediateDirectories: false)
    let said = (names + ["1a2b3c4d.log"]).map { HistoryEntry.leftOutWarning($0, name: $0, in: folder.path) }
    #expect(
      said == [
        "0a0b0c0d.sync-conflict-20261201-101010-ABCDEFG.log is a conflict copy Syncthing made of the history file of "
          + "machine 0a0b0c0d (a conflict of 2026-12-01 10:10:10 with device ABCDEFG); only 0a0b0c0d.log is read, "
          + "and the copy is left out",
        "0A0B0C0D.log spells the name of machine 0a0b0c0d's history file another way; only 0a0b0c0d.log (in lower "
          + "case) is read; it is left out",
        "0a0b0c0d.LOG spells the name of machine 0a0b0c0d's history file another way; only 0a0b0c0d.log (in lower "
          + "case) is read; it is left out",
        "notes.log is not a machine's history file (a regular file named by a machine id in lower case); it is "
          + "left out",
        "1a2b3c4d.log is a folder, not a machine's history file (a regular file named by a machine id in lower "
          + "case); it is left out",
      ])
  }
}
