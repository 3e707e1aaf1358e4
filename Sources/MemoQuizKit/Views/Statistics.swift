import FoundationEssentials

/// Progress over time, added up from the answers in the history: days
/// practised, streaks, retention, a forecast of reviews and the weakest
/// questions. Days are learner days, in the command's time zone.
public struct Statistics: Sendable {
  /// The answers of one learner day.
  public struct Day: Sendable, Encodable {
    public let day: LocalDay
    public var answers = 0
    public var correct = 0
    var dueAnswers = 0
    var dueCorrect = 0

    private enum CodingKeys: String, CodingKey { case date, answers, correct }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(day.isoText, forKey: .date)
      try container.encode(answers, forKey: .answers)
      try container.encode(correct, forKey: .correct)
    }
  }

  /// One day of the forecast.
  public struct DueDay: Sendable, Encodable {
    public let day: LocalDay
    public let due: Int

    private enum CodingKeys: String, CodingKey { case date, due }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(day.isoText, forKey: .date)
      try container.encode(due, forKey: .due)
    }
  }

  /// A question among the weakest.
  public struct WeakQuestion: Sendable, Encodable {
    public let group: String
    public let prompt: String
    public let incorrectCount: Int
    public let retrievability: Double?
    /// Whether the last answer was wrong and less than a day ago, when the
    /// retrievability still stands near 100% because the answer was just
    /// shown.
    public var missedRecently = false

    private enum CodingKeys: String, CodingKey { case group, prompt, incorrectCount, retrievability }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(group, forKey: .group)
      try container.encode(prompt, forKey: .prompt)
      try container.encode(incorrectCount, forKey: .incorrectCount)
      try container.encode(retrievability, forKey: .retrievability)
    }
  }

  /// The reviews of due questions in one week (Monday to Sunday, local
  /// days) and how many were right: the retention the learner reached.
  public struct WeekRetention: Sendable, Encodable {
    /// The Monday the week starts on.
    public let week: LocalDay
    public let reviews: Int
    public let correct: Int
    /// The share right, or `nil` without reviews.
    public var retention: Double? { reviews == 0 ? nil : Double(correct) / Double(reviews) }

    private enum CodingKeys: String, CodingKey { case week, reviews, correct, retention }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(week.isoText, forKey: .week)
      try container.encode(reviews, forKey: .reviews)
      try container.encode(correct, forKey: .correct)
      try container.encode(retention, forKey: .retention)
    }
  }

  /// How many weeks the retention by week covers, this one included.
  public static let retentionWeeks = 8
  /// How many days the recent figures cover.
  public static let recentDays = 30
  /// How many days the forecast covers.
  public static let forecastDays = 14

  /// Every day with answers, oldest first.
  public let days: [Day]
  public let today: LocalDay
  public let currentStreak: Int
  public let longestStreak: Int
  /// Correct answers among reviews of due questions over the last 30 days,
  /// or `nil` when there were none.
  public let retention: Double?
  /// How many reviews of due questions the retention counts.
  public let dueReviews: Int
  public let forecast: [DueDay]
  public let weakest: [WeakQuestion]
  /// The retention reached in each of the last ``retentionWeeks`` weeks,
  /// oldest first, beside the one the scheduler aims at.
  public let retentionByWeek: [WeekRetention]
  /// The `desired-retention` setting in effect.
  public let desiredRetention: Double
  /// The pairs of questions most often confused, most frequent first.
  public let confusions: [Confusion]
  /// The cards that keep lapsing.
  public let leeches: [Leech]
  /// The practice answers (`memoquiz cram`) in effect, counted apart: no
  /// other figure holds them.
  public let practice: Score

  /// The statistics of the groups at `indices` at `now`.
  /// - Throws: ``PersistenceError`` when the memory of the cards cannot be read.
  public init(caretaker: QuestionGroupCaretaker, indices: [Int], now: Date) throws {
    let memory = try caretaker.loadMemory()
    let today = LocalDay(number: caretaker.learnerDay(at: now))
    self.today = today
    let groups = indices.map { caretaker.groups[$0] }

    // Answers by learner day, from the quarter hours they were counted in:
    // a day starts at `day-starts-at`, as the scheduler's does.
    let hour = caretaker.progress.settings.dayStartsAt
    var byDay: [LocalDay: Day] = [:]
    for group in groups {
      for (slot, activity) in memory.activity(of: group.title) {
        let start = Timestamp(rawValue: slot * Activity.slotLength)
        let day = LocalDay(number: LearnersDay.number(containing: start, startingAt: hour))
        var entry = byDay[day] ?? Day(day: day)
        entry.answers += activity.answers
        entry.correct += activity.correct
        entry.dueAnswers += activity.dueAnswers
        entry.dueCorrect += activity.dueCorrect
        byDay[day] = entry
      }
    }
    let days = byDay.values.filter { $0.answers > 0 }.sorted { $0.day < $1.day }
    self.days = days

    // Streaks of days with at least one answer. Today without answers yet
    // does not break the current one.
    var longest = 0
    var run = 0
    var previous: LocalDay?
    for day in days where day.day <= today {
      run = previous.map { $0.advanced(by: 1) == day.day } == true ? run + 1 : 1
      longest = max(longest, run)
      previous = day.day
    }
    let lastDay = previous
    currentStreak = lastDay.map { today.number - $0.number <= 1 } == true ? run : 0
    longestStreak = longest

    let recent = days.filter { $0.day > today.advanced(by: -Self.recentDays) && $0.day <= today }
    let reviews = recent.reduce(0) { $0 + $1.dueAnswers }
    dueReviews = reviews
    retention = reviews == 0 ? nil : Double(recent.reduce(0) { $0 + $1.dueCorrect }) / Double(reviews)
    desiredRetention = caretaker.scheduler.desiredRetention
    let thisWeek = today.advanced(by: -today.weekday)
    retentionByWeek = (0..<Self.retentionWeeks).map { index in
      let monday = thisWeek.advanced(by: 7 * (index - Self.retentionWeeks + 1))
      let week = days.filter { $0.day >= monday && $0.day < monday.advanced(by: 7) && $0.day <= today }
      return WeekRetention(
        week: monday, reviews: week.reduce(0) { $0 + $1.dueAnswers }, correct: week.reduce(0) { $0 + $1.dueCorrect })
    }

    // Questions falling due on each of the next learner days; overdue ones
    // today.
    var dueCounts = [Int](repeating: 0, count: Self.forecastDays)
    let learnerToday = today.number
    for group in groups {
      for card in group.cards {
        guard let due = memory.memory(of: card, in: group)?.state?.dueDay else { continue }
        let offset = max(0, LearnersDay.days(from: learnerToday, to: due))
        if offset < Self.forecastDays { dueCounts[offset] += 1 }
      }
    }
    forecast = dueCounts.enumerated().map {
      DueDay(day: LocalDay(number: learnerToday).advanced(by: $0.offset), due: $0.element)
    }

    let scheduler = caretaker.scheduler
    var weak: [WeakQuestion] = []
    for group in groups {
      for card in group.cards {
        guard let memory = memory.memory(of: card, in: group) else { continue }
        let recall = memory.state.map { scheduler.retrievability(of: $0, onDay: learnerToday) }
        // A question never missed and well remembered is not weak.
        guard memory.incorrectCount > 0 || (recall ?? 1) < 0.9 else { continue }
        var entry = WeakQuestion(
          group: group.title, prompt: card.prompt, incorrectCount: memory.incorrectCount,
          retrievability: recall)
        if let last = memory.lastAnswer, last.rating == .again {
          entry.missedRecently = last.day == learnerToday
        }
        weak.append(entry)
      }
    }
    weakest = Array(
      weak.sorted {
        $0.incorrectCount != $1.incorrectCount
          ? $0.incorrectCount > $1.incorrectCount : ($0.retrievability ?? 1) < ($1.retrievability ?? 1)
      }
      .prefix(10))
    confusions = Self.confusions(caretaker: caretaker, memory: memory, indices: indices)
    leeches = Self.leeches(caretaker: caretaker, memory: memory, indices: indices)
    practice = groups.reduce(Score()) { $0.adding(memory.groups[$1.title]?.practice ?? Score()) }
  }

  /// The answers and correct answers of the last 30 days.
  public var recent: (answers: Int, correct: Int) {
    days.filter { $0.day > today.advanced(by: -Self.recentDays) && $0.day <= today }
      .reduce((0, 0)) { ($0.0 + $1.answers, $0.1 + $1.correct) }
  }

  // MARK: - JSON

  private struct JSONForm: Encodable {
    let days: [Day]
    let currentStreak: Int
    let longestStreak: Int
    let retention: Double?
    let forecast: [DueDay]
    let weakest: [WeakQuestion]
    let desiredRetention: Double
    let retentionByWeek: [WeekRetention]
    let confusions: [Confusion]
    let leeches: [Leech]
    let practice: Score

    private enum CodingKeys: String, CodingKey {
      case days, currentStreak, longestStreak, retention, forecast, weakest, desiredRetention, retentionByWeek
      case confusions, leeches
      case practice
    }

    private enum PracticeKeys: String, CodingKey {
      case count, correct
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(days, forKey: .days)
      try container.encode(currentStreak, forKey: .currentStreak)
      try container.encode(longestStreak, forKey: .longestStreak)
      // `null` when there is none, rather than leaving the key out.
      try container.encode(retention, forKey: .retention)
      try container.encode(forecast, forKey: .forecast)
      try container.encode(weakest, forKey: .weakest)
      try container.encode(desiredRetention, forKey: .desiredRetention)
      try container.encode(retentionByWeek, forKey: .retentionByWeek)
      try container.encode(confusions, forKey: .confusions)
      try container.encode(leeches, forKey: .leeches)
      var practiceContainer = container.nestedContainer(keyedBy: PracticeKeys.self, forKey: .practice)
      try practiceContainer.encode(practice.answeredCount, forKey: .count)
      try practiceContainer.encode(practice.correctCount, forKey: .correct)
    }
  }

  /// The statistics as one JSON object, as the contract names its fields.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let form = JSONForm(
      days: days, currentStreak: currentStreak, longestStreak: longestStreak, retention: retention,
      forecast: forecast, weakest: weakest, desiredRetention: desiredRetention, retentionByWeek: retentionByWeek,
      confusions: confusions, leeches: leeches, practice: practice)
    return String(decoding: try encoder.encode(form), as: UTF8.self) + "\n"
  }
}
