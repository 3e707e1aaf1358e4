import FoundationEssentials

/// What the learner's day holds: the questions due now and the new ones
/// today's review would ask, per group, with an estimate of the time.
///
/// Worked out from the derived state alone (each question's memory, the
/// first answers counted per quarter of an hour, the newest answer times),
/// never from the history, so that it costs about what listing the groups
/// does.
public struct DayPlan: Sendable {
  /// One group's share of the day.
  public struct GroupShare: Sendable, Equatable {
    public var title: String
    public var due: Int
    public var new: Int
  }

  /// The learner's day now falls in.
  public let day: LearnersDay
  /// Every group, in file order.
  public internal(set) var groups: [GroupShare]
  /// New questions first answered today, in all groups.
  public let newToday: Int
  /// The cap in effect: `new-per-day`.
  public let newPerDay: Int
  /// The learner's pace, which may leave room for fewer new questions
  /// than the cap.
  let pace: DayPace
  /// The next learner day a question falls due on after today (`time` is
  /// its start), and how many fall due that day; `nil` when none will.
  public let next: (day: LearnersDay, time: Timestamp, count: Int)?
  /// The seconds one question takes, as the learner's answers show.
  public let secondsPerQuestion: Double
  /// New questions never answered, in all groups, before any limit.
  let newAvailable: Int
  /// The bundled groups never played, which give no new questions while
  /// the learner has groups of their own.
  public let waitingBundled: Set<String>

  /// Answers needed before the learner's own pace is used.
  static let answersForPace = 20
  /// The seconds a question is taken to need before then.
  static let defaultSeconds = 8.0

  public var due: Int { groups.reduce(0) { $0 + $1.due } }
  public var new: Int { groups.reduce(0) { $0 + $1.new } }
  /// New questions today's cap still allows.
  public var newLeft: Int { max(0, newPerDay - newToday) }
  /// New questions today's review may take: what the cap still allows,
  /// and no more than the learner's pace leaves room for.
  public var newAllowed: Int { min(newLeft, pace.roomForNew ?? newLeft) }
  /// Whether the pace holds back new questions the cap would allow.
  public var newHeldBack: Bool { newAllowed < min(newLeft, newAvailable) }
  /// The groups with questions due now.
  public var groupsDue: [GroupShare] { groups.filter { $0.due > 0 } }

  /// The minutes the day's review takes: a due question counts once, a new
  /// one twice (it is usually missed and asked again).
  public var minutes: Int {
    let questions = due + 2 * new
    guard questions > 0 else { return 0 }
    return max(1, Int((Double(questions) * secondsPerQuestion / 60).rounded()))
  }

  /// The day of `groups` at `now`.
  /// - Parameters:
  ///   - dueIndex: when each group's cards fall due.
  ///   - progress: the state, with or without the memory of each card: its
  ///     settings, the activity of the day and the one before it, and the
  ///     recent answer times.
  ///   - waitingBundled: the bundled groups that give no new questions.
  init(
    now: Date, groups questionGroups: [QuestionGroup], dueIndex: (QuestionGroup) -> DueIndex, progress: Progress,
    waitingBundled: Set<String>
  ) {
    let time = Timestamp(now)
    let settings = Settings(progress.settings)
    day = LearnersDay(containing: time, startingAt: settings.dayStartsAt)
    newPerDay = settings.newPerDay
    newToday = Self.firstAnswers(in: day, progress: progress)
    self.waitingBundled = waitingBundled
    var shares: [GroupShare] = []
    let today = day.number
    var nextDay: Int?
    var nextCount = 0
    /// Counts a later due day towards the next one.
    func later(_ due: Int, count: Int) {
      if nextDay.map({ due < $0 }) ?? true {
        nextDay = due
        nextCount = count
      } else if due == nextDay {
        nextCount += count
      }
    }
    for group in questionGroups {
      let cards = dueIndex(group)
      if let next = cards.nextDue(after: today) { later(next.day, count: next.cards) }
      shares.append(
        GroupShare(title: group.title, due: cards.dueCount(onDay: today), new: cards.newCount(onDay: today)))
    }
    // Bundled groups never played wait while the learner has their own.
    for index in shares.indices where waitingBundled.contains(shares[index].title) { shares[index].new = 0 }
    // New questions are taken group by group in file order, up to what the
    // cap and the pace allow.
    newAvailable = shares.reduce(0) { $0 + $1.new }
    pace = DayPace(
      day: day, startingAt: settings.dayStartsAt, progress: progress, due: shares.reduce(0) { $0 + $1.due })
    var left = min(max(0, newPerDay - newToday), pace.roomForNew ?? .max)
    for index in shares.indices {
      // A group with a `new-per-day` of its own takes no more than it.
      let own = Self.ownNewLeft(of: shares[index].title, in: day, settings: settings, progress: progress)
      let taken = min(shares[index].new, left, own ?? .max)
      left -= taken
      shares[index].new = taken
    }
    groups = shares
    if let nextDay {
      let learnersDay = LearnersDay(number: nextDay, startingAt: settings.dayStartsAt)
      next = (learnersDay, learnersDay.start, nextCount)
    } else {
      next = nil
    }
    let durations = progress.recentDurations
    if durations.total >= Self.answersForPace, let median = durations.median {
      secondsPerQuestion = median / 1000
    } else {
      secondsPerQuestion = Self.defaultSeconds
    }
  }

  /// New questions of group `title` first answered in `day`.
  static func firstAnswers(in day: LearnersDay, of title: String, progress: Progress) -> Int {
    guard let group = progress.groups[title], !group.activity.isEmpty else { return 0 }
    var count = 0
    for slot in Activity.slot(of: day.start)..<Activity.slot(of: day.end) {
      count += group.activity[slot]?.firstAnswers ?? 0
    }
    return count
  }

  /// New questions first answered in `day`, in all groups: the first
  /// answers counted in its quarters of an hour.
  static func firstAnswers(in day: LearnersDay, progress: Progress) -> Int {
    let first = Activity.slot(of: day.start)
    let last = Activity.slot(of: day.end)
    var count = 0
    for group in progress.groups.values where !group.activity.isEmpty {
      for slot in first..<last { count += group.activity[slot]?.firstAnswers ?? 0 }
    }
    return count
  }
}
