/// What a typed answer means, as a good tutor would say it: correct;
/// correct but for a typo; neither right nor wrong, so asked again; or
/// wrong, and what it was taken for. The round, the verdict's words, the
/// statistics and the judging fixture all read this one value.
public enum AnswerJudgement: Sendable, Hashable {
  /// One of the card's accepted answers (see ``AnswerMatcher``).
  case correct
  /// Within the edits forgiven of `expected`, an accepted answer as the
  /// file writes it; counted as correct.
  case correctWithTypo(expected: String)
  /// Neither right nor wrong: the same question is asked again at once,
  /// and the answer is not graded.
  case retry(RetryReason)
  /// Incorrect; `confusedWith` is the other card of the group whose
  /// accepted answer it is, if any.
  case incorrect(confusedWith: Card?)

  /// Why an answer is asked again rather than graded.
  public enum RetryReason: Sendable, Hashable {
    /// One of the question's `"otherAnswers"`: right for something else.
    case otherAnswer
    /// Written in another script than the accepted answers'.
    case script(AnswerScript)
    /// The answer of `other`, another card of the group, under
    /// `config confusions retry`.
    case confusion(other: Card)
  }

  /// The script of a card's accepted answers, which a retry names.
  public enum AnswerScript: Sendable, Hashable {
    /// Kana: letters that read as kana are turned into it.
    case kana
    /// Kanji, or kanji and kana.
    case japanese
    /// Latin letters.
    case letters
  }

  /// Whether the answer counts as correct.
  public var isCorrect: Bool {
    switch self {
    case .correct, .correctWithTypo: true
    case .retry, .incorrect: false
    }
  }

  /// Whether the answer is asked again, not graded.
  public var isRetry: Bool {
    if case .retry = self { return true }
    return false
  }

  /// The other card the answer was taken for, Incorrect or asked again.
  public var confusedWith: Card? {
    switch self {
    case .incorrect(let other): other
    case .retry(.confusion(let other)): other
    default: nil
    }
  }

  /// Judges `typed` as an answer to `card`.
  /// - Parameters:
  ///   - others: the other cards of the card's group; its siblings (the
  ///     same question asked another way) are left out here.
  ///   - typos: whether a near answer is forgiven.
  ///   - confusions: whether another card's answer is asked again.
  public init(
    _ typed: String, card: Card, others: [Card], typos: TypoPolicy, confusions: ConfusionPolicy = .wrong
  ) {
    self.init(typed, card: card, group: { AnswerIndex(others) }, typos: typos, confusions: confusions)
  }

  /// Judges `typed` as an answer to `card`, the rules in a fixed order:
  /// blocked, accepted, other answers, script, another card's answer, typo.
  /// - Parameter group: the cards of its group, indexed once for the
  ///   round; asked for only when the answer is none of the card's own.
  public init(
    _ typed: String, card: Card, group: () -> AnswerIndex, typos: TypoPolicy, confusions: ConfusionPolicy = .wrong
  ) {
    if !card.blocked.isEmpty, AnswerMatcher.isCorrect(typed, accepting: card.blocked) {
      self = .incorrect(confusedWith: nil)
    } else if AnswerMatcher.isCorrect(typed, accepting: card.acceptedAnswers) {
      self = .correct
    } else if !card.otherAnswers.isEmpty, AnswerMatcher.isCorrect(typed, accepting: card.otherAnswers) {
      self = .retry(.otherAnswer)
    } else if let script = Self.wrongScript(typed, accepting: card.acceptedAnswers) {
      self = .retry(.script(script))
    } else {
      self = Self.wrong(typed, card: card, group: group(), typos: typos, confusions: confusions)
    }
  }

  /// What an answer that is none of the card's own means: another card's
  /// answer, a typo, or wrong.
  private static func wrong(
    _ typed: String, card: Card, group: AnswerIndex, typos: TypoPolicy, confusions: ConfusionPolicy
  ) -> AnswerJudgement {
    // A round across groups names its cards with their group: the part
    // after the group is the question as the group knows it.
    let question = RoundMemento.split(card.questionIdentity).question
    func isRival(_ other: Card) -> Bool {
      other.questionIdentity != question && other.questionIdentity != card.questionIdentity
    }
    if let other = group.cards(accepting: typed).first(where: isRival) {
      return confusions == .retry ? .retry(.confusion(other: other)) : .incorrect(confusedWith: other)
    }
    if typos == .forgive, let expected = forgiven(typed, card: card, rivals: group.cards.lazy.filter(isRival)) {
      return .correctWithTypo(expected: expected)
    }
    return .incorrect(confusedWith: nil)
  }

  /// The script `typed` should have been written in, when it is written
  /// in another: letters that do not read as kana for answers all in kana
  /// or kanji, or kana or kanji for answers all in Latin letters.
  static func wrongScript(_ typed: String, accepting answers: [String]) -> AnswerScript? {
    let japanese = JapaneseScript.hasKanaOrKanji(typed)
    let letters = typed.unicodeScalars.contains(where: isLatinLetter)
    guard japanese || letters else { return nil }
    if letters, answers.allSatisfy(isJapaneseOnly) {
      // Romaji that reads as kana is a real attempt (with `:romaji` off,
      // say), judged as one; letters left over after the conversion
      // (`water` is わてr) do not read.
      guard KanaConverter.converting(AnswerMatcher.normalized(typed)).unicodeScalars.contains(where: isLatinLetter)
      else { return nil }
      return answers.allSatisfy(JapaneseScript.isKana) ? .kana : .japanese
    }
    if japanese,
      answers.allSatisfy({ !JapaneseScript.hasKanaOrKanji($0) && $0.unicodeScalars.contains(where: isLatinLetter) })
    {
      return .letters
    }
    return nil
  }

  /// Whether a scalar is a Latin letter, ASCII or full-width.
  private static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0xFF21...0xFF3A, 0xFF41...0xFF5A: true
    case 0xC0...0x24F: scalar.properties.isAlphabetic
    default: false
    }
  }

  /// Whether an answer is in kana or kanji, with no Latin letter.
  private static func isJapaneseOnly(_ answer: String) -> Bool {
    JapaneseScript.hasKanaOrKanji(answer) && !answer.unicodeScalars.contains(where: isLatinLetter)
  }

  /// The accepted answer `typed` is a forgivable misspelling of, if any.
  ///
  /// Never a reading in romaji of a kana or kanji prompt (where one letter
  /// is another word: obasan is not obaasan), never an answer in kana or
  /// kanji, never when another question's answer is at least as close,
  /// never with other digits (1945 is not 1954), and never the accepted
  /// answer with an affix added or taken away (unhappy is not happy).
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
      guard TypoPolicy.digits(of: given) == TypoPolicy.digits(of: target), !TypoPolicy.isAffixed(given, target)
      else { continue }
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
