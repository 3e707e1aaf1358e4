/// What the group list, the day's plan and the start screen read of the
/// progress: when each group's cards fall due, the unfinished rounds, and
/// how far back the activity of the learner's days reaches.
///
/// The outlook (``ProgressOutlook``, read from `local/outlook`) and the
/// memory of every card (``ProgressWithMemory``) both give it, so that no
/// reader asks which of the two it holds: ``ProgressCaretaker/overview``
/// hands out the one the progress was loaded with.
protocol ProgressOverview {
  /// When the cards of `group` fall due.
  func dueIndex(of group: QuestionGroup) -> DueIndex

  /// Whether a round that still has questions to ask passes `resumes`,
  /// told the round's identity, group title, strategy and start.
  func hasUnfinishedRound(where resumes: (StepID, String, String, Timestamp) -> Bool) -> Bool

  /// The newest round that still has questions to ask and passes
  /// `resumes`, as the listing shows it; `group` is the group it plays
  /// when the questions have it.
  func unfinishedRound(where resumes: (StepID, String, String, Timestamp) -> Bool, group: QuestionGroup?)
    -> ProgressOutlook.UnfinishedRound?

  /// The first quarter of an hour whose activity it holds; `nil` when it
  /// holds all of it.
  var activityKeptSince: Int64? { get }
}

extension ProgressOverview {
  /// Whether it holds the activity that the learner day containing `now`
  /// is counted from: that day and the one before it.
  func coversDay(at now: Timestamp, startingAt hour: Int) -> Bool {
    guard let kept = activityKeptSince else { return true }
    let day = LearnersDay(containing: now, startingAt: hour)
    let dayBefore = Timestamp(rawValue: day.start.rawValue - 1)
    return Activity.slot(of: LearnersDay(containing: dayBefore, startingAt: hour).start) >= kept
  }
}

extension ProgressOutlook: ProgressOverview {
  func dueIndex(of group: QuestionGroup) -> DueIndex {
    groups[group.title] ?? DueIndex(cards: group.cards.count, dues: [])
  }

  func hasUnfinishedRound(where resumes: (StepID, String, String, Timestamp) -> Bool) -> Bool {
    rounds.contains { resumes($0.id, $0.group, $0.strategy, $0.startedAt) }
  }

  func unfinishedRound(where resumes: (StepID, String, String, Timestamp) -> Bool, group: QuestionGroup?)
    -> UnfinishedRound?
  {
    rounds.filter { resumes($0.id, $0.group, $0.strategy, $0.startedAt) }.max { $0.id.sequence < $1.id.sequence }
  }

  var activityKeptSince: Int64? { activitySince }
}
