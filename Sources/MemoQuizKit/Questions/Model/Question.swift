/// One question of a group: a prompt, the answer it expects, other answers
/// that also count as correct, and an optional hint; or a cloze text with
/// deletions to fill in.
///
/// A question is what the file holds; what a round asks are its cards
/// (see ``Card`` and ``QuestionGroup/cards``): the question itself, the
/// other way round when it is reversed, or one card per cloze number.
///
/// A `Question` is an originator in the memento pattern: it encodes itself
/// into the questions file and is recreated from it.
public struct Question: Hashable, Sendable {
  /// What the learner sees, such as "し"; empty for a cloze question.
  public var prompt: String
  /// The expected answer, such as "shi"; empty for a cloze question.
  public var answer: String
  /// Other answers accepted as correct, such as "si".
  public var alternatives: [String]
  /// Answers right for something else (another reading of the same kanji,
  /// a near synonym not wanted here): typing one asks again, ungraded.
  public var otherAnswers: [String]
  /// Answers that are always Incorrect, however close to an accepted one.
  public var blocked: [String]
  /// A nudge shown when the learner types `?`.
  public var hint: String?
  /// A name for the question that stays when its prompt changes.
  public var id: String?
  /// Whether the question is also asked the other way round; `nil` follows
  /// the group's ``QuestionGroup/reverse``.
  public var reverse: Bool?
  /// Other answers accepted when the question is asked the other way round.
  public var reverseAlternatives: [String]
  /// A text with deletions such as `{{c1::Tokyo}}`, asked instead of a
  /// prompt and answer (see ``Cloze``).
  public var cloze: String?
  /// Labels the file gives the question, kept as they are.
  public var tags: [String]
  /// Whether a near answer is forgiven; `nil` follows the group's
  /// ``QuestionGroup/typos``, then `config typos`.
  public var typos: TypoPolicy?
  /// How the question is graded; `nil` follows the group's
  /// ``QuestionGroup/grade``.
  public var grade: Grading?
  /// The Anki note type its note had, when it came from Anki: an export
  /// puts it back with that note type.
  public var ankiNoteType: AnkiNoteTypeRecord?
  /// The language the prompt is spoken in (`espeak-ng -v`); `nil` follows
  /// the group's ``QuestionGroup/speak``.
  public var speak: String?

  public init(
    prompt: String, answer: String, alternatives: [String] = [], hint: String? = nil, id: String? = nil,
    reverse: Bool? = nil, reverseAlternatives: [String] = [], tags: [String] = [], grade: Grading? = nil
  ) {
    self.prompt = prompt
    self.answer = answer
    self.alternatives = alternatives
    self.otherAnswers = []
    self.blocked = []
    self.hint = hint
    self.id = id
    self.reverse = reverse
    self.reverseAlternatives = reverseAlternatives
    self.cloze = nil
    self.tags = tags
    self.typos = nil
    self.grade = grade
    self.ankiNoteType = nil
    self.speak = nil
  }

  /// A cloze question: `text` with its deletions.
  public init(cloze text: String, hint: String? = nil, id: String? = nil, tags: [String] = [], grade: Grading? = nil) {
    self.init(prompt: "", answer: "", hint: hint, id: id, tags: tags, grade: grade)
    cloze = text
  }

  /// The question's identity for its memory: its `id`, else its cloze text,
  /// else its prompt. Editing its answer, hint, alternatives or position
  /// keeps its memory.
  public var identity: String { id ?? cloze ?? prompt }

  /// The expected answer followed by the alternatives.
  public var acceptedAnswers: [String] { [answer] + alternatives }
}

extension Question: Codable {
  private enum CodingKeys: String, CodingKey {
    case prompt, answer, alternatives, otherAnswers, blocked, hint, id, reverse, reverseAlternatives, cloze, tags,
      typos, grade
    case ankiNoteType, speak
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    cloze = try container.decodeIfPresent(String.self, forKey: .cloze)
    if cloze == nil {
      prompt = try container.decode(String.self, forKey: .prompt)
      answer = try container.decode(String.self, forKey: .answer)
    } else {
      prompt = ""
      answer = ""
    }
    alternatives = try container.decodeIfPresent([String].self, forKey: .alternatives) ?? []
    otherAnswers = try container.decodeIfPresent([String].self, forKey: .otherAnswers) ?? []
    blocked = try container.decodeIfPresent([String].self, forKey: .blocked) ?? []
    hint = try container.decodeIfPresent(String.self, forKey: .hint)
    id = try container.decodeIfPresent(String.self, forKey: .id)
    reverse = try container.decodeIfPresent(Bool.self, forKey: .reverse)
    reverseAlternatives = try container.decodeIfPresent([String].self, forKey: .reverseAlternatives) ?? []
    tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    typos = try container.decodeIfPresent(TypoPolicy.self, forKey: .typos)
    grade = try container.decodeIfPresent(Grading.self, forKey: .grade)
    ankiNoteType = try container.decodeIfPresent(AnkiNoteTypeRecord.self, forKey: .ankiNoteType)
    speak = try container.decodeIfPresent(String.self, forKey: .speak)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id, forKey: .id)
    if let cloze {
      try container.encode(cloze, forKey: .cloze)
    } else {
      try container.encode(prompt, forKey: .prompt)
      try container.encode(answer, forKey: .answer)
    }
    if !alternatives.isEmpty { try container.encode(alternatives, forKey: .alternatives) }
    if !otherAnswers.isEmpty { try container.encode(otherAnswers, forKey: .otherAnswers) }
    if !blocked.isEmpty { try container.encode(blocked, forKey: .blocked) }
    try container.encodeIfPresent(hint, forKey: .hint)
    try container.encodeIfPresent(reverse, forKey: .reverse)
    if !reverseAlternatives.isEmpty { try container.encode(reverseAlternatives, forKey: .reverseAlternatives) }
    if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
    try container.encodeIfPresent(typos, forKey: .typos)
    try container.encodeIfPresent(grade, forKey: .grade)
    try container.encodeIfPresent(ankiNoteType, forKey: .ankiNoteType)
    try container.encodeIfPresent(speak, forKey: .speak)
  }
}
