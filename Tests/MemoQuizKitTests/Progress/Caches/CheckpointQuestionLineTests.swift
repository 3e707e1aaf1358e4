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

  @Test(arguments: 0..<4)
  func everyRememberedQuestionIsWrittenAsItsFields(_ seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let questions = (0..<30).map { Question(prompt: "q\($0)", answer: "a\($0)") }
    var records: [HistoryRecord] = []
    var time: Int64 = 1_767_600_000_000
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
}
