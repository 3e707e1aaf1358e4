import FoundationEssentials

extension QuestionGroupCaretaker {
  /// `plan` with each group under an exam goal taking the new questions the
  /// goal needs today (``examNewNeededToday(of:at:)``) when the cap gives it
  /// fewer: what `review` and the group's round will offer.
  /// - Parameter exams: the goals ahead at `now`; with none, `plan` as it is.
  public func dayPlan(_ plan: DayPlan, withExams exams: [ExamOutlook], at now: Date) throws -> DayPlan {
    guard !exams.isEmpty else { return plan }
    var plan = plan
    for index in plan.groups.indices
    where exams.contains(where: { $0.goal.groups.contains(plan.groups[index].title) }) {
      let needed = try examNewNeededToday(of: plan.groups[index].title, at: now)
      plan.groups[index].new = max(plan.groups[index].new, needed)
    }
    return plan
  }
}
