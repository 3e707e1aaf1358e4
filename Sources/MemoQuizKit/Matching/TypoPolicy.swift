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

  /// The digits of a text, in order: an answer whose digits differ from
  /// the accepted one's is another number (1945 for 1954, 1243 for 1234),
  /// never a typo, however few edits apart.
  static func digits(of text: [Character]) -> [Character] {
    text.filter(\.isNumber)
  }

  /// Whether one text is the other with letters added at its start or its
  /// end only, at least `affixLength` of them: an affix that makes another
  /// word (unhappy and happy, incorrect and correct, careless and care),
  /// not a slip of the fingers, which adds one letter or changes some.
  static func isAffixed(_ given: [Character], _ target: [Character]) -> Bool {
    let (short, long) = given.count < target.count ? (given, target) : (target, given)
    guard !short.isEmpty, long.count - short.count >= affixLength else { return false }
    return long.starts(with: short) || long.reversed().starts(with: short.reversed())
  }

  /// The fewest letters an affix has (`un`, `in`, `-ly`): one letter more
  /// or less at an end is a typo as before.
  static let affixLength = 2
}
