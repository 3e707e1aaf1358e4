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
    let records = try allRecords()
    let progress = Progress.replaying(records)
    var regraded = Set<StepID>()
    for case .right(let right) in records where !progress.undone.contains(right.id) {
      regraded.insert(right.target)
    }
    var order: [String] = []
    var reviews: [String: [ReviewHistory.Review]] = [:]
    for case .answer(let answer) in records {
      guard !progress.undone.contains(answer.id) else { continue }
      if answer.origin != nil, let step = answer.round, progress.undone.contains(step) { continue }
      let key = answer.group + "\u{1F}" + answer.question
      if reviews[key] == nil { order.append(key) }
      let rating = regraded.contains(answer.id) ? ReviewRating.good : answer.rating
      let day = answer.day ?? progress.learnerDayIndex.day(of: answer.id) ?? progress.undatedAnswers[answer.id]
      reviews[key, default: []].append(ReviewHistory.Review(time: answer.time, rating: rating, day: day))
    }
    return order.map { ReviewHistory(reviews[$0] ?? []) }
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
