import FoundationEssentials

/// The saved state of an unfinished round: enough to resume it at the same
/// question, in the same order, and to undo its answers one by one.
///
/// The order is not stored; it is recomputed from the strategy and seed.
/// `answers` is the round's undo stack: one character a graded answer, in
/// order, `1` for correct and `0` for incorrect. Popping the last one gives
/// back the previous position and the previous score exactly.
public struct RoundMemento: Codable, Hashable, Sendable {
  /// The strategy's name, such as "random".
  public var strategy: String
  public var seed: UInt64
  /// The group's size and a fingerprint of its questions when the round
  /// began; a round whose questions changed since cannot be resumed.
  public var questionCount: Int
  public var fingerprint: String
  /// The undo stack of graded answers (`1` correct, `0` incorrect).
  public var answers: String
  public var startedAt: Date

  /// How many questions were answered: the position of the next one.
  public var position: Int { answers.utf8.count }

  /// A fingerprint of a group's questions (FNV-1a over prompts and answers).
  static func fingerprint(of questions: [Question]) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    func add(_ text: String) {
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01B3
      }
      hash ^= 0xFF
      hash &*= 0x100_0000_01B3
    }
    for question in questions {
      add(question.prompt)
      add(question.answer)
    }
    return String(hash, radix: 16)
  }
}
