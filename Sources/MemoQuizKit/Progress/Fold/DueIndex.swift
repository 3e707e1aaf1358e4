/// When a group's cards fall due: how many cards it has, the learner day
/// each remembered one falls due on, and the cards a sibling's answer buries.
///
/// It is the one way the group list, the day's plan and the start screen
/// count due and new cards. Every card's memory produces it, and the
/// outlook (`local/outlook`) keeps it, so that a command that needs no
/// memory reads it from a small file and counts exactly as one that read
/// every card.
struct DueIndex: Hashable, Sendable {
  /// How many cards the group has.
  var cards: Int
  /// The learner day each card with a memory state falls due on, earliest
  /// first.
  var dues: [Int]
  /// The cards a sibling's answer buries on the day it was given, which
  /// would otherwise be due or new on that day.
  var buried: [Buried] = []

  /// A card buried on learner day `day` by its sibling's answer: due then
  /// (its due day), or new (`nil`).
  struct Buried: Hashable, Sendable {
    var day: Int
    var due: Int?
  }

  /// A group with no cards.
  static let empty = DueIndex(cards: 0, dues: [])

  init(cards: Int, dues: [Int], buried: [Buried] = []) {
    self.cards = cards
    self.dues = dues
    self.buried = buried
  }

  /// The index of `cards`, one group's, with the memory of each and the
  /// card controls in effect: a suspended question's cards are left out,
  /// and a buried one's are buried on the day it was buried.
  init(cards: [Card], memory: [String: QuestionMemory], controls: [String: QuestionControls] = [:]) {
    let cards = controls.isEmpty ? cards : cards.filter { controls[$0.questionIdentity]?.isSuspended != true }
    var dues: [Int] = []
    if !memory.isEmpty {
      dues.reserveCapacity(min(cards.count, memory.count))
      for card in cards {
        if let due = memory[card.identity]?.state?.dueDay { dues.append(due) }
      }
      dues.sort()
    }
    var buried = Self.buried(cards, memory: memory)
    if !controls.isEmpty { buried += Self.buriedByControls(cards, memory: memory, controls: controls, besides: buried) }
    self.init(cards: cards.count, dues: dues, buried: buried)
  }

  /// The cards of the questions `:bury` buried, on the day it did, that
  /// would be due or new that day and that a sibling's answer does not
  /// bury already.
  private static func buriedByControls(
    _ cards: [Card], memory: [String: QuestionMemory], controls: [String: QuestionControls], besides: [Buried]
  ) -> [Buried] {
    // The newest day each question was answered: a card whose sibling was
    // answered that day is buried already, by ``buried(_:memory:)``.
    var newest: [String: Int] = [:]
    if !besides.isEmpty {
      for card in cards where controls[card.questionIdentity]?.buriedOn != nil {
        if let day = memory[card.identity]?.state?.lastReviewDay {
          newest[card.questionIdentity] = max(newest[card.questionIdentity] ?? day, day)
        }
      }
    }
    var buried: [Buried] = []
    for card in cards {
      guard let day = controls[card.questionIdentity]?.buriedOn else { continue }
      let state = memory[card.identity]?.state
      if newest[card.questionIdentity] == day, state?.lastReviewDay != day { continue }
      if let state {
        if state.isDue(onDay: day) { buried.append(Buried(day: day, due: state.dueDay)) }
      } else {
        buried.append(Buried(day: day, due: nil))
      }
    }
    return buried
  }

  /// Cards never answered (or reset).
  var newCount: Int { cards - dues.count }

  /// How many cards are due on learner day `today`, less those a sibling
  /// answered that day buries (a review round does not ask them until the
  /// next day).
  func dueCount(onDay today: Int) -> Int {
    dues.partitioningIndex { $0 > today } - buried.count { $0.day == today && $0.due != nil }
  }

  /// Cards never answered that learner day `today` may ask: less those a
  /// sibling answered that day buries.
  func newCount(onDay today: Int) -> Int { newCount - buried.count { $0.day == today && $0.due == nil } }

  /// The first day after `today` a card falls due on, and how many fall
  /// due then.
  func nextDue(after today: Int) -> (day: Int, cards: Int)? {
    let index = dues.partitioningIndex { $0 > today }
    guard index < dues.count else { return nil }
    let day = dues[index]
    return (day, dues[index...].prefix { $0 == day }.count)
  }

  /// The cards of a group that their siblings' answers bury: for each
  /// question, the cards not answered on the newest day one of them was,
  /// that would be due or new on that day.
  static func buried(_ cards: [Card], memory: [String: QuestionMemory]) -> [Buried] {
    // A forward card is its question's only one unless the question is
    // reversed: a group of forward cards alone has nothing to bury, and no
    // question to count.
    guard !memory.isEmpty, cards.contains(where: { $0.kind != .forward }) else { return [] }
    var siblings: [String: Int] = [:]
    var hasSiblings = false
    for card in cards {
      siblings[card.questionIdentity, default: 0] += 1
      if siblings[card.questionIdentity] ?? 0 > 1 { hasSiblings = true }
    }
    // Most groups have one card a question: nothing to bury, and no memory to look up.
    guard hasSiblings else { return [] }
    var newest: [String: Int] = [:]
    for card in cards {
      if let day = memory[card.identity]?.state?.lastReviewDay {
        newest[card.questionIdentity] = max(newest[card.questionIdentity] ?? day, day)
      }
    }
    var buried: [Buried] = []
    for card in cards where siblings[card.questionIdentity, default: 0] > 1 {
      guard let day = newest[card.questionIdentity] else { continue }
      let state = memory[card.identity]?.state
      if state?.lastReviewDay == day { continue }
      if let state {
        if state.isDue(onDay: day) { buried.append(Buried(day: day, due: state.dueDay)) }
      } else {
        buried.append(Buried(day: day, due: nil))
      }
    }
    return buried
  }
}
