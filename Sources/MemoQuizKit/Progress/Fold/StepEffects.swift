/// What every step of a history does once every record is read: the one
/// definition of a step's effect.
///
/// Which steps are in effect, which are taken back (by a mark, or with the
/// import that brought them), which answers `:right` re-graded, which steps
/// `redo` can bring back, each answer's learner day and the group its card
/// belongs to after the renames in effect. The fold (``Progress/replaying(_:)``),
/// `history`, `undo` and `redo`, the optimizer's input and the export's
/// review log all ask it; ``Progress/apply(_:)`` follows the marks with
/// ``follow(_:undone:redoable:)`` and must agree with it.
struct StepEffects: Sendable {
  /// The steps a mark took back.
  private(set) var undone: Set<StepID> = []
  /// The steps `redo` can bring back, the newest last.
  private(set) var redoable: [StepID] = []
  /// The steps out of effect: those taken back, and the reviews of an
  /// import taken back with it.
  private(set) var takenBack: Set<StepID> = []
  /// Answers taken back by another machine than their own: they still
  /// count in their round, which is their machine's own.
  private(set) var takenBackElsewhere: Set<StepID> = []
  /// Answers a `:right` in effect re-graded: they count as Good.
  private(set) var regraded: Set<StepID> = []
  /// Every setting's value in effect at the end, with the group settings
  /// and exam goals moved by the renames in effect
  /// (``GroupSettings/rename(_:in:)``).
  private(set) var settings: [String: String] = [:]
  /// The learner days notes gave to answers recorded without one.
  private(set) var learnerDayIndex = LearnerDayIndex()
  /// Answers recorded without a learner day that no note names, with the
  /// day this machine gives them meanwhile.
  private(set) var undatedAnswers: [StepID: Int] = [:]
  /// Each answer's card: the group identity (an index into `titles`) it
  /// was given under, and how many resets of that group in effect came
  /// before it.
  private var cards: [StepID: (group: Int, resets: Int)] = [:]
  /// Each group identity's title after every rename in effect.
  private var titles: [String] = []
  /// How many resets in effect each group identity had.
  private var resets: [Int] = []

  init() {}

  /// The effects of a history.
  /// - Parameters:
  ///   - records: every record of every machine, in merged order.
  ///   - followingCards: whether to follow each answer's card through the
  ///     renames and resets in effect (``group(of:)``,
  ///     ``isSinceLastReset(_:)``); the fold, which moves progress with
  ///     each rename itself, and `history` leave it out.
  init(_ records: [HistoryRecord], followingCards: Bool = true) {
    for record in records {
      Self.follow(record, undone: &undone, redoable: &redoable)
      switch record {
      case .undo(let mark):
        if mark.id.machine != mark.target.machine {
          takenBackElsewhere.insert(mark.target)
        } else {
          takenBackElsewhere.remove(mark.target)
        }
      case .redo(let mark):
        takenBackElsewhere.remove(mark.target)
      case .learnerDays(let note):
        learnerDayIndex.add(note)
      default:
        break
      }
    }
    takenBack = undone
    takenBackElsewhere.formIntersection(undone)
    for record in records {
      switch record {
      case .answer(let answer):
        // The reviews an import brought are taken back with it.
        if answer.origin != nil, let step = answer.round, undone.contains(step) { takenBack.insert(answer.id) }
      case .right(let right) where !undone.contains(right.id):
        regraded.insert(right.target)
      case .questionsChange(let change) where !undone.contains(change.id):
        if let regrade = change.regrade { regraded.insert(regrade.target) }
        GroupSettings.rename(change.renames, in: &settings)
      case .setting(let setting) where !undone.contains(setting.id):
        settings[setting.key] = setting.value
      default:
        break
      }
    }
    followAnswers(records, followingCards: followingCards)
  }

