import FoundationEssentials

extension RoundPolicy {
  /// The cram round to play: the one left open, or a new one of the cards
  /// `selection` picks in the groups at `indices` (all when empty).
  /// - Returns: `nil` when nothing is picked, there is no input to answer
  ///   with, or the person left.
  func startCram(groups indices: [Int], selection: CramSelection, options: RoundSession.Options) throws -> Round? {
    if let saved = try caretaker.unfinishedPracticeRound(at: now()) {
      let round =
        if let group = caretaker.groups.first(where: { $0.title == saved.group }), !saved.isAcrossGroups {
          Round(group: group, memento: saved)
        } else {
          Round(group: QuestionGroup(title: "", questions: []), memento: saved, cards: reviewCards(plan: saved.plan))
        }
      switch offer(round, as: "the open cram round", untouched: saved.answers.isEmpty || !options.asksToResume) {
      case .resumed(let round): return round
      case .left: return nil
      case .startOver: break
      }
    }
    let picked = try caretaker.cramCards(groups: indices, selection: selection, at: now())
    guard !picked.isEmpty else {
      let filters = selection.names.joined(separator: " or ")
      terminal.write(
        filters.isEmpty
          ? "Nothing to practise: these groups have no question to ask.\n"
          : "Nothing to practise: no question is picked by \(filters).\n")
      return nil
    }
    // The cards of one group make a round of that group, as `play` does;
    // of several, a round across groups, as `review` does.
    let single = picked.count == 1 ? caretaker.groups[picked[0].group] : nil
    let cards =
      single == nil
      ? picked.flatMap { group, cards in
        cards.map { $0.inRoundAcrossGroups(group: caretaker.groups[group].title) }
      } : picked[0].cards
    guard !hasNoInput("\(cards.count) questions to practise, none asked, and no round opened") else { return nil }
    let strategy = CramQuestionStrategy()
    var system = SeededGenerator.fromSystem()
    let seed = options.seed ?? system.next(below: UInt64(1 << 53) + 1)
    let order = strategy.order(count: cards.count, seed: seed)
    let plan = SiblingOrder.arranged(order, cards: cards) { _ in nil }
    let memento = try caretaker.progress.startRound(
      group: single?.title ?? "", strategy: strategy, seed: seed, plan: plan.map { cards[$0].identity },
      at: Timestamp(now()))
    let round = Round(
      group: single ?? QuestionGroup(title: "", questions: []), memento: memento, plan: plan, cards: cards)
    terminal.write(
      words.header(round, strategy: strategy, seed: seed, groupCount: nil, interactive: terminal.isInteractive))
    return round
  }
}

extension CramQuestionStrategy {
  /// Every index in `0..<count` once, shuffled by `seed`.
  func order(count: Int, seed: UInt64) -> [Int] {
    RandomQuestionStrategy().order(questionCount: count, seed: seed)
  }
}
