/// Whether an answer a few edits from an accepted one counts as correct:
/// `strict` (the default) or `forgive`, set for all by `config typos`, and
/// for a group or a question by its `"typos"` key.
public enum TypoPolicy: String, CaseIterable, Sendable, Hashable, Codable {
  case strict, forgive

  /// How many edits are forgiven in an accepted answer of `length`
  /// characters, as WaniKani forgives them in meanings: none up to 3, 1 for
  /// 4 or 5, 2 for 6 or 7, and from 8 on 2 plus 1 for every 7 (3 for 8-13,
  /// 4 for 14-20).
  static func allowedEdits(length: Int) -> Int {
    switch length {
    case ..<4: 0
    case 4...5: 1
    case 6...7: 2
    default: 2 + length / 7
    }
  }
}
