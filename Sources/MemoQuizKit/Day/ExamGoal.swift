/// A goal set with `memoquiz exam GROUP... --on DATE`: until DATE, the
/// questions of those groups are scheduled so that each one's predicted
/// recall on DATE is at least ``retention``.
///
/// A goal is kept in the history as a setting step of its own key (the
/// groups it covers), whose value is the date and the retention, or empty
/// once `exam --clear` ended it: `undo` takes one back as any setting, and
/// `history` names its kind `exam`.
public struct ExamGoal: Hashable, Sendable {
  /// The groups it covers, as they were named.
  public var groups: [String]
  /// DATE's learner day (``LearnersDay/number``): the day it starts on.
  public var day: Int
  /// The predicted recall on DATE it aims at.
  public var retention: Double

  /// The retentions a goal may aim at.
  public static let retentionRange = 0.70...0.99
  /// What the setting keys of goals start with.
  static let keyPrefix = "exam\u{1F}"

  public init(groups: [String], day: Int, retention: Double) {
    self.groups = groups
    self.day = day
    self.retention = retention
  }

  /// The goal a setting's key and value hold, or `nil` for another
  /// setting, or a goal ended.
  init?(key: String, value: String) {
    guard key.hasPrefix(Self.keyPrefix) else { return nil }
    let groups = Self.groups(ofKey: key)
    let parts = value.split(separator: " ")
    guard !groups.isEmpty, parts.count == 2, let day = Self.day(fromISO: String(parts[0])),
      let retention = Double(parts[1]), Self.retentionRange.contains(retention)
    else { return nil }
    self.init(groups: groups, day: day, retention: retention)
  }

  /// The groups a goal's setting key names.
  static func groups(ofKey key: String) -> [String] {
    key.dropFirst(keyPrefix.count).split(separator: "\u{1F}").map(String.init)
  }

  /// Whether a setting's key is a goal's.
  static func isGoalKey(_ key: String) -> Bool { key.hasPrefix(keyPrefix) }

  /// The setting key the goal is kept under.
  var key: String { Self.keyPrefix + groups.joined(separator: "\u{1F}") }

  /// The setting value the goal is kept as: `2026-12-20 0.90`.
  var value: String { "\(dateText) \(Setting.twoDecimals(retention))" }

  /// The retention aimed at, as `0.90`.
  public var retentionText: String { Setting.twoDecimals(retention) }

  /// DATE, as `2026-12-20`.
  public var dateText: String { LocalDay(number: day).isoText }

  /// The goals in effect in the settings `values`, the nearest date first.
  static func goals(in values: [String: String]) -> [ExamGoal] {
    values.compactMap { ExamGoal(key: $0.key, value: $0.value) }.sorted {
      ($0.day, $0.key) < ($1.day, $1.key)
    }
  }

  /// The goal that governs a review of `group` answered on learner day
  /// `day`: the nearest one still ahead that covers the group.
  static func governing(_ group: String, onDay day: Int, in goals: [ExamGoal]) -> ExamGoal? {
    goals.first { $0.day > day && $0.groups.contains(group) }
  }

  /// The day number of a date written `YYYY-MM-DD`, or `nil` when it is no
  /// such date.
  public static func day(fromISO text: String) -> Int? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month),
      (1...31).contains(day)
    else { return nil }
    // Days from the civil date, the inverse of ``LocalDay/date``.
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let number = era * 146_097 + dayOfEra - 719_468
    // 2026-02-30 is no date: it must come back as written.
    return LocalDay(number: number).isoText == text ? number : nil
  }

  /// The interval a review gets under the goal where the final sweep
  /// (``sweep(for:from:stability:scheduler:)``) leaves its day, as in the
  /// sweep itself: the one FSRS gives, unless it would put the review after
  /// DATE with a predicted recall on DATE below the goal's; then half the
  /// days left to DATE (at least one), so that the intervals shrink
  /// smoothly towards the date rather than all at once at its end.
  /// - Parameters:
  ///   - interval: the interval chosen without the goal.
  ///   - day: the review's learner day, before ``day``.
  ///   - state: the card's memory after the review.
  func interval(_ interval: Int, from day: Int, state: MemoryState, scheduler: MemoryScheduler) -> Int {
    let left = self.day - day
    guard left > 0, interval > left,
      scheduler.retrievability(elapsedDays: Double(left), of: state) < retention
    else { return interval }
    return max(1, (left + 1) / 2)
  }
}
