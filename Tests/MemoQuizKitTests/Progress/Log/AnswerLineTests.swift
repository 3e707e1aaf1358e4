import Testing

@testable import MemoQuizKit

/// An answer's line, written straight into bytes, is the line of its
/// fields, and reads back as the same answer.
@Suite struct AnswerLineTests {
  private static let texts = ["plain", "", "tab\there", "back\\slash\nand\rreturn", "質問 0", "a\u{1E}b"]

  @Test(arguments: 0..<4)
  func everyAnswerIsWrittenAsItsFields(_ seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    func text() -> String { Self.texts[Int(generator.next(below: UInt64(Self.texts.count)))] }
    // Machines of every width of hexadecimal, rounds of any number.
    func round() -> StepID {
      let machines: [UInt32] = [1, 7, 0xABC, 0x1_0000, 0x0FFF_FFFF, 0x1000_0000, 0xFFFF_FFFF]
      return StepID(
        machine: MachineID.test(machines[Int(generator.next(below: UInt64(machines.count)))]),
        sequence: Int(generator.next(below: UInt64(StepID.maximumSequence))) + 1)
    }
    for sequence in 1...200 {
      let time = Int64(generator.next(below: 4_000_000_000_000)) - 1_000_000_000_000
      var answer = AnswerStep(
        id: StepID(machine: MachineID.test(0x5EED_0001), sequence: sequence), time: Timestamp(rawValue: time),
        group: text(), round: generator.next(below: 2) == 0 ? nil : round(),
        question: text(), prompt: text(), typed: text(),
        rating: ReviewRating(rawValue: Int(generator.next(below: 4)) + 1) ?? .good,
        duration: Int(generator.next(below: 1_000_000)))
      switch generator.next(below: 3) {
      case 0: answer.origin = text()
      case 1: answer.day = Int(generator.next(below: 200_000_000)) - 100_000_000
      default: break
      }
      if generator.next(below: 2) == 0, answer.day != nil { answer.origin = text() }
      if generator.next(below: 2) == 0, answer.day != nil, answer.origin == nil {
        answer.due = Int(generator.next(below: 200_000_000)) - 100_000_000
      }
      let record = HistoryRecord.answer(answer)
      var direct: [UInt8] = []
      record.appendLine(to: &direct)
      var general: [UInt8] = []
      RecordLine.append(record.fields, to: &general)
      #expect(direct == general, "answer \(sequence)")
      let fields = try #require(RecordLine.fields(direct.dropLast()))
      let read = try HistoryRecord(fields: fields, machine: MachineID.test(0x5EED_0001))
      guard case .answer(let back) = read else {
        Issue.record("answer \(sequence) read back as another kind of record")
        continue
      }
      #expect(back.time == answer.time && back.group == answer.group && back.round == answer.round)
      #expect(back.question == answer.question && back.prompt == answer.prompt && back.typed == answer.typed)
      #expect(back.rating == answer.rating && back.duration == answer.duration && back.day == answer.day)
      #expect(back.due == answer.due)
      #expect(back.origin == (answer.origin?.isEmpty == true ? nil : answer.origin))
    }
  }
}
