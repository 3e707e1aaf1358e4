/// What the group list and the day's plan need of every card's memory, and
/// no more: each group's ``DueIndex``.
///
/// It is kept beside the checkpoint in `local/outlook`, with everything of
/// ``Progress`` but the memory of each card, so that `groups`, `today` and
/// the start screen read a small file instead of every card's memory. It
/// holds for one version of the questions (``key``) and one state of the
/// history (the files as far as it says); anything else reads the
/// checkpoint and the history.
struct ProgressOutlook: Hashable, Sendable {
  /// The version of the questions it was made for: the hash of the
  /// questions file (``ProgressCaretaker/questionsKey(of:)``).
  var key: UInt64
  /// When each group of those questions falls due, by title.
  var groups: [String: DueIndex]
  /// The first quarter of an hour whose activity the outlook keeps: the day
  /// before the newest answer, and after; the learner's day is counted
  /// from it. Older activity is for statistics, which read the checkpoint.
  var activitySince: Int64

  /// How far back the outlook keeps activity: two days.
  static let activityKept: Int64 = 2 * 24 * 60 * 60 * 1000

  /// The outlook of `groups` with the memory of `progress`.
  init(key: UInt64, groups questionGroups: [QuestionGroup], progress: Progress) {
    self.key = key
    activitySince =
      progress.newest.map { Activity.slot(of: Timestamp(rawValue: $0.time.rawValue - Self.activityKept)) } ?? 0
    var groups: [String: DueIndex] = [:]
    for group in questionGroups where groups[group.title] == nil {
      groups[group.title] = DueIndex(cards: group.cards, memory: progress.groups[group.title]?.questions ?? [:])
    }
    self.groups = groups
  }

  init(key: UInt64, groups: [String: DueIndex], activitySince: Int64) {
    self.key = key
    self.groups = groups
    self.activitySince = activitySince
  }
}
