/// The review log of an Anki package as memoquiz's answers.
extension AnkiConversion {
  /// Each review of a card whose question was imported, as an answer to
  /// that card of `groups` (the groups as imported, titles included), at
  /// its own time. Its origin, the review's id in Anki, keeps a review
  /// imported twice from counting twice.
  public func importedAnswers(into groups: [QuestionGroup]) -> [ImportedAnswer] {
    var cards: [String: (group: String, card: Card)] = [:]
    for group in groups {
      for card in group.cards { cards[card.identity] = (group.title, card) }
    }
    return reviews.compactMap { review in
      let kind: Card.Kind =
        switch review.direction {
        case .forward: .forward
        case .reverse: .reverse
        case .cloze(let number): .cloze(number)
        }
      guard let found = cards[Card.identity(of: kind, question: review.questionID)] else { return nil }
      return ImportedAnswer(
        origin: review.identity, group: found.group, question: found.card.identity, prompt: found.card.prompt,
        time: review.time, rating: review.rating, seconds: review.seconds, hour: rolloverHour, due: review.due)
    }
  }
}
