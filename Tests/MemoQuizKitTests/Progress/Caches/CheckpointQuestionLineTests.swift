import Foundation
import Testing

@testable import MemoQuizKit

/// A checkpoint's question lines, written straight into bytes, are the
/// lines of their fields, and read back as the memory they were written from.
@Suite struct CheckpointQuestionLineTests {
  /// The line the general field writer makes of ``ProgressCheckpoint/questionFields(key:memory:)``.
  private func fieldLine(key: String, memory: QuestionMemory) -> [UInt8] {
    var bytes: [UInt8] = []
    RecordLine.append(ProgressCheckpoint.questionFields(key: key, memory: memory), to: &bytes)
    return bytes
  }

  private func directLine(key: String, memory: QuestionMemory) -> [UInt8] {
    var bytes: [UInt8] = []
    ProgressCheckpoint.appendQuestionLine(key: key, memory: memory, to: &bytes)
    return bytes
  }

  private func readBack(_ line: [UInt8]) -> (key: String, memory: QuestionMemory)? {
    line.dropLast().withUnsafeBufferPointer(ProgressCheckpoint.question)
  }

  /// The `model` setting that installs SBD+hours (`nil`: FSRS-6).
  private static let sbdHours = "SBD+hours -2.91 1.42 1.7 -1.83 0.53 -0.88 -1.4"

  @Test(arguments: [(0, nil), (1, nil), (2, nil), (3, nil), (0, sbdHours), (1, sbdHours)])
  func everyRememberedQuestionIsWrittenAsItsFields(_ seed: Int, model: String?) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let questions = (0..<30).map { Question(prompt: "q\($0)", answer: "a\($0)") }
    var records: [HistoryRecord] = []
    var time: Int64 = 1_767_600_000_000
    if let model {
      records.append(
        .setting(
          SettingStep(
            id: StepID(machine: MachineID.test(1), sequence: 401), time: Timestamp(rawValue: time),
            key: SchedulerSettings.modelKey, value: model, summary: "")))
    }
    for sequence in 1...400 {
      time += Int64(generator.next(below: 30 * 3_600_000))
      let question = questions[Int(generator.next(below: UInt64(questions.count)))]
      records.append(
        .answer(
          AnswerStep(
            id: StepID(machine: MachineID.test(1), sequence: sequence), time: Timestamp(rawValue: time),
            group: "G", round: nil, question: question.identity, prompt: question.prompt, typed: "x",
            rating: ReviewRating(rawValue: Int(generator.next(below: 4)) + 1) ?? .good, duration: 1000)))
    }
    let memories = try #require(MemoQuizKit.Progress.replaying(records).groups["G"]?.questions)
    #expect(memories.count > 20)
    #expect(memories.values.allSatisfy { ($0.state?.sbd != nil) == (model != nil) })
    for (key, memory) in memories {
      let line = directLine(key: key, memory: memory)
      #expect(line == fieldLine(key: key, memory: memory), "\(key)")
      let read = try #require(readBack(line))
      #expect(read.key == key)
      #expect(read.memory.state == memory.state)
      #expect(read.memory.previous == memory.previous)
      #expect(read.memory.lastAnswer == memory.lastAnswer)
      #expect(read.memory.correctCount == memory.correctCount)
      #expect(read.memory.incorrectCount == memory.incorrectCount)
    }
  }

  @Test func extremeNumbersAndEscapedKeysAreWrittenAsTheirFields() throws {
    let memory = QuestionMemory(
      correctCount: Score.maximumCount, incorrectCount: 0,
      state: MemoryState(
        stability: 0.000_1, difficulty: 10, lastReview: Timestamp(rawValue: -62_135_596_800_000),
        lastReviewDay: -LearnersDay.dayRange, interval: 0, reviewCount: 1),
      previous: nil,
      lastAnswer: QuestionMemory.LastAnswer(
        step: StepID(machine: MachineID.test(0xFFFF_FFFF), sequence: StepID.maximumSequence), rating: .again,
        time: Timestamp(rawValue: 253_402_300_799_000), day: LearnersDay.dayRange),
      keptDay: nil)
    var kept = memory
    kept.keep(dueDay: LearnersDay.dayRange)
    for key in ["plain", "tab\there", "back\\slash\nline\r", "質問 0", ""] {
      for memory in [memory, kept] {
        let line = directLine(key: key, memory: memory)
        #expect(line == fieldLine(key: key, memory: memory), "\(key)")
        let read = try #require(readBack(line))
        #expect(read.key == key)
        #expect(read.memory == memory)
      }
    }
    #expect(kept.keptDay == LearnersDay.dayRange, "a due day kept after the newest answer is in the line")
    let never = QuestionMemory()
    #expect(directLine(key: "k", memory: never) == fieldLine(key: "k", memory: never))
  }

  @Test func anSBDStateIsReadBackBitForBitAndOutOfRangeFieldsAreRefused() throws {
    let sbd = SBDMemory(logStability: 2.302_585_092_994_046, grade: 2, brittleness: 1.5)
    let state = MemoryState(
      stability: exp(sbd.logStability), difficulty: SBDMemory.placeholderDifficulty,
      lastReview: Timestamp(rawValue: 1_767_600_000_000), lastReviewDay: 20_454, interval: 12, reviewCount: 3,
      sbd: sbd)
    let memory = QuestionMemory(
      correctCount: 2, incorrectCount: 1, state: state, previous: nil, lastAnswer: nil, keptDay: nil)
    let line = directLine(key: "q", memory: memory)
    #expect(line == fieldLine(key: "q", memory: memory))
    #expect(String(decoding: line, as: UTF8.self).contains("\t40026bb1bbb55516\ts23ff8000000000000\t"))
    #expect(try #require(readBack(line)).memory == memory)
    // A grade, brittleness or ln S SBD cannot give is a malformed line.
    for (field, bad) in [
      ("s23ff8000000000000", "s43ff8000000000000"), ("s23ff8000000000000", "s24059000000000000"),
      ("s23ff8000000000000", "s23ff4000000000000"), ("40026bb1bbb55516", "4030000000000000"),
    ] {
      let text = String(decoding: line.dropLast(), as: UTF8.self).replacingOccurrences(of: field, with: bad)
      #expect(Array(text.utf8).withUnsafeBufferPointer(ProgressCheckpoint.question) == nil, "\(bad)")
    }
  }
}
