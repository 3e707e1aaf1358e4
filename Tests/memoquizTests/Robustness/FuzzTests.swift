import Foundation
import Testing

@testable import MemoQuizKit

/// Randomly damaged questions files never crash memoquiz: every run ends
/// with exit 0 (valid) or 65 (invalid) and a clear message.
@Suite struct FuzzTests {
  static let pieces: [[UInt8]] =
    [
      "{", "}", "[", "]", ",", ":", "\"", "\\", "null", "true", "-", "0", "1e999", "\"title\"", "\"questions\"",
      "\"prompt\"", "\"answer\"", "\"hint\"", "\"alternatives\"", "\"score\"", "\u{1B}[2J", "\u{0}", "\n", "é", "ひ",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF]]

  /// `base` with a few random bytes deleted, replaced or inserted.
  static func mutate(_ base: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    var bytes = base
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0 where !bytes.isEmpty:
        bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...8, using: &generator)))
      case 1:
        bytes.insert(contentsOf: pieces.randomElement(using: &generator) ?? [], at: position)
      case 2 where !bytes.isEmpty:
        bytes[position] = UInt8.random(in: 0...255, using: &generator)
      default:
        bytes = Array(bytes.prefix(position))
      }
    }
    return bytes
  }

  static let base = Array(
    #"""
    [
      {"title": "Hiragana", "questions": [
        {"prompt": "し", "answer": "shi", "alternatives": ["si"], "hint": "like 'she'"},
        {"prompt": "つ", "answer": "tsu", "alternatives": ["tu"], "hint": null}
      ], "score": {"correctCount": 2, "incorrectCount": 1}},
      {"title": "Numbers", "questions": [{"prompt": "四", "answer": "4"}]}
    ]
    """#.utf8)

  @Test func mutatedFilesNeverCrashValidateOrGroups() throws {
    let sandbox = try MemoQuizSandbox()
    var generator = SeededGenerator(seed: 2026)
    var outcomes: [Int32: Int] = [:]
    for iteration in 0..<300 {
      let bytes = Self.mutate(Self.base, using: &generator)
      try Data(bytes).write(to: sandbox.questionsFile)
      for arguments in [["validate"], ["groups"]] {
        let result = try sandbox.run(arguments, timeout: 30)
        outcomes[result.status, default: 0] += 1
        #expect(!result.wasSignaled, "iteration \(iteration): \(arguments) crashed")
        #expect([0, 65].contains(result.status), "iteration \(iteration): \(arguments) exited \(result.status)")
        if result.status == 65 {
          #expect(result.stderr.contains(": error: "))
          #expect(result.stderr.contains("memoquiz: error: "))
        }
        #expect(!result.stderr.contains("Fatal error"))
        #expect(!result.stderr.contains("DecodingError"))
      }
    }
    #expect(outcomes[65, default: 0] > 200, "most mutations are invalid")
  }
}
