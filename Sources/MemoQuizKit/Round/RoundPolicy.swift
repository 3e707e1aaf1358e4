import FoundationEssentials

/// Decides which round is played: the saved one or a new one, planned by
/// its strategy within the day's cap on new questions; for one group, or
/// across groups (`memoquiz review`).
struct RoundPolicy {
  let caretaker: QuestionGroupCaretaker
  let terminal: any Terminal
  /// The day's cap on new questions, and when the next question falls due.
  let outlook: any RoundOutlook
  let now: () -> Date
  var words: RoundWords { RoundWords(style: terminal.style, wording: caretaker.wording) }

  // MARK: - A group's round

  /// The round to play in `group`: the saved one, or a new one. With
  /// nothing on standard input, as with a review, nothing is asked and no
  /// round is opened or moved on.
  /// - Returns: `nil` when a review round has nothing to ask, there is no
  ///   input to answer with, or the person left.
  func start(group: QuestionGroup, options: RoundSession.Options) throws -> Round? {
    if let saved = try caretaker.unfinishedRound(of: group.title, at: now()), !options.restart {
      let untouched = saved.answers.isEmpty && saved.skipped == 0
      let otherStrategy = options.strategy.map { $0.name != saved.strategy } ?? false
      if !(untouched && otherStrategy) {
        let title = TextSanitizer.sanitized(group.title)
        switch offer(
          Round(group: group, memento: saved), as: "the open round of \(title)",
          untouched: untouched || !options.asksToResume, keepsOrder: otherStrategy)
        {
        case .resumed(let round): return round
        case .left: return nil
        case .startOver: break
        }
      }
    }
    return try newRound(group: group, options: options)
  }

  /// What becomes of a saved round offered again.
  enum SavedRound {
    /// It goes on where it stopped.
    case resumed(Round)
    /// It was finished, or the person chose a new one.
    case startOver
    /// The person left, or there is no input to answer with.
    case left
  }

  /// Offers a saved round again: resumed without asking when it is
  /// `untouched` or there is no terminal, else as the person answers.
  /// - Parameters:
  ///   - name: the round as the message for no input names it.
  ///   - keepsOrder: whether the round keeps its order over another strategy asked for.
  func offer(_ round: Round, as name: String, untouched: Bool, keepsOrder: Bool = false) -> SavedRound {
    guard !round.isFinished else { return .startOver }
    guard !hasNoInput("\(name) is left as it was") else { return .left }
    if terminal.isInteractive && !untouched {
      switch terminal.confirm(words.resumeQuestion(round, strategy: round.memento.strategy), defaultAnswer: true) {
      case nil: return .left
      case false?: return .startOver
      case true?: break
      }
    }
    terminal.write(words.resuming(round, strategy: round.memento.strategy, keepsOrder: keepsOrder))
    return .resumed(round)
  }

  /// The most new questions a new review round takes: `--new`, else what
  /// is left of today's cap (at most 10 in one group's round).
  private func newLimit(_ options: RoundSession.Options, groupRound: Bool) throws -> Int {
    if let limit = options.newLimit { return limit }
    let left = outlook.newQuestionsLeft(at: now(), memory: try caretaker.loadMemory())
    return groupRound ? min(ReviewQuestionStrategy.defaultNewLimit, left) : left
  }

