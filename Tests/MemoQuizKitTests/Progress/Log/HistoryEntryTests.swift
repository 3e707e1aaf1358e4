import Foundation
import Testing

@testable import MemoQuizKit

/// A machine's history file is named by its identity in one spelling only:
/// what arrives under any other is left out, whether the folder is read at
/// start-up or taken in by `sync`.
@Suite struct HistoryEntryTests {
  @Test func onlyTheCanonicalNameOfARegularFileIsAMachinesFile() throws {
    let folder = try TemporaryFolder()
    for name in ["12345678.log", "12345678.LOG", "1a2b3c4d.log", "1A2B3C4D.log", "1a2b3c4d.Log", "notes.txt"] {
      try folder.write(name, "memoquiz history\t2\n")
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/0badc0de.log", withDestinationPath: "/etc/passwd")
    let judged = try HistoryEntry.names(in: folder.path).sorted().map { name in
      switch HistoryEntry(name: name, in: folder.path) {
      case .machine(let machine): "\(name): machine \(machine.hex)"
      case .lookalike: "\(name): left out"
      case .other: "\(name): not history"
      }
    }
    #expect(
      judged == [
        "0badc0de.log: left out", "12345678.LOG: left out", "12345678.log: machine 12345678",
        "1A2B3C4D.log: left out", "1a2b3c4d.Log: left out", "1a2b3c4d.log: machine 1a2b3c4d", "notes.txt: not history",
      ])
    // Start-up's reading of the folder judges the same.
    let files = try HistoryEntry.machineFiles(in: folder.path)
    #expect(files.machines.map(\.machine.hex).sorted() == ["12345678", "1a2b3c4d"])
    #expect(files.leftOut.sorted() == ["0badc0de.log", "12345678.LOG", "1A2B3C4D.log", "1a2b3c4d.Log"])
  }
}
