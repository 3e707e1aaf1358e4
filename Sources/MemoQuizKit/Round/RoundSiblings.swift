/// What a round keeps to bury siblings as it goes: which card of each
/// question was answered in it, and how many places each question still has
/// in the queue.
///
/// Burial is lazy: an answer does not search the queue for its siblings;
/// the round passes over a buried card when it comes to it. So each answer
/// costs the same in a round of ten cards or of a hundred thousand.
struct RoundSiblings: Sendable {
  /// Each card's question, numbered from 0.
  private let questionOf: [Int]
  /// Each card's first card with the same identity: the card as memory knows it.
  private let canonical: [Int]
  /// The card answered in the round for each question: `nil` before any,
  /// `-1` once two different ones were.
  private var answered: [Int?]
  /// Places in the queue still to come, for each question and each card.
  private var placesOfQuestion: [Int]
  private var placesOfCard: [Int]
  /// How many questions still have a card to ask.
  private(set) var pendingQuestions = 0

  /// - Returns: `nil` when no card has a sibling.
  init?(cards: [Card]) {
    guard cards.contains(where: { $0.kind != .forward }) else { return nil }
    var numbers: [String: Int] = [:]
    var firsts: [String: Int] = [:]
    var questionOf: [Int] = []
    var canonical: [Int] = []
    questionOf.reserveCapacity(cards.count)
    canonical.reserveCapacity(cards.count)
    for (index, card) in cards.enumerated() {
      if let number = numbers[card.questionIdentity] {
        questionOf.append(number)
      } else {
        questionOf.append(numbers.count)
        numbers[card.questionIdentity] = numbers.count
      }
      if let first = firsts[card.identity] {
        canonical.append(first)
      } else {
        canonical.append(index)
        firsts[card.identity] = index
      }
    }
    self.questionOf = questionOf
    self.canonical = canonical
    answered = Array(repeating: nil, count: numbers.count)
    placesOfQuestion = Array(repeating: 0, count: numbers.count)
    placesOfCard = Array(repeating: 0, count: cards.count)
  }

  /// How many questions the cards at `indices` belong to.
  func questionCount(_ indices: some Sequence<Int>) -> Int {
    Set(indices.lazy.map { questionOf[$0] }).count
  }

  /// Starts again from a queue and the cards answered in the round so far.
  mutating func reset(queue: ArraySlice<Int>, answered cards: [Int]) {
    answered = Array(repeating: nil, count: answered.count)
    for card in cards { markAnswered(card) }
    placesOfQuestion = Array(repeating: 0, count: placesOfQuestion.count)
    placesOfCard = Array(repeating: 0, count: placesOfCard.count)
    for card in queue {
      placesOfQuestion[questionOf[card]] += 1
      placesOfCard[canonical[card]] += 1
    }
    pendingQuestions = placesOfQuestion.indices.count { isPending($0) }
  }

  /// Whether card `index` is buried: another card of its question was
  /// answered in the round.
  func isBuried(_ index: Int) -> Bool {
    guard let card = answered[questionOf[index]] else { return false }
    return card != canonical[index]
  }

  /// Card `index` was answered: its place in the queue is used, and its
  /// siblings are buried.
  mutating func answer(_ index: Int) {
    change(index) {
      $0.placesOfQuestion[$0.questionOf[index]] -= 1
      $0.placesOfCard[$0.canonical[index]] -= 1
      $0.markAnswered(index)
    }
  }

  /// Card `index` was passed over, buried.
  mutating func pass(_ index: Int) {
    change(index) {
      $0.placesOfQuestion[$0.questionOf[index]] -= 1
      $0.placesOfCard[$0.canonical[index]] -= 1
    }
  }

  /// Card `index` was put back in the queue, to be asked again.
  mutating func requeue(_ index: Int) {
    change(index) {
      $0.placesOfQuestion[$0.questionOf[index]] += 1
      $0.placesOfCard[$0.canonical[index]] += 1
    }
  }

  private mutating func markAnswered(_ index: Int) {
    let question = questionOf[index]
    if answered[question] == nil || answered[question] == canonical[index] {
      answered[question] = canonical[index]
    } else {
      answered[question] = -1
    }
  }

  /// Whether a question still has a card to ask: any card before one was
  /// answered, else the answered card again.
  private func isPending(_ question: Int) -> Bool {
    switch answered[question] {
    case nil: placesOfQuestion[question] > 0
    case let card? where card >= 0: placesOfCard[card] > 0
    default: false
    }
  }

  /// Makes a change that concerns card `index`'s question, keeping the
  /// count of pending questions.
  private mutating func change(_ index: Int, _ body: (inout RoundSiblings) -> Void) {
    let question = questionOf[index]
    let before = isPending(question)
    body(&self)
    let after = isPending(question)
    if before != after { pendingQuestions += after ? 1 : -1 }
  }
}
