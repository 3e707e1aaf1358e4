import FoundationEssentials

/// The day's cap on new questions of a group with a `new-per-day` of its own.
extension DayPlan {
  /// New questions group `title` may still take on learner day `day` by
  /// its own `new-per-day`, or `nil` when it has none of its own: the
  /// folder's cap on all groups holds as well.
  static func ownNewLeft(of title: String, in day: LearnersDay, settings: Settings, progress: Progress) -> Int? {
    guard settings.hasOwnNewPerDay(title) else { return nil }
    let cap = settings.of(group: title).newPerDay
    return max(0, cap - firstAnswers(in: day, of: title, progress: progress))
  }
}

extension QuestionGroupCaretaker {
  /// New questions group `title` may still take today by its own
  /// `new-per-day`, or `nil` when it has none of its own.
  func ownNewLeftToday(of title: String, at now: Date) -> Int? {
    let progress = progress.progressWithoutMemory
    let settings = Settings(progress.settings)
    let day = LearnersDay(containing: Timestamp(now), startingAt: settings.dayStartsAt)
    return DayPlan.ownNewLeft(of: title, in: day, settings: settings, progress: progress)
  }
}
