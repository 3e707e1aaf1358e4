import FoundationEssentials

/// What `memoquiz cram` asks: the questions of some groups, or those the
/// filters pick, none suspended or buried today.
extension QuestionGroupCaretaker {
  /// The cram round this machine left open, if any.
  /// - Throws: ``PersistenceError`` when the history cannot be read.
  func unfinishedPracticeRound(at now: Date) throws -> RoundMemento? {
    let machine = progress.existingMachine
    // A cram round of one group is that group's; of several, across groups.
    let resumes: (StepID, String, String, Timestamp) -> Bool = { id, _, strategy, _ in
      strategy == CramQuestionStrategy.strategyName && machine != nil && id.machine == machine
    }
    guard progress.overview.hasUnfinishedRound(where: resumes) else { return nil }
    return try loadMemory().savedRound(where: resumes)
  }

  /// The cards a new cram round asks, group by group (each group's index
  /// and its cards picked, in file order); groups with none are left out.
  /// - Parameters:
  ///   - indices: the groups; every group when empty.
  ///   - selection: the filters; without one, every question of the groups.
  /// - Throws: ``PersistenceError`` when the history cannot be read.
  func cramCards(groups indices: [Int], selection: CramSelection, at now: Date) throws -> [(group: Int, cards: [Card])]
  {
    let memory = try loadMemory()
    let today = learnerDay(at: now)
    let settings = progress.settings
    let missed = selection.missedToday ? try missedCards(onDay: today) : []
    var picked: [(group: Int, cards: [Card])] = []
    for index in indices.isEmpty ? Array(groups.indices) : indices {
      let group = groups[index]
      let progress = memory.groups[group.title]
      let threshold = settings.of(group: group.title).leechThreshold
      var cards = askableCards(group.cards, of: group.title, memory: memory, today: today)
      if !selection.isEverything {
        cards = cards.filter { card in
          let isLeech =
            selection.leeches && threshold > 0 && (progress?.questions[card.identity]?.lapses ?? 0) >= threshold
          let isMissed =
            selection.missedToday && missed.contains(RoundMemento.key(group: group.title, question: card.identity))
          let isFlagged = selection.flagged && progress?.controls[card.questionIdentity]?.isFlagged == true
          return isLeech || isMissed || isFlagged
        }
      }
      if !cards.isEmpty { picked.append((index, cards)) }
    }
    return picked
  }

  /// The cards answered Incorrect (not in practice) on learner day `day`,
  /// answers taken back left out, each as ``RoundMemento/key(group:question:)``.
  private func missedCards(onDay day: Int) throws -> Set<String> {
    let records = try progress.allRecords()
    let effects = StepEffects(records)
    var missed = Set<String>()
    for answer in effects.answersInEffect(records) where answer.day == day && !answer.rating.isCorrect {
      missed.insert(RoundMemento.key(group: answer.group, question: answer.question))
    }
    return missed
  }
}
