import FoundationEssentials

extension QuestionGroupCaretaker {
  /// How `optimize`'s simulator chooses due days with the settings in
  /// effect at `now`: load balancing and Easy Days as set, and each exam
  /// goal still ahead over the share of the questions its groups hold.
  public func simulatedScheduling(at now: Date) -> RetentionSimulator.Scheduling {
    let settings = progress.settings
    let today = LearnersDay.number(containing: Timestamp(now), startingAt: settings.dayStartsAt)
    let all = groups.reduce(0) { $0 + $1.cards.count }
    let goals = progress.examGoals.filter { $0.day > today }.map { goal in
      let covered = groups.filter { goal.groups.contains($0.title) }.reduce(0) { $0 + $1.cards.count }
      return RetentionSimulator.Scheduling.Goal(goal: goal, share: all == 0 ? 0 : Double(covered) / Double(all))
    }
    return RetentionSimulator.Scheduling(
      loadBalance: settings.loadBalance, easyDays: settings.easyDays, firstDay: today, goals: goals)
  }
}
