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
        if Romaji.isRomaji(folded) { byRomaji[Romaji.canonical(folded), default: []].append(index) }
      }
    }
  }

  /// The cards `typed` is an accepted answer of, in the group's order.
  func cards(accepting typed: String) -> [Card] {
    let folded = AnswerMatcher.normalized(typed)
    guard !folded.isEmpty else { return [] }
    var found = Set(byText[folded] ?? [])
    found.formUnion(byRomaji[Romaji.canonical(folded)] ?? [])
    return found.sorted().map { cards[$0] }
  }
}
