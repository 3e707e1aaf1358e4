/// What the statistics say of typed answers: the pairs of questions most
/// often confused, and the leeches. Both come from the history's one fold
/// (each question's wrong answers and lapses, see ``Mistakes`` and
/// ``QuestionMemory/lapses``), read against the questions in use.
extension Statistics {
  /// A wrong answer to one question that is the answer to another.
  public struct Confusion: Sendable, Encodable, Equatable {
    public let group: String
    /// The prompt of the question asked.
    public let asked: String
    /// The prompt of the question whose answer was typed.
    public let answered: String
    public let count: Int
  }

  /// A card that keeps lapsing.
  public struct Leech: Sendable, Encodable, Equatable {
    public let group: String
    public let prompt: String
    public let lapses: Int
  }

  /// How many confusions the statistics show.
  static let confusionLimit = 10

  /// The most frequent confusions in the groups at `indices`.
  static func confusions(caretaker: QuestionGroupCaretaker, memory: ProgressWithMemory, indices: [Int])
    -> [Confusion]
  {
    var found: [Confusion] = []
    let progress = memory.progress
    for index in indices {
      let group = caretaker.groups[index]
      guard let mistakes = progress.groups[group.title]?.mistakes, !mistakes.counts.isEmpty else { continue }
      let cards = group.cards
      let answers = AnswerIndex(cards)
      let byIdentity = Dictionary(cards.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
      var pairs: [String: [String: Int]] = [:]
      for (identity, typedCounts) in mistakes.counts {
        guard let asked = byIdentity[identity] else { continue }
        for (typed, count) in typedCounts {
          guard !AnswerMatcher.isCorrect(typed, accepting: asked.acceptedAnswers),
            let other = answers.cards(accepting: typed).first(where: { $0.questionIdentity != asked.questionIdentity })
          else { continue }
          pairs[asked.prompt, default: [:]][other.prompt, default: 0] += count
        }
      }
      for (asked, answered) in pairs {
        for (prompt, count) in answered {
          found.append(Confusion(group: group.title, asked: asked, answered: prompt, count: count))
        }
      }
    }
    return Array(
      found.sorted {
        ($1.count, $0.group, $0.asked, $0.answered) < ($0.count, $1.group, $1.asked, $1.answered)
      }
      .prefix(confusionLimit))
  }

  /// The leeches of the groups at `indices`, most lapses first: cards with
  /// at least `leech-threshold` lapses (none when it is 0).
  static func leeches(caretaker: QuestionGroupCaretaker, memory: ProgressWithMemory, indices: [Int]) -> [Leech] {
    let settings = caretaker.progress.settings
    var found: [Leech] = []
    for index in indices {
      let group = caretaker.groups[index]
      let threshold = settings.of(group: group.title).leechThreshold
      guard threshold > 0 else { continue }
      for card in group.cards {
        guard let lapses = memory.memory(of: card, in: group)?.lapses, lapses >= threshold else { continue }
        found.append(Leech(group: group.title, prompt: card.prompt, lapses: lapses))
      }
    }
    return found.sorted { ($1.lapses, $0.group, $0.prompt) < ($0.lapses, $1.group, $1.prompt) }
  }

  /// The confusions as text: each pair with how often.
  func confusionsText(style: TextStyle, width: Int) -> String {
    guard !confusions.isEmpty else { return "" }
    var text = "\nConfusions:\n"
    let showsGroups = Set(confusions.map(\.group)).count > 1
    for confusion in confusions {
      var line =
        "  asked \(TextSanitizer.sanitized(confusion.asked)), typed the answer to "
        + "\(TextSanitizer.sanitized(confusion.answered)): \(counted(confusion.count, "time"))"
      if showsGroups { line += "  " + TextSanitizer.sanitized(confusion.group) }
      text += TextWrapping.wrapped(line, width: width) + "\n"
    }
    return text
  }

  /// The leeches as text, with what to do about them.
  func leechesText(style: TextStyle, width: Int) -> String {
    guard !leeches.isEmpty else { return "" }
    var text = "\n" + style.yellow("Leeches") + " (cards that keep lapsing; a better hint or a split helps):\n"
    let showsGroups = Set(leeches.map(\.group)).count > 1
    // Columns as the weakest questions above have them.
    let prompts = leeches.map { TextSanitizer.sanitized($0.prompt) }
    let nameWidth = min(max(10, width - 36), prompts.map(DisplayWidth.of).max() ?? 0)
    let lapses = leeches.map { counted($0.lapses, "lapse") }
    let lapseWidth = lapses.map(\.count).max() ?? 0
    for (index, leech) in leeches.enumerated() {
      let name = DisplayWidth.fit(prompts[index], width: nameWidth)
      var line = "  \(name)  \(DisplayWidth.fit(lapses[index], width: lapseWidth, alignRight: true))"
      if showsGroups { line += "  " + TextSanitizer.sanitized(leech.group) }
      text += TextWrapping.wrapped(line.trimmingTrailingSpaces, width: width) + "\n"
    }
    return text
  }
}