  private func newRound(group: QuestionGroup, options: RoundSession.Options) throws -> Round? {
    let strategy = options.strategy ?? QuestionStrategies.standard
    var system = SeededGenerator.fromSystem()
    let seed = options.seed ?? system.next(below: UInt64(1 << 53) + 1)
    let time = Timestamp(now())
    var limit = strategy.needsMemory ? try newLimit(options, groupRound: true) : 0
    // A group with a `new-per-day` of its own takes no more than it.
    if strategy.needsMemory && options.newLimit == nil, let own = caretaker.ownNewLeftToday(of: group.title, at: now())
    {
      limit = min(limit, own)
    }
    // An exam goal takes the new questions it needs today, whatever the cap.
    if strategy.needsMemory && options.newLimit == nil {
      limit = max(limit, try caretaker.examNewNeededToday(of: group.title, at: now()))
    }
    let memory = try caretaker.loadMemory()
    // Suspended questions, and those buried today, are not asked.
    let cards = caretaker.askableCards(
      group.cards, of: group.title, memory: memory, today: caretaker.learnerDay(at: now()))
    let context = RoundPlanContext(
      cards: cards, seed: seed, memory: strategy.needsMemory ? memory.memoryStates(of: cards, in: group) : [],
      now: time, newLimit: limit, today: caretaker.learnerDay(at: now()), scheduler: caretaker.scheduler)
    let plan = SiblingOrder.arranged(strategy.plan(context), cards: cards) {
      memory.memory(of: cards[$0], in: group)?.state?.lastReview
    }
    guard !plan.isEmpty else {
      terminal.write(
        words.nothingToReview(
          in: TextSanitizer.sanitized(group.title), next: caretaker.nextDueDay(of: group), newLimit: limit))
      return nil
    }
    let title = TextSanitizer.sanitized(group.title)
    guard !hasNoInput("\(counted(plan.count, "question")) of \(title), none asked, and no round opened") else {
      return nil
    }
    let memento = try caretaker.progress.startRound(
      group: group.title, strategy: strategy, seed: seed, plan: plan.map { cards[$0].identity }, at: time)
    let round = Round(group: group, memento: memento, plan: plan, cards: cards)
    terminal.write(
      words.header(round, strategy: strategy, seed: seed, groupCount: nil, interactive: terminal.isInteractive))
    return round
  }

  // MARK: - Across groups

  /// The groups a saved review round asks questions of.
  /// - Throws: ``PersistenceError`` when the history cannot be read.
  func groupsOfSavedReview() throws -> [String] {
    guard let saved = try caretaker.unfinishedRound(of: "", at: now()) else { return [] }
    var seen = Set<String>()
    return saved.plan.map { RoundMemento.split($0).group }.filter { seen.insert($0).inserted }
  }

