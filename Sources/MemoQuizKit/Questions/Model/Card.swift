/// One thing a round asks: a question as the file writes it, the same
/// question the other way round, or one cloze number of a cloze question.
///
/// A question's cards are siblings: they share ``questionIdentity``, and a
/// round that has asked one of them does not ask the others (see
/// ``RoundMemento``). Each card has its own memory, keyed by ``identity``.
/// The round asks cards without knowing their kind.
public struct Card: Hashable, Sendable {
  /// How a card was made from its question.
  public enum Kind: Hashable, Sendable {
    /// The question as written: its prompt, its answer.
    case forward
    /// Its answer as the prompt, its prompt as the answer.
    case reverse
    /// The cloze text with this number's deletions hidden.
    case cloze(Int)

    /// The name `scores --json` gives the kind: "forward", "reverse", "c1".
    public var name: String {
      switch self {
      case .forward: "forward"
      case .reverse: "reverse"
      case .cloze(let number): "c\(number)"
      }
    }
  }

  public let kind: Kind
  /// What the learner sees: each sound of the prompt shows as
  /// ``SoundText/marker``.
  public let prompt: String
  /// The expected answer, as the file writes it, without its sounds.
  public let answer: String
  /// The media files the prompt plays when the card is asked.
  public let promptSounds: [String]
  /// The media files the answer plays after the verdict.
  public let answerSounds: [String]
  /// The language the prompt is spoken in (`"speak"` of the question, else
  /// of its group), if any.
  public internal(set) var speak: String?
  /// Other answers accepted as correct.
  public let alternatives: [String]
  /// Answers right for something else: typing one asks again, ungraded.
  /// Only the question as written has them.
  public let otherAnswers: [String]
  /// Answers always Incorrect. Only the question as written has them.
  public let blocked: [String]
  /// A nudge shown when the learner types `?`.
  public let hint: String?
  /// The key of the card's memory.
  public private(set) var identity: String
  /// The identity of the question the card comes from, shared by its siblings.
  public private(set) var questionIdentity: String
  /// The `id` the file gives the question, if any.
  public let questionID: String?
  /// Whether a near answer is forgiven: the question's `"typos"`, else its
  /// group's; `nil` follows `config typos`.
  public internal(set) var typos: TypoPolicy?
  /// How an answer to the card is graded: typed and matched, or by the learner.
  public let grading: Grading

  /// The expected answer followed by the alternatives.
  public var acceptedAnswers: [String] { [answer] + alternatives }

  /// The question as written, keyed by the question's own identity, so
  /// that memory from before card types is kept.
  /// - Parameter grading: the group's grading, which the question's own overrides.
  public init(forward question: Question, grading: Grading = .typed) {
    self.init(
      kind: .forward, prompt: question.prompt, answer: question.answer, alternatives: question.alternatives,
      hint: question.hint, question: question, grading: grading, otherAnswers: question.otherAnswers,
      blocked: question.blocked)
  }

  init(
    kind: Kind, prompt: String, answer: String, alternatives: [String], hint: String?, question: Question,
    grading: Grading = .typed, otherAnswers: [String] = [], blocked: [String] = []
  ) {
    self.otherAnswers = otherAnswers
    self.blocked = blocked
    self.kind = kind
    self.prompt = SoundText.shown(prompt)
    self.answer = SoundText.without(answer)
    promptSounds = SoundText.names(in: prompt)
    answerSounds = SoundText.names(in: answer)
    speak = question.speak
    self.alternatives = alternatives.map(SoundText.without)
    self.hint = hint
    questionIdentity = question.identity
    identity = Self.identity(of: kind, question: questionIdentity)
    questionID = question.id
    typos = question.typos
    self.grading = question.grade ?? grading
  }

  /// The card as a round across groups asks it: its identity, and its
  /// question's, named by ``RoundMemento/key(group:question:)``, so the
  /// cards of different groups never share one and siblings stay siblings.
  func inRoundAcrossGroups(group title: String) -> Card {
    var card = self
    card.identity = RoundMemento.key(group: title, question: identity)
    // A forward card's identity is its question's: one key serves both.
    card.questionIdentity =
      identity == questionIdentity ? card.identity : RoundMemento.key(group: title, question: questionIdentity)
    return card
  }

  // MARK: - Identities

  /// Separates a question's identity from the kind in the identity of a
  /// reverse or cloze card. It is the control character U+001F (Anki's own
  /// field separator), which a questions file may not put in an `id`, a
  /// prompt or a cloze text: so a card's identity never equals a plain
  /// question's.
  public static let identitySeparator: Character = "\u{1F}"

  /// The identity of a card of `kind` made from the question with identity
  /// `question`: the question's own for the forward card, and
  /// `question` U+001F `reverse` or `question` U+001F `c1` for the others.
  public static func identity(of kind: Kind, question: String) -> String {
    switch kind {
    case .forward: question
    case .reverse, .cloze: question + String(identitySeparator) + kind.name
    }
  }

  /// The identity of the question a card with `identity` comes from: the
  /// part before the separator, or all of it.
  public static func questionIdentity(of identity: String) -> Substring {
    guard let offset = separatorOffset(in: identity) else { return identity[...] }
    return identity[..<identity.utf8.index(identity.utf8.startIndex, offsetBy: offset)]
  }

  /// The byte offset of the first ``identitySeparator`` in `text`, if any.
  static func separatorOffset(in text: String) -> Int? {
    text.utf8.firstIndex(of: 0x1F).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
  }
}
