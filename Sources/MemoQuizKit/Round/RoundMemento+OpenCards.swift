extension RoundMemento {
  /// How many times each card of a round is still to be asked, kept answer
  /// by answer: what ``RoundMemento/remaining`` counts, without walking the
  /// plan again at every answer.
  ///
  /// It follows rounds whose cards have no siblings, whose answers take
  /// back nothing but their own card; a round with reverse or cloze cards
  /// has none, and is counted through ``RoundMemento/remaining``.
  struct OpenCards: Sendable {
    /// Each card's times still to be asked.
    private var toAsk: [String: Int] = [:]
    /// Their sum: the questions still to ask.
    private(set) var count = 0
    private let repeatsMissed: Bool

    /// The cards a round still asks after `answers`, or `nil` when a card
    /// of the plan or of an answer has siblings.
    init?(plan: ArraySlice<String>, answers: [Answer], repeatsMissed: Bool) {
      guard !plan.contains(where: { Card.separatorOffset(in: $0) != nil }) else { return nil }
      self.repeatsMissed = repeatsMissed
      toAsk.reserveCapacity(plan.count)
      for card in plan { toAsk[card, default: 0] += 1 }
      count = plan.count
      for answer in answers {
        guard take(answer) else { return nil }
      }
    }

    /// Counts one more answer: it takes its card's next place, and a miss
    /// in a round that repeats them goes back in line.
    /// - Returns: `false` when the answer's card has siblings.
    mutating func take(_ answer: Answer) -> Bool {
      guard Card.separatorOffset(in: answer.question) == nil else { return false }
      // An answer to a card the round does not ask, or asks no more,
      // changes nothing: not even a miss goes back in line.
      guard let times = toAsk[answer.question], times > 0 else { return true }
      if repeatsMissed && !answer.isCorrect { return true }
      toAsk[answer.question] = times - 1
      count -= 1
      return true
    }
  }

  /// The open cards as last counted, kept out of the memento's equality:
  /// it is derived from the plan and the answers, and a change of either
  /// through anything but ``record(_:)`` clears it.
  struct OpenCardsCache: Hashable, Sendable {
    var openCards: OpenCards?
    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  /// Records an answer of the round from the history.
  /// - Returns: whether the round is finished with it.
  mutating func record(_ answer: AnswerStep, isCorrect: Bool) -> Bool {
    // A round across groups names its questions with their group.
    let key = isAcrossGroups ? Self.key(group: answer.group, question: answer.question) : answer.question
    return record(Answer(step: answer.id, question: key, isCorrect: isCorrect))
  }

  /// Records an answer of the round.
  /// - Returns: whether the round is finished with it.
  mutating func record(_ answer: Answer) -> Bool {
    // Taken out of the cache before the answer clears it, and changed in
    // place: a copy would copy every card's count at every answer.
    var counted = openCardsCache.openCards.take()
    answers.append(answer)
    // A round needs at least one answer per planned question.
    guard answers.count >= questionCount - skipped else { return false }
    if counted?.take(answer) == true {
      openCardsCache.openCards = counted
    } else {
      openCardsCache.openCards = OpenCards(
        plan: plan.dropFirst(skipped), answers: answers, repeatsMissed: repeatsMissed)
    }
    guard let openCards = openCardsCache.openCards else { return remaining.isEmpty }
    return openCards.count == 0
  }
}
