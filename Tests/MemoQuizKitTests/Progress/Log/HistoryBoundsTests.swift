import Foundation
import Testing

@testable import MemoQuizKit

/// What memoquiz writes, it reads: every kind of record and of checkpoint
/// line at the bounds of each field survives its text, and no bytes, however
/// damaged, make the readers trap.
@Suite struct HistoryBoundsTests {
  private static let machine = MachineID(rawValue: UInt32.max) ?? .random()
  private static let other = MachineID(rawValue: 1) ?? .random()
  private static let times = [Timestamp.readableRange.lowerBound, 0, Timestamp.readableRange.upperBound].map {
    Timestamp(rawValue: $0)
  }
  private static let sequences = [1, StepID.maximumSequence]
  private static let texts = ["", "x", "tab\tnew\nline\\back\r", String(repeating: "長", count: 300)]

  /// Records of every kind, each field at its bounds.
  static func boundaryRecords() -> [HistoryRecord] {
    var records: [HistoryRecord] = []
    for time in times {
      for sequence in sequences {
        let id = StepID(machine: machine, sequence: sequence)
        let target = StepID(machine: other, sequence: StepID.maximumSequence)
        for text in texts {
          for rating in [ReviewRating.again, .hard, .good, .easy] {
            records.append(
              .answer(
                AnswerStep(
                  id: id, time: time, group: text, round: target, question: text, prompt: text, typed: text,
                  rating: rating, duration: Score.maximumCount, origin: text.isEmpty ? nil : text)))
          }
          records.append(.right(RightStep(id: id, time: time, group: text, question: text, target: target)))
          records.append(.reset(ResetStep(id: id, time: time, groups: [text, text])))
          records.append(
            .questionsChange(
              QuestionsChangeStep(
                id: id, time: time, kind: .import, base: target, group: text, summary: text, contents: .file(text),
                before: .noFile, renames: [GroupRename(from: text, to: "b")])))
          records.append(.setting(SettingStep(id: id, time: time, key: text, value: text, summary: text)))
          for inRound in [false, true] {
            let mark = StepMark(
              id: id, time: time, target: target, kind: .answer, group: text, question: text, inRound: inRound,
              round: target)
            records.append(.undo(mark))
            records.append(.redo(mark))
          }
          records.append(
            .roundStart(
              RoundStart(
                id: id, time: time, group: text, strategy: text, seed: UInt64.max, repeatsMissed: true,
                skipped: Score.maximumCount, plan: [text, text])))
          records.append(
            .baseline(
              ScoreBaseline(
                id: id, time: time, group: text,
                score: Score(correctCount: Score.maximumCount, incorrectCount: 0), lastPlayed: time)))
        }
      }
    }
    return records
  }

  @Test func everyRecordAtTheBoundsOfItsFieldsIsReadBackAsWritten() throws {
    for record in Self.boundaryRecords() {
      let line = Array(RecordLine.encode(record.fields).utf8)
      let fields = try #require(RecordLine.fields(line.dropLast()[...]))
      let read = try HistoryRecord(fields: fields, machine: Self.machine)
      // An empty text reads back as no text where a field is optional.
      #expect(read.fields == record.fields, "\(record)")
    }
  }

  @Test func aNumberPastTheBoundsIsDamageNotATrap() {
    let lines = [
      "answer\t0\t0\tG\t\tq\tp\tt\t3\t0", "answer\t2147483648\t0\tG\t\tq\tp\tt\t3\t0",
      "answer\t1\t253402300800000\tG\t\tq\tp\tt\t3\t0", "answer\t1\t0\tG\t00000000-1\tq\tp\tt\t3\t0",
      "answer\t1\t0\tG\t\tq\tp\tt\t5\t0", "answer\t1\t0\tG\t\tq\tp\tt\t3\t9007199254740992",
      "right\t1\t0\tG\tq\tzz-1", "undo\t1\t0\t0000000a-0\tanswer\t\t\t0\t",
    ]
    for text in lines {
      let fields = RecordLine.fields(Array(text.utf8)[...]) ?? []
      #expect((try? HistoryRecord(fields: fields, machine: Self.machine)) == nil, "\(text)")
    }
  }

  @Test(arguments: 0..<3)
  func theCheckpointOfABoundaryHistoryIsReadBackExactly(_ part: Int) throws {
    let records = Self.boundaryRecords().enumerated().filter { $0.offset % 3 == part }.map(\.element)
    let progress = MemoQuizKit.Progress.replaying(records)
    let checkpoint = ProgressCheckpoint(
      progress: progress,
      coverage: [Self.machine: .init(end: Score.maximumCount, lastSequence: StepID.maximumSequence, tail: .max)])
    #expect(try ProgressCheckpoint(bytes: checkpoint.encoded()) == checkpoint)
  }

  @Test(arguments: 0..<4)
  func damagedHistoryFilesAndCheckpointsAreReadWithoutATrap(_ seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let caretaker = try ProgressCaretaker(folder: data)
    for index in 0..<20 {
      try caretaker.reset(titles: ["G\(index)"], at: Date())
    }
    let file = HistoryCaretaker(folder: data).file(of: try caretaker.machine().id).path
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let checkpoint = ProgressCheckpoint(progress: try caretaker.loadMemory().progress, coverage: caretaker.coverage)
      .encoded()
    for _ in 0..<60 {
      // Flip, cut or repeat bytes of the history and of a checkpoint.
      var bytes = original
      var pointBytes = checkpoint
      for _ in 0..<Int(generator.next(below: 4)) + 1 {
        guard !bytes.isEmpty else { break }
        let at = Int(generator.next(below: UInt64(bytes.count)))
        switch generator.next(below: 3) {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
        case 1: bytes.removeSubrange(at...)
        default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 40)], at: at)
        }
        let point = Int(generator.next(below: UInt64(pointBytes.count)))
        pointBytes[point] = UInt8(truncatingIfNeeded: generator.next())
      }
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      try FileManager.default.createDirectory(atPath: data.localFolder, withIntermediateDirectories: true)
      try Data(pointBytes).write(to: URL(fileURLWithPath: data.checkpointFile))
      // Whatever the damage: a state, warnings, and the next append works.
      let reloaded = try ProgressCaretaker(folder: data) { _ in }
      try reloaded.reset(titles: ["after"], at: Date())
      #expect(try ProgressCaretaker(folder: data) { _ in }.loadMemory().groups["after"] != nil, "seed \(seed)")
      try Data(original).write(to: URL(fileURLWithPath: file))
      try? FileManager.default.removeItem(atPath: data.checkpointFile)
    }
  }
}
