/// A titled set of questions and its score, such as "Hiragana".
///
/// `QuestionGroup` is the main originator of the memento pattern. Its coded
/// form is the questions file's format, which is also the format of the
/// original tutorial app: files saved there, with a `score` in each group,
/// load unchanged.
public struct QuestionGroup: Hashable, Sendable {
  public var title: String
  public var questions: [Question] {
    didSet { madeCards = MadeCards() }
  }
  /// The score: the one in `scores.json` once loaded by the caretaker, or the
  /// one the questions file carried.
  public var score: Score
  /// Whether every question is also asked the other way round, unless the
  /// question says otherwise.
  public var reverse: Bool {
    didSet { madeCards = MadeCards() }
  }
  /// Whether a near answer is forgiven in the group's questions; `nil`
  /// follows `config typos`.
  public var typos: TypoPolicy? {
    didSet { madeCards = MadeCards() }
  }
  /// How the group's questions are graded, unless a question says otherwise.
  public var grade: Grading {
    didSet { madeCards = MadeCards() }
  }
  /// The language the group's prompts are spoken in (`espeak-ng -v`),
  /// unless a question says otherwise; `nil` speaks nothing.
  public var speak: String? {
    didSet { madeCards = MadeCards() }
  }
  /// The cards once made (``cards``), shared by the copies of this version
  /// of the group: a change of what they are made of starts afresh.
  var madeCards = MadeCards()

  public init(
    title: String, questions: [Question], score: Score = Score(), reverse: Bool = false, grade: Grading = .typed
  ) {
    self.title = title
    self.questions = questions
    self.score = score
    self.reverse = reverse
    self.grade = grade
  }
}

extension QuestionGroup: Codable {
  private enum CodingKeys: String, CodingKey {
    case title, questions, score, reverse, typos, grade, speak
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    questions = try container.decode([Question].self, forKey: .questions)
    score = try container.decodeIfPresent(Score.self, forKey: .score) ?? Score()
    reverse = try container.decodeIfPresent(Bool.self, forKey: .reverse) ?? false
    typos = try container.decodeIfPresent(TypoPolicy.self, forKey: .typos)
    grade = try container.decodeIfPresent(Grading.self, forKey: .grade) ?? .typed
    speak = try container.decodeIfPresent(String.self, forKey: .speak)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    if reverse { try container.encode(reverse, forKey: .reverse) }
    try container.encodeIfPresent(typos, forKey: .typos)
    if grade != .typed { try container.encode(grade, forKey: .grade) }
    try container.encodeIfPresent(speak, forKey: .speak)
    try container.encode(questions, forKey: .questions)
    if score != Score() { try container.encode(score, forKey: .score) }
  }
}
