import Testing

@testable import MemoQuizKit

/// Numbers written straight into a line's bytes read as `String` writes them.
@Suite struct RecordLineNumberTests {
  @Test func decimalAndHexadecimalAreWrittenAsStringWritesThem() {
    var generator = SeededGenerator(seed: 0x4E55_4D42)
    var numbers: [UInt64] = [0, 1, 9, 10, 15, 16, 99, 100, UInt64(Int64.max), UInt64(Int64.max) + 1, .max]
    for bits in 1...64 { numbers.append(generator.next() >> UInt64(64 - bits)) }
    for number in numbers {
      let signed = Int64(bitPattern: number)
      var decimal: [UInt8] = [7]
      RecordLine.appendNumber(signed, to: &decimal)
      #expect(decimal == [7] + Array(String(signed).utf8), "\(signed)")
      var hexadecimal: [UInt8] = [7]
      RecordLine.appendHexadecimal(number, to: &hexadecimal)
      #expect(hexadecimal == [7] + Array(String(number, radix: 16).utf8), "\(number)")
    }
  }

  @Test func aStepIsWrittenAsItsText() {
    for machine: UInt32 in [1, 0xA, 0xABC, 0x1_0000, 0x0FFF_FFFF, 0x1000_0000, 0xFFFF_FFFF] {
      for sequence in [1, 9, 10, 123_456, StepID.maximumSequence] {
        guard let machine = MachineID(rawValue: machine) else { continue }
        let step = StepID(machine: machine, sequence: sequence)
        var bytes: [UInt8] = []
        RecordLine.appendStepID(step, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == step.text)
      }
    }
  }
}
