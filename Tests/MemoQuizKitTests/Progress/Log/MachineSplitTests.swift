import Foundation
import Testing

@testable import MemoQuizKit

/// A folder that shares its machine identity with another is split off: a
/// split cut short by a crash is completed by the next reading, and the
/// steps that move to the new identity name each other by their new ids.
@Suite struct MachineSplitTests {
  private func answer(_ prompt: String, at offset: Int64, round: StepID? = nil) -> AnswerStep {
    AnswerStep(
      id: StepID(machine: MachineID.test(1), sequence: 1), time: Timestamp(rawValue: 1_767_600_000_000 + offset),
      group: "G", round: round, question: prompt, prompt: prompt, typed: "a", rating: .good, duration: 1000)
  }

  @Test func aSplitCutShortIsCompletedByTheNextReadingAndRenumbersWhatItsStepsName() throws {
    let here = try TemporaryFolder()
    let there = try TemporaryFolder()
    let folder = DataFolder(path: here.path)
    let caretaker = try ProgressCaretaker(folder: folder)
    let me = try caretaker.machine()
    let name = "history/\(me.id.hex).log"
    _ = try caretaker.record([answer("q1", at: 1), answer("q2", at: 2)])
    // The other folder: a copy of this one, answered in on its own.
    try FileManager.default.createDirectory(atPath: there.path + "/history", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: there.path + "/local", withIntermediateDirectories: true)
    for file in [name, "local/machine"] { try there.write(file, String(decoding: try here.read(file), as: UTF8.self)) }
    let common = try here.read(name)
    let other = try ProgressCaretaker(folder: DataFolder(path: there.path))
    _ = try other.record([answer("q9", at: 9)])
    // This folder's own: the first names a step both hold, the second one
    // of its own.
    _ = try caretaker.record([answer("q3", at: 3, round: StepID(machine: me.id, sequence: 1))])
    _ = try caretaker.record([answer("q4", at: 4, round: StepID(machine: me.id, sequence: 3))])

    let split = try MachineSplit.split(folder, machine: me, other: Array(try there.read(name)), completing: false)
    #expect(split.moved == 2)
    #expect(try here.read(name).count > common.count)

    let next = try ProgressCaretaker(folder: folder)
    let new = try next.machine().id
    #expect(new == split.new && new != me.id)
    #expect(try here.read(name) == common)
    let moved = try MachineHistoryFile(path: here.path + "/history/\(new.hex).log", machine: new).read().records
    let answers = moved.compactMap { record -> AnswerStep? in
      if case .answer(let answer) = record { return answer }
      return nil
    }
    #expect(answers.map(\.prompt) == ["q3", "q4"])
    #expect(answers.map(\.id) == [StepID(machine: new, sequence: 1), StepID(machine: new, sequence: 2)])
    #expect(answers.map(\.round) == [StepID(machine: me.id, sequence: 1), StepID(machine: new, sequence: 1)])
    #expect(!FileManager.default.fileExists(atPath: here.path + "/local/machine-split"))
    // Every answer of this folder is read once, under one identity or the other.
    #expect(try next.allRecords().count == 4)
  }
}
