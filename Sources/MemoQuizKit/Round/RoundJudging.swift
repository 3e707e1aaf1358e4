/// What a round needs to judge typed answers beyond the card asked: the
/// other cards of its group (whose answers a wrong one may be), the
/// settings in effect, whether romaji is turned into kana this session, and
/// the lapses that make a card a leech.
struct RoundJudging {
  private let caretaker: QuestionGroupCaretaker
  /// The memory of every card, as saved so far.
  private let memory: ProgressWithMemory
  /// The settings in effect when the round started.
  let settings: Settings
  /// Whether romaji typed for an answer in kana is turned into kana;
  /// `:romaji` switches it for the rest of the session.
  var convertsKana = true
  /// Each group's cards, by title, indexed once.
  private var indexByGroup: [String: AnswerIndex] = [:]

  init(caretaker: QuestionGroupCaretaker, memory: ProgressWithMemory) {
    self.caretaker = caretaker
    self.memory = memory
    settings = caretaker.progress.settings
  }

  /// How romaji typed for `card` is converted.
  func kanaTarget(for card: Card?) -> KanaConverter.Target {
    // Most answers are not kana: the card's own answer says so at once.
    // A self-graded card's lines are an attempt and a grade: never judged,
    // never converted (`n` is Again, not ん).
    guard convertsKana, let card, card.grading == .typed, JapaneseScript.isKana(card.answer) else { return .none }
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
    /// `nil` while every answer of the session was right: the memory on
    /// disk then has them exactly, read at the first wrong one.
    var lapses: Int?
  }

  /// The cards graded this session, counted from their memory on disk when
  /// first graded, then answer by answer: graded answers wait in a pipe
  /// before they are saved, and each must be counted once.
  private var tallies: [String: Tally] = [:]

  /// Counts a graded answer; returns its card's lapses when this answer
  /// made it a leech, that is when its lapses reached `leech-threshold`
  /// just now.
  mutating func newLeech(_ verdict: Round.Verdict, in round: Round) -> Int? {
    let identity = verdict.card.identity
    let threshold = settings.of(group: round.origin(of: identity).group).leechThreshold
    guard threshold > 0 else { return nil }
    if verdict.isCorrect {
      // A right answer is no lapse: only remember that there was one.
      tallies[identity, default: Tally(correct: 0, lapses: nil)].correct += 1
      return nil
    }
    var tally = tallies[identity] ?? Tally(correct: 0, lapses: nil)
    if tally.lapses == nil {
      // The memory on disk, without this answer (not saved yet) and with
      // or without the session's right ones, which only count as right.
      let (title, key) = round.origin(of: identity)
      let memory = memory.progress.groups[title]?.questions[key]
      tally.correct += memory?.correctCount ?? 0
      tally.lapses = memory?.lapses ?? 0
    }
    var lapses = tally.lapses ?? 0
    var reached = false
    if tally.correct > 0 {
      lapses += 1
      reached = lapses == threshold
    }
    tally.lapses = lapses
    tallies[identity] = tally
    return reached ? lapses : nil
  }

  /// Forgets what was counted of a card whose answer was taken back or
  /// re-graded: its memory on disk says it from then on.
  mutating func forget(_ identity: String) {
    tallies[identity] = nil
  }
}
