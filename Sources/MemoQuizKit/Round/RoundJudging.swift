/// What a round needs to judge typed answers beyond the card asked: the
/// other cards of its group (whose answers a wrong one may be), the
/// settings in effect, whether romaji is turned into kana this session, and
/// the lapses that make a card a leech.
struct RoundJudging {
  private let caretaker: QuestionGroupCaretaker
  /// The settings in effect when the round started.
  let settings: Settings
  /// Whether romaji typed for an answer in kana is turned into kana;
  /// `:romaji` switches it for the rest of the session.
  var convertsKana = true
  /// Each group's cards, by title, indexed once.
  private var indexByGroup: [String: AnswerIndex] = [:]

  init(caretaker: QuestionGroupCaretaker) {
    self.caretaker = caretaker
    settings = caretaker.progress.settings
  }

  /// How romaji typed for `card` is converted.
  func kanaTarget(for card: Card?) -> KanaConverter.Target {
    guard convertsKana, let card else { return .none }
    return KanaConverter.target(for: card.acceptedAnswers)
  }

  /// The cards of the group titled `title`, as the group has them, indexed
  /// by their answers the first time a round needs them; `fallback` (the
  /// round's own cards) when the group is gone.
  mutating func group(titled title: String, else fallback: [Card]) -> AnswerIndex {
    if let known = indexByGroup[title] { return known }
    let index = AnswerIndex(caretaker.groups.first { $0.title == title }?.cards ?? fallback)
    indexByGroup[title] = index
    return index
  }

  /// The lapses of the card just graded, when this answer made it a leech:
  /// its lapses reached `leech-threshold` just now. Counted from the memory
  /// the history gives, plus the answers of the round not yet saved.
  func newLeech(_ verdict: Round.Verdict, in round: Round) -> Int? {
    let threshold = settings.leechThreshold
    guard !verdict.isCorrect, threshold > 0 else { return nil }
    let (title, key) = round.origin(of: verdict.card.identity)
    let memory = caretaker.progress.progress.groups[title]?.questions[key]
    var lapses = memory?.lapses ?? 0
    var correct = memory?.correctCount ?? 0
    for answer in round.unsaved where answer.group == title && answer.question == key {
      if answer.isCorrect {
        correct += 1
      } else if correct > 0 {
        lapses += 1
      }
    }
    return lapses == threshold ? lapses : nil
  }
}
