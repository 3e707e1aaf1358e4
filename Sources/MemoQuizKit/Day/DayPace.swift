/// The learner's own pace, which holds new questions back while reviews
/// pile up.
///
/// A learner who answers about 25 questions a day and has 30 due gains
/// nothing from 20 new ones: they would not be reached, or would push the
/// due ones further out. The pace is the number of answers given on the
/// learner's previous day; what it leaves after today's answers and the
/// cards due now is room for new questions, each counted as 10/9 of an
/// answer (a new question is often missed and asked again at the end of
/// the round). With
/// nothing due, or no answers the day before (a first day, or after a
/// break), nothing is held back, and `new-per-day` alone is the limit. Measured with
/// `Benchmarks/learning.py`, this rule keeps far more a month later than
/// the fixed cap, on both of its simulated learners.
struct DayPace: Sendable, Equatable {
  /// The answers given on the previous learner's day.
  var previousDay: Int
  /// The answers given so far today.
  var today: Int
  /// The cards due now, in all groups.
  var due: Int

  /// The new questions the pace leaves room for, or `nil` when it holds
  /// nothing back (nothing due, or no answers the day before).
  var roomForNew: Int? {
    guard previousDay > 0, due > 0 else { return nil }
    // A new question counts as 10/9 of an answer: 5/4 kept less on both
    // of `Benchmarks/learning.py`'s learners, 1 less on one of them.
    return max(0, previousDay - today - due) * 9 / 10
  }

  /// The pace of `progress` on `day`, whose days start at `hour`: answers are counted from each group's
  /// activity, in the quarters of an hour of the day before and of `day`.
  init(day: LearnersDay, startingAt hour: Int, progress: Progress, due: Int) {
    let previous = LearnersDay(containing: Timestamp(rawValue: day.start.rawValue - 1), startingAt: hour)
    previousDay = Self.answers(from: previous.start, to: previous.end, in: progress)
    today = Self.answers(from: day.start, to: day.end, in: progress)
    self.due = due
  }

  init(previousDay: Int, today: Int, due: Int) {
    self.previousDay = previousDay
    self.today = today
    self.due = due
  }

  private static func answers(from start: Timestamp, to end: Timestamp, in progress: Progress) -> Int {
    let first = Activity.slot(of: start)
    let last = Activity.slot(of: end)
    var count = 0
    for group in progress.groups.values where !group.activity.isEmpty {
      for slot in first..<last { count += group.activity[slot]?.answers ?? 0 }
    }
    return count
  }
}
