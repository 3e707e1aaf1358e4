import Synchronization

extension QuestionGroup {
  /// What the group asks: each question's cards, in the order of the file.
  ///
  /// This is the one place that turns questions into cards. A question
  /// gives its forward card; when it is reversed (by itself, or by its
  /// group), also its reverse card, with its answer as the prompt and its
  /// prompt and `reverseAlternatives` as the answers; a cloze question gives
  /// one card per cloze number instead. Rounds, scores, due counts and
  /// statistics all count cards.
  public var cards: [Card] {
    madeCards.cards { makeCards() }
  }

  private func makeCards() -> [Card] {
    var cards: [Card] = []
    cards.reserveCapacity(questions.count)
    for question in questions { Self.appendCards(of: question, reversed: reverse, grading: grade, to: &cards) }
    if let typos {
      // The group's setting, for the questions that have none of their own.
      for index in cards.indices where cards[index].typos == nil { cards[index].typos = typos }
    }
    if let speak {
      for index in cards.indices where cards[index].speak == nil { cards[index].speak = speak }
    }
    return cards
  }

  /// The cards of one question of a group whose `reverse` is `reversed`
  /// and whose `grade` is `grading`.
  public static func cards(of question: Question, groupReverse reversed: Bool = false, grading: Grading = .typed)
    -> [Card]
  {
    var cards: [Card] = []
    appendCards(of: question, reversed: reversed, grading: grading, to: &cards)
    return cards
  }

  private static func appendCards(
    of question: Question, reversed groupReverse: Bool, grading: Grading, to cards: inout [Card]
  ) {
    if let text = question.cloze {
      // A file that validated has a cloze that reads; one that does not
      // read (from a decoder that does not check) has nothing to ask.
      guard let cloze = Cloze(text) else { return }
      for number in cloze.numbers {
        cards.append(
          Card(
            kind: .cloze(number), prompt: cloze.prompt(for: number), answer: cloze.answer(for: number),
            alternatives: [], hint: question.hint, question: question, grading: grading))
      }
      return
    }
    cards.append(Card(forward: question, grading: grading))
    if question.reverse ?? groupReverse {
      cards.append(
        Card(
          kind: .reverse, prompt: question.answer, answer: question.prompt,
          alternatives: question.reverseAlternatives, hint: question.hint, question: question,
          grading: grading))
    }
  }
}

extension QuestionGroup {
  /// The cards of one version of a group, made at their first use and kept
  /// out of the group's equality: a round, the due index and the outlook
  /// each ask for them, and a group of 100,000 questions makes them once.
  final class MadeCards: Hashable, Sendable {
    private let made = Mutex<[Card]?>(nil)

    /// The cards, made by `make` unless they were made already.
    func cards(_ make: () -> [Card]) -> [Card] {
      if let cards = made.withLock({ $0 }) { return cards }
      let cards = make()
      made.withLock { $0 = cards }
      return cards
    }

    static func == (lhs: MadeCards, rhs: MadeCards) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }
}
