/// One question of a group: a prompt, the answer it expects, other answers
/// that also count as correct, and an optional hint.
///
/// A `Question` is an originator in the memento pattern: it encodes itself
/// into the questions file and is recreated from it.
public struct Question: Hashable, Sendable {
  /// What the learner sees, such as "し".
  public var prompt: String
  /// The expected answer, such as "shi".
  public var answer: String
  /// Other answers accepted as correct, such as "si".
  public var alternatives: [String]
  /// A nudge shown when the learner types `?`.
  public var hint: String?
  /// A name for the question that stays when its prompt changes.
  public var id: String?

  public init(prompt: String, answer: String, alternatives: [String] = [], hint: String? = nil, id: String? = nil) {
    self.prompt = prompt
    self.answer = answer
    self.alternatives = alternatives
    self.hint = hint
    self.id = id
  }

  /// The question's identity for its memory: its `id`, else its prompt.
  /// Editing its answer, hint, alternatives or position keeps its memory.
  public var identity: String { id ?? prompt }

  /// The expected answer followed by the alternatives.
  public var acceptedAnswers: [String] { [answer] + alternatives }
}

extension Question: Codable {
  private enum CodingKeys: String, CodingKey {
    case prompt, answer, alternatives, hint, id
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    prompt = try container.decode(String.self, forKey: .prompt)
    answer = try container.decode(String.self, forKey: .answer)
    alternatives = try container.decodeIfPresent([String].self, forKey: .alternatives) ?? []
    hint = try container.decodeIfPresent(String.self, forKey: .hint)
    id = try container.decodeIfPresent(String.self, forKey: .id)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(prompt, forKey: .prompt)
    try container.encode(answer, forKey: .answer)
    if !alternatives.isEmpty { try container.encode(alternatives, forKey: .alternatives) }
    try container.encodeIfPresent(hint, forKey: .hint)
  }
}