  /// Today's review of `groups`: the saved review round, or a new one.
  /// - Returns: `nil` when there is nothing to ask, or the person left.
  func startReview(groups indices: [Int], options: RoundSession.Options) throws -> Round? {
    if let saved = try caretaker.unfinishedRound(of: "", at: now()) {
      let round = Round(
        group: QuestionGroup(title: "", questions: []), memento: saved, cards: reviewCards(plan: saved.plan))
      switch offer(round, as: "the open review round", untouched: saved.answers.isEmpty || !options.asksToResume) {
      case .resumed(let round): return round
      case .left: return nil
      case .startOver: break
      }
    }
    let time = Timestamp(now())
    let strategy = ReviewQuestionStrategy()
    // Each group's cards as they are, and one list of their memory: the
    // plan's indices run through the groups in turn.
    var cardsOfGroups: [[Card]] = []
    var memory: [MemoryState?] = []
    let withMemory = try caretaker.loadMemory()
    for index in indices {
      let group = caretaker.groups[index]
      let cards = caretaker.askableCards(
        group.cards, of: group.title, memory: withMemory, today: caretaker.learnerDay(at: now()))
      memory += withMemory.memoryStates(of: cards, in: group)
      cardsOfGroups.append(cards)
    }
    let starts = cardsOfGroups.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
    /// The group (a position in `indices`) and the card a plan's index names.
    func card(_ flat: Int) -> (group: Int, card: Card) {
      var low = 0
      var high = cardsOfGroups.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= flat { low = middle } else { high = middle - 1 }
      }
      return (low, cardsOfGroups[low][flat - starts[low]])
    }
    let starting = starts
    // The groups with a `new-per-day` of their own take no more than it.
    let ownLimits: [Int?] =
      options.newLimit == nil
      ? indices.map { caretaker.ownNewLeftToday(of: caretaker.groups[$0].title, at: now()) }
      : indices.map { _ in nil }
    var planned = ReviewQuestionStrategy.order(
      memory: memory, today: caretaker.learnerDay(at: now()), newLimit: try newLimit(options, groupRound: false),
      scheduler: caretaker.scheduler,
      groupNewLimit: { flat in
        let group = starting.partitioningIndex { $0 > flat } - 1
        return ownLimits[group].map { (group, $0) }
      }
    ) { flat in
      // A card's siblings are in its own group.
      let group = starting.partitioningIndex { $0 > flat } - 1
      return String(group) + "\u{1F}" + cardsOfGroups[group][flat - starting[group]].questionIdentity
    }
    if options.newLimit == nil {
      try addExamNewCards(to: &planned, memory: memory, starts: starts, groups: indices)
    }
    guard !planned.isEmpty else {
      terminal.write("Nothing to review now; " + outlook.nextDue(at: now(), memory: withMemory) + "\n")
      return nil
    }
    guard !hasNoInput("\(counted(planned.count, "question")) to review, none asked, and no round opened") else {
      return nil
    }
    // The round's own cards, each named by its group and identity, so that
    // only a card's own siblings are siblings.
    var groupsAsked = Set<Int>()
    let roundCards = planned.map { flat in
      let (group, card) = card(flat)
      groupsAsked.insert(group)
      return card.inRoundAcrossGroups(group: caretaker.groups[indices[group]].title)
    }
    let plan = SiblingOrder.arranged(Array(roundCards.indices), cards: roundCards) { memory[planned[$0]]?.lastReview }
    let memento = try caretaker.progress.startRound(
      group: "", strategy: strategy, seed: 0, plan: plan.map { roundCards[$0].identity }, at: time)
    let round = Round(group: QuestionGroup(title: "", questions: []), memento: memento, plan: plan, cards: roundCards)
    terminal.write(
      words.header(
        round, strategy: strategy, seed: 0, groupCount: groupsAsked.count, interactive: terminal.isInteractive))
    return round
  }

  /// Adds to a review's plan the new cards exam goals still need today
  /// beyond those it takes: each goal group's cards never answered, in
  /// order.
  /// - Parameters:
  ///   - memory: the memory of every card of the groups, one list.
  ///   - starts: where each group's cards start in it.
  ///   - groups: the groups, as indices into the caretaker's.
  private func addExamNewCards(to planned: inout [Int], memory: [MemoryState?], starts: [Int], groups: [Int]) throws {
    guard !caretaker.progress.examGoals.isEmpty else { return }
    var taken = Set(planned)
    for (position, index) in groups.enumerated() {
      let needed = try caretaker.examNewNeededToday(of: caretaker.groups[index].title, at: now())
      let range = starts[position]..<starts[position + 1]
      var have = planned.count { range.contains($0) && memory[$0] == nil }
      for flat in range where have < needed && memory[flat] == nil && !taken.contains(flat) {
        planned.append(flat)
        taken.insert(flat)
        have += 1
      }
    }
  }

  /// Whether input is empty (a script or a cron job with nothing to
  /// answer): then nothing is asked and no round is opened, so no group is
  /// held by a round nobody plays.
  /// - Parameter outcome: what was left undone, for the warning.
  func hasNoInput(_ outcome: String) -> Bool {
    guard !terminal.isInteractive, terminal.hasNoInput else { return false }
    terminal.warn("nothing on standard input to answer with: \(outcome)")
    return true
  }

  /// The cards of a round across groups, each named by its
  /// ``RoundMemento/key(group:question:)``: the cards of the groups its plan
  /// names, so a resumed round finds them; cards no longer in the file are
  /// left out.
  func reviewCards(plan: [String]) -> [Card] {
    var seen = Set<String>()
    var cards: [Card] = []
    for key in plan {
      let title = RoundMemento.split(key).group
      guard seen.insert(title).inserted, let group = caretaker.groups.first(where: { $0.title == title }) else {
        continue
      }
      cards += group.cards.lazy.map { $0.inRoundAcrossGroups(group: title) }
    }
    return cards
  }
}
