/// What a typed answer means, as a good tutor would say it: correct;
/// correct but for a typo; the answer of another question of the group;
/// or wrong. The round only shows it.
public enum AnswerJudgement: Sendable, Hashable {
  /// One of the card's accepted answers (see ``AnswerMatcher``).
  case correct
  /// Within the edits forgiven of `expected`, an accepted answer as the
  /// file writes it; counted as correct.
  case correctWithTypo(expected: String)
  /// Incorrect, and an accepted answer of `other`, another card of the group.
  case answerOf(other: Card)
  /// Incorrect.
  case incorrect

  /// Whether the answer counts as correct.
  public var isCorrect: Bool {
    switch self {
    case .correct, .correctWithTypo: true
    case .answerOf, .incorrect: false
    }
  }

  /// Judges `typed` as an answer to `card`.
  /// - Parameters:
  ///   - others: the other cards of the card's group; its siblings (the
  ///     same question asked another way) are left out here.
  ///   - typos: whether a near answer is forgiven.
  public init(_ typed: String, card: Card, others: [Card], typos: TypoPolicy) {
    self.init(typed, card: card, group: AnswerIndex(others), typos: typos)
  }

  /// Judges `typed` as an answer to `card`, with the cards of its group
  /// indexed once for the round (a right answer looks at no other card).
  public init(_ typed: String, card: Card, group: AnswerIndex, typos: TypoPolicy) {
    if AnswerMatcher.isCorrect(typed, accepting: card.acceptedAnswers) {
      self = .correct
    } else {
      self = Self.wrong(typed, card: card, group: group, typos: typos)
    }
  }

  /// What an answer that is none of the card's accepted answers means.
  static func wrong(_ typed: String, card: Card, group: AnswerIndex, typos: TypoPolicy) -> AnswerJudgement {
    // A round across groups names its cards with their group: the part
    // after the group is the question as the group knows it.
    let question = RoundMemento.split(card.questionIdentity).question
    func isRival(_ other: Card) -> Bool {
      other.questionIdentity != question && other.questionIdentity != card.questionIdentity
    }
    if let other = group.cards(accepting: typed).first(where: isRival) {
      return .answerOf(other: other)
    }
    if typos == .forgive, let expected = forgiven(typed, card: card, rivals: group.cards.lazy.filter(isRival)) {
      return .correctWithTypo(expected: expected)
    }
    return .incorrect
  }

  /// The accepted answer `typed` is a forgivable misspelling of, if any.
  ///
  /// Never a reading in romaji of a kana or kanji prompt (where one letter
  /// is another word: obasan is not obaasan), never an answer in kana or
  /// kanji, and never when another question's answer is at least as close.
  static func forgiven(_ typed: String, card: Card, rivals: some Sequence<Card>) -> String? {
    let given = Array(AnswerMatcher.normalized(typed))
    guard !given.isEmpty, !JapaneseScript.hasKanaOrKanji(typed) else { return nil }
    let promptIsJapanese = JapaneseScript.hasKanaOrKanji(card.prompt)
    var best: (answer: String, distance: Int)?
    for accepted in card.acceptedAnswers {
      let expected = AnswerMatcher.normalized(accepted)
      guard !JapaneseScript.hasKanaOrKanji(expected) else { continue }
      if promptIsJapanese && Romaji.isRomaji(expected) { continue }
      let target = Array(expected)
      let allowed = TypoPolicy.allowedEdits(length: target.count)
      guard allowed > 0 else { continue }
      let distance = EditDistance.between(given, target, limit: allowed)
      guard distance <= allowed, best.map({ distance < $0.distance }) ?? true else { continue }
      best = (accepted, distance)
    }
    guard let best else { return nil }
    // Closer to, or as close to, another question's answer: not a typo of this one.
    for rival in rivals {
      for accepted in rival.acceptedAnswers {
        let other = Array(AnswerMatcher.normalized(accepted))
        if EditDistance.between(given, other, limit: best.distance) <= best.distance { return nil }
      }
    }
    return best.answer
  }
}
