/// What the group list and the day's plan need of every card's memory, and
/// no more: for each group, how many cards it has and the learner day each
/// remembered one falls due on.
///
/// It is kept beside the checkpoint in `local/outlook`, with everything of
/// ``Progress`` but the memory of each card, so that `groups`, `today` and
/// the start screen read a small file instead of every card's memory. It
/// holds for one version of the questions (``key``) and one state of the
/// history (the files as far as it says); anything else reads the
/// checkpoint and the history.
struct ProgressOutlook: Hashable, Sendable {
  /// One group's cards.
  struct Group: Hashable, Sendable {
    /// How many cards the group has.
    var cards: Int
    /// The learner day each card with a memory state falls due on,
    /// earliest first.
    var dues: [Int]
    /// The cards a sibling's answer buries on the day it was given, which
    /// would otherwise be due or new on that day.
    var buried: [Buried] = []

    /// A card buried on learner day `day` by its sibling's answer: due then
    /// (its due day), or new (`nil`).
    struct Buried: Hashable, Sendable {
      var day: Int
      var due: Int?
    }

    /// Cards never answered (or reset).
    var newCount: Int { cards - dues.count }

    /// How many cards are due on learner day `today`, less those a sibling
    /// answered that day buries.
    func dueCount(onDay today: Int) -> Int {
      dues.partitioningIndex { $0 > today } - buried.count { $0.day == today && $0.due != nil }
    }

    /// Cards never answered that learner day `today` may ask: less those a
    /// sibling answered that day buries.
    func newCount(onDay today: Int) -> Int { newCount - buried.count { $0.day == today && $0.due == nil } }

    /// The first due day after `today`, if any.
    func nextDue(after today: Int) -> Int? {
      let index = dues.partitioningIndex { $0 > today }
      return index < dues.count ? dues[index] : nil
    }
  }

  /// The version of the questions it was made for: the hash of the
  /// questions file (``ProgressCaretaker/questionsKey(of:)``).
  var key: UInt64
  /// Each group of those questions, by title.
  var groups: [String: Group]
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
    var groups: [String: Group] = [:]
    for group in questionGroups where groups[group.title] == nil {
      let memory = progress.groups[group.title]?.questions ?? [:]
      let cards = group.cards
      var dues: [Int] = []
      if !memory.isEmpty {
        dues.reserveCapacity(min(cards.count, memory.count))
        for card in cards {
          if let due = memory[card.identity]?.state?.dueDay { dues.append(due) }
        }
        dues.sort()
      }
      groups[group.title] = Group(cards: cards.count, dues: dues, buried: Self.buried(cards, memory: memory))
    }
    self.groups = groups
  }

  /// The cards of a group that their siblings' answers bury: for each
  /// question, the cards not answered on the newest day one of them was,
  /// that would be due or new on that day.
  static func buried(_ cards: [Card], memory: [String: QuestionMemory]) -> [Group.Buried] {
    guard !memory.isEmpty else { return [] }
    var siblings: [String: Int] = [:]
    var hasSiblings = false
    for card in cards {
      siblings[card.questionIdentity, default: 0] += 1
      if siblings[card.questionIdentity] ?? 0 > 1 { hasSiblings = true }
    }
    // Most groups have one card a question: nothing to bury, and no memory to look up.
    guard hasSiblings else { return [] }
    var newest: [String: Int] = [:]
    for card in cards {
      if let day = memory[card.identity]?.state?.lastReviewDay {
        newest[card.questionIdentity] = max(newest[card.questionIdentity] ?? day, day)
      }
    }
    var buried: [Group.Buried] = []
    for card in cards where siblings[card.questionIdentity, default: 0] > 1 {
      guard let day = newest[card.questionIdentity] else { continue }
      let state = memory[card.identity]?.state
      if state?.lastReviewDay == day { continue }
      if let state {
        if state.isDue(onDay: day) { buried.append(Group.Buried(day: day, due: state.dueDay)) }
      } else {
        buried.append(Group.Buried(day: day, due: nil))
      }
    }
    return buried
  }

  init(key: UInt64, groups: [String: Group], activitySince: Int64) {
    self.key = key
    self.groups = groups
    self.activitySince = activitySince
  }
}
