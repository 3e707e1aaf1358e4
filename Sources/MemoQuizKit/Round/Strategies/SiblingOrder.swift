/// Decides which of a question's cards a new round asks.
///
/// A round asks one card of each question (the others are buried once it is
/// answered), so the card that comes first in the plan is the one asked.
/// Whatever the strategy, each question's cards keep the places the
/// strategy gave them, but the card reviewed least recently (a card never
/// answered before all) takes the first of those places: a reversed group
/// played in order asks one direction in one round and the other in the
/// next, and a cloze question its numbers in turn.
enum SiblingOrder {
  /// `plan` with each question's cards rearranged among their own places.
  /// - Parameters:
  ///   - plan: indices into `cards`, as a strategy planned them.
  ///   - lastReview: when the card at an index of `cards` was last
  ///     answered, or `nil`; asked only of cards with siblings.
  static func arranged(_ plan: [Int], cards: [Card], lastReview: (Int) -> Timestamp?) -> [Int] {
    guard cards.contains(where: { $0.kind != .forward }) else { return plan }
    var places: [String: [Int]] = [:]
    for (place, index) in plan.enumerated() {
      places[cards[index].questionIdentity, default: []].append(place)
    }
    var arranged = plan
    for (_, positions) in places where positions.count > 1 {
      let members = positions.map { plan[$0] }
      let times = members.map { lastReview($0) }
      let order = members.indices.sorted { first, second in
        switch (times[first], times[second]) {
        case (nil, nil): first < second
        case (nil, _?): true
        case (_?, nil): false
        case (let a?, let b?): a != b ? a < b : first < second
        }
      }
      for (position, member) in zip(positions, order) { arranged[position] = members[member] }
    }
    return arranged
  }
}