  /// Gives each answer its learner day, and follows each group as the fold
  /// keeps it: a title gets its progress from an answer, a reset or a
  /// baseline; a rename in effect moves it.
  private mutating func followAnswers(_ records: [HistoryRecord], followingCards: Bool) {
    let hour = Settings(settings).dayStartsAt
    var identities: [String: Int] = [:]
    func identity(of title: String) -> Int {
      if let existing = identities[title] { return existing }
      titles.append(title)
      resets.append(0)
      identities[title] = titles.count - 1
      return titles.count - 1
    }
    for record in records {
      switch record {
      case .answer(let answer):
        if answer.day == nil {
          let (day, isUndated) = Self.day(of: answer, index: learnerDayIndex, hour: hour)
          if isUndated { undatedAnswers[answer.id] = day }
        }
        guard followingCards else { continue }
        let group = identity(of: answer.group)
        cards[answer.id] = (group, resets[group])
      case _ where !followingCards:
        continue
      case .reset(let reset) where !undone.contains(reset.id):
        for title in reset.groups { resets[identity(of: title)] += 1 }
      case .baseline(let baseline) where !baseline.group.isEmpty:
        _ = identity(of: baseline.group)
      case .questionsChange(let change) where !undone.contains(change.id):
        for rename in Self.rename(change.renames, in: &identities) {
          if let moved = identities[rename.to] { titles[moved] = rename.to }
        }
      default:
        break
      }
    }
  }

  /// Whether step `id` is in effect.
  func isInEffect(_ id: StepID) -> Bool { !takenBack.contains(id) }

  /// Whether a step that is not an answer is in effect, by the marks alone:
  /// what a state brought up to date record by record can tell (only
  /// answers are taken back with an import).
  static func isInEffect(_ id: StepID, undone: Set<StepID>) -> Bool { !undone.contains(id) }

  /// Whether answer `id`, taken back, still counts in its round.
  func countsInRound(_ id: StepID) -> Bool { takenBackElsewhere.contains(id) }

  /// An answer's rating in effect: Good when `:right` put it right.
  func rating(of answer: AnswerStep) -> ReviewRating { regraded.contains(answer.id) ? .good : answer.rating }

  /// Whether an answer counts as correct.
  func isCorrect(_ answer: AnswerStep) -> Bool { regraded.contains(answer.id) || answer.isCorrect }

  /// An answer's learner day.
  func day(of answer: AnswerStep) -> Int {
    answer.day ?? learnerDayIndex.day(of: answer.id) ?? undatedAnswers[answer.id] ?? 0
  }

  /// The title of an answer's group after every rename in effect: the
  /// group whose card the fold gives the answer to.
  func group(of answer: AnswerStep) -> String { cards[answer.id].map { titles[$0.group] } ?? answer.group }

  /// Whether an answer still belongs to its card's memory: no reset in
  /// effect of its group came after it.
  func isSinceLastReset(_ answer: AnswerStep) -> Bool {
    guard let card = cards[answer.id] else { return true }
    return resets[card.group] == card.resets
  }

  /// The answers in effect, in merged order, each as the fold counts it:
  /// rated Good when `:right` put it right, on its learner day, under its
  /// group's title after the renames in effect.
  func answersInEffect(_ records: [HistoryRecord]) -> [AnswerStep] {
    var answers: [AnswerStep] = []
    for case .answer(var answer) in records where isInEffect(answer.id) {
      answer.rating = rating(of: answer)
      answer.day = day(of: answer)
      answer.group = group(of: answer)
      answers.append(answer)
    }
    return answers
  }

  /// How a record changes which steps are taken back and which `redo` can
  /// bring back: a new step ends what `redo` can bring back, as in an
  /// editor, and an in-round `:undo` is not brought back.
  static func follow(_ record: HistoryRecord, undone: inout Set<StepID>, redoable: inout [StepID]) {
    if record.isStep { redoable.removeAll() }
    switch record {
    case .undo(let mark):
      undone.insert(mark.target)
      if mark.inRound { redoable.removeAll() } else { redoable.append(mark.target) }
    case .redo(let mark):
      undone.remove(mark.target)
      redoable.removeAll { $0 == mark.target }
    default:
      break
    }
  }

  /// The learner day of an answer: its own, else the one a note gave it,
  /// else this machine's (in its time zone, days starting at `hour`).
  /// - Returns: the day, and whether no note names it yet.
  static func day(of answer: AnswerStep, index: LearnerDayIndex, hour: Int) -> (day: Int, isUndated: Bool) {
    if let day = answer.day { return (day, false) }
    if let day = index.day(of: answer.id) { return (day, false) }
    return (LearnersDay.number(containing: answer.time, startingAt: hour), true)
  }

  /// Moves each renamed group's value to its new title, unless the new
  /// title has a value of its own.
  /// - Returns: the renames that took place.
  @discardableResult
  static func rename<Value>(_ renames: [GroupRename], in values: inout [String: Value]) -> [GroupRename] {
    var done: [GroupRename] = []
    for rename in renames where values[rename.to] == nil {
      values[rename.to] = values.removeValue(forKey: rename.from)
      done.append(rename)
    }
    return done
  }
}
