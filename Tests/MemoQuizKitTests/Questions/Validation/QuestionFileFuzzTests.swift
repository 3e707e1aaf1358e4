import Testing

@testable import MemoQuizKit

/// Thousands of random byte strings and damaged files through the scanner
/// and the rules, in process: every one gives groups or diagnostics.
@Suite struct QuestionFileFuzzTests {
  @Test func randomBytesAlwaysGiveGroupsOrPositionedErrors() {
    var generator = SeededGenerator(seed: 7)
    let alphabet = Array(#"{}[],:" \nabtrue-01e.\u"#.utf8) + [0xFF, 0xE3, 0x81, 0x82]
    for _ in 0..<5000 {
      let count = Int(generator.next(below: 60))
      let bytes = (0..<count).map { _ in alphabet[Int(generator.next(below: UInt64(alphabet.count)))] }
      let result = QuestionFile(bytes: bytes)
      if result.groups == nil {
        #expect(!result.errors.isEmpty)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        #expect(result.errors.allSatisfy { $0.location.line >= 1 && $0.location.line <= lines })
      }
    }
  }
}
