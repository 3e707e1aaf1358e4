/// What the group list and the day's plan need of every card's memory, and
/// no more: each group's ``DueIndex``.
///
/// It is kept beside the checkpoint in `local/outlook`, with everything of
/// ``Progress`` but the memory of each card and the rounds' plans (of each
/// unfinished round, only what the listing shows), so that `groups`, `today` and
/// the start screen read a small file instead of every card's memory. It
/// holds for one version of the questions (``key``) and one state of the
/// history (the files as far as it says); anything else reads the
/// checkpoint and the history.
struct ProgressOutlook: Hashable, Sendable {
  /// What the group list and the start screen show of a round that still
  /// has questions to ask; playing it reads its plan from the checkpoint.
  struct UnfinishedRound: Hashable, Sendable {
    var id: StepID
    /// The group it plays: empty for a review round across groups.
    var group: String
    var strategy: String
    var startedAt: Timestamp
    /// How many of its questions are done, and how many it asks, counted
    /// as the round counts them when it resumes (``Round/doneCount``,
    /// ``Round/count``); 0 of 0 for a round across groups, or of a group
    /// the questions do not have.
    var done: Int
    var count: Int

    /// What the listing shows of `memento`, played on `group`'s cards.
    init(_ memento: RoundMemento, group: QuestionGroup?) {
      id = memento.id
      self.group = memento.group
      strategy = memento.strategy
      startedAt = memento.startedAt
      if let group, !memento.isAcrossGroups {
        let round = Round(group: group, memento: memento)
        done = round.doneCount
        count = round.count
      } else {
        done = 0
        count = 0
      }
    }

    init(id: StepID, group: String, strategy: String, startedAt: Timestamp, done: Int, count: Int) {
      self.id = id
      self.group = group
      self.strategy = strategy
      self.startedAt = startedAt
      self.done = done
      self.count = count
    }
  }

  /// The version of the questions it was made for: the hash of the
  /// questions file (``ProgressCaretaker/questionsKey(of:)``).
  var key: UInt64
  /// When each group of those questions falls due, by title.
  var groups: [String: DueIndex]
  /// The first quarter of an hour whose activity the outlook keeps: the day
  /// before the newest answer, and after; the learner's day is counted
  /// from it. Older activity is for statistics, which read the checkpoint.
  var activitySince: Int64
  /// Every round that still has questions to ask.
  var rounds: [UnfinishedRound] = []

  /// How far back the outlook keeps activity: two days.
  static let activityKept: Int64 = 2 * 24 * 60 * 60 * 1000

  /// The outlook of `groups` with the memory of `progress`.
  init(key: UInt64, groups questionGroups: [QuestionGroup], progress: Progress) {
    self.key = key
    activitySince =
      progress.newest.map { Activity.slot(of: Timestamp(rawValue: $0.time.rawValue - Self.activityKept)) } ?? 0
    var groups: [String: DueIndex] = [:]
    var firstGroups: [String: QuestionGroup] = [:]
    for group in questionGroups where firstGroups[group.title] == nil {
      firstGroups[group.title] = group
      groups[group.title] = DueIndex(
        cards: group.cards, memory: progress.groups[group.title]?.questions ?? [:],
        controls: progress.groups[group.title]?.controls ?? [:])
    }
    self.groups = groups
    rounds = progress.rounds.values.filter { !$0.isFinished }.map {
      UnfinishedRound($0, group: firstGroups[$0.group])
    }
  }

  init(key: UInt64, groups: [String: DueIndex], activitySince: Int64) {
    self.key = key
    self.groups = groups
    self.activitySince = activitySince
  }
}
