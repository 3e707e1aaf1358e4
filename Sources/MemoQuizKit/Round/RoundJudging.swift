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

  /// The cards of the group titled `title`, indexed by their answers the
  /// first time a round needs them: `cards` when the round has them all,
  /// else the group's as the questions give them.
  mutating func group(titled title: String, cards: [Card]?) -> AnswerIndex {
    if let known = indexByGroup[title] { return known }
    let index = AnswerIndex(cards ?? caretaker.groups.first { $0.title == title }?.cards ?? [])
    indexByGroup[title] = index
    return index
  }

  /// A card's correct answers and lapses, as the round has counted them.
  private struct Tally {
    var correct: Int
    var lapses: Int
  }

  /// The cards graded this session, counted from their memory on disk when
  /// first graded, then answer by answer: graded answers wait in a pipe
  /// before they are saved, and each must be counted once.
  private var tallies: [String: Tally] = [:]

  /// Counts a graded answer; returns its card's lapses when this answer
  /// made it a leech, that is when its lapses reached `leech-threshold`
  /// just now.
  mutating func newLeech(_ verdict: Round.Verdict, in round: Round) -> Int? {
    let threshold = settings.leechThreshold
    guard threshold > 0 else { return nil }
    let identity = verdict.card.identity
    var tally: Tally
    if let known = tallies[identity] {
      tally = known
    } else {
      // The answer just graded is not saved yet: the memory is from before it.
      let (title, key) = round.origin(of: identity)
      let memory = caretaker.progress.progress.groups[title]?.questions[key]
      tally = Tally(correct: memory?.correctCount ?? 0, lapses: memory?.lapses ?? 0)
    }
    var reached = false
    if verdict.isCorrect {
      tally.correct += 1
    } else if tally.correct > 0 {
      tally.lapses += 1
      reached = tally.lapses == threshold
    }
    tallies[identity] = tally
    return reached ? tally.lapses : nil
  }

  /// Forgets what was counted of a card whose answer was taken back or
  /// re-graded: its memory on disk says it from then on.
  mutating func forget(_ identity: String) {
    tallies[identity] = nil
  }
}
