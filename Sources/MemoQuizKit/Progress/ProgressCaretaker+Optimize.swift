import FoundationEssentials

/// `memoquiz optimize`: the scheduler fitted to the learner's own history.
extension ProgressCaretaker {
  /// The parameters in use: installed by an earlier `optimize`, else the
  /// published defaults.
  public var parameters: FSRSParameters { progress.schedulerSettings.parameters }

  /// The `desired-retention` setting in effect.
  public var desiredRetention: Double { progress.schedulerSettings.desiredRetention }

  /// Every question's reviews in effect, in the order of the merged
  /// history: answers taken back (and the reviews of an import taken back)
  /// are left out, and `:right` counts as Good, as the rating of an answer
  /// is under Memory.
  public func reviewHistories() throws -> [ReviewHistory] {
    var order: [String] = []
    var reviews: [String: [ReviewHistory.Review]] = [:]
    for answer in try answersInEffect() {
      let key = answer.group + "\u{1F}" + answer.question
      if reviews[key] == nil { order.append(key) }
      reviews[key, default: []].append(ReviewHistory.Review(time: answer.time, rating: answer.rating))
    }
    return order.map { ReviewHistory(reviews[$0] ?? []) }
  }

  /// The answers in effect, in the order of the merged history: answers
  /// taken back (and the reviews of an import taken back) are left out,
  /// and an answer put right by `:right` is rated Good.
  func answersInEffect() throws -> [AnswerStep] {
    let records = try allRecords()
    let progress = Progress.replaying(records)
    var regraded = Set<StepID>()
    for case .right(let right) in records where !progress.undone.contains(right.id) {
      regraded.insert(right.target)
    }
    var answers: [AnswerStep] = []
    for case .answer(var answer) in records {
      guard !progress.undone.contains(answer.id) else { continue }
      if answer.origin != nil, let step = answer.round, progress.undone.contains(step) { continue }
      if regraded.contains(answer.id) { answer.rating = .good }
      answers.append(answer)
    }
    return answers
  }

  /// The groups as an Anki package: notes, cards with their due day and
  /// memory, and the review log of every answer in effect.
  public func ankiPackage(of groups: [QuestionGroup], memory: (Card, QuestionGroup) -> MemoryState?, at time: Date)
    throws -> [UInt8]
  {
    var states: [String: MemoryState] = [:]
    for group in groups {
      for card in group.cards {
        if let state = memory(card, group) {
          states[AnkiPackageWriter.key(group: group.title, card: card.identity)] = state
        }
      }
    }
    let titles = Set(groups.map(\.title))
    var reviews: [String: [AnkiPackageWriter.Review]] = [:]
    for answer in try answersInEffect() where titles.contains(answer.group) {
      reviews[AnkiPackageWriter.key(group: answer.group, card: answer.question), default: []].append(
        AnkiPackageWriter.Review(time: answer.time, rating: answer.rating, duration: answer.duration))
    }
    for key in reviews.keys { reviews[key]?.sort { $0.time < $1.time } }
    let writer = AnkiPackageWriter(
      groups: groups, memory: states, reviews: reviews, dayStartsAt: settings.dayStartsAt,
      desiredRetention: desiredRetention, now: Timestamp(time))
    return try writer.package()
  }

  /// Installs fitted parameters as a step of the history: every memory
  /// state and due date is computed again with them, and `undo` goes back
  /// to the ones before.
  public func install(_ parameters: FSRSParameters, reviews: Int, at time: Date) throws {
    try set(
      SchedulerSettings.parametersKey, to: SchedulerSettings.text(of: parameters),
      summary: "optimize: the scheduler fitted to \(reviews) reviews", at: time)
  }
}
