/// The cards of a group by the answers they accept, so that which card a
/// text is the answer of is found at once, as ``AnswerMatcher`` would find
/// it card by card: the folded text, and for romaji answers the one
/// spelling every romanisation system comes to.
public struct AnswerIndex: Sendable {
  private var byText: [String: [Int]] = [:]
  private var byRomaji: [String: [Int]] = [:]
  /// The cards, in the group's order.
  public let cards: [Card]

  /// Indexes `cards`, the cards of one group.
  public init(_ cards: [Card]) {
    self.cards = cards
    for (index, card) in cards.enumerated() {
      for accepted in card.acceptedAnswers {
        let folded = AnswerMatcher.normalized(accepted)
        guard !folded.isEmpty else { continue }
        byText[folded, default: []].append(index)
        if Self.mayBeRomaji(folded), Romaji.isRomaji(folded) {
          byRomaji[Romaji.canonical(folded), default: []].append(index)
        }
      }
    }
  }

  /// The cards `typed` is an accepted answer of, in the group's order.
  func cards(accepting typed: String) -> [Card] {
    let folded = AnswerMatcher.normalized(typed)
    guard !folded.isEmpty else { return [] }
    var found = byText[folded] ?? []
    if !byRomaji.isEmpty, Self.mayBeRomaji(folded), Romaji.isRomaji(folded),
      let spelled = byRomaji[Romaji.canonical(folded)]
    {
      found = Array(Set(found + spelled)).sorted()
    }
    return found.map { cards[$0] }
  }

  /// A quick look before ``Romaji/isRomaji(_:)``: romaji has no digit and
  /// no ASCII punctuation but `'` and `-`.
  private static func mayBeRomaji(_ folded: String) -> Bool {
    folded.utf8.allSatisfy { (0x61...0x7A).contains($0) || $0 == 0x20 || $0 == 0x27 || $0 == 0x2D || $0 >= 0x80 }
  }
}
