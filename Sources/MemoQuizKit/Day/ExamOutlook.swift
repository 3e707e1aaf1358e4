import FoundationEssentials

/// Where an exam goal stands today: the days left, the predicted recall on
/// its date, and the new questions it still needs introduced.
public struct ExamOutlook: Sendable {
  public let goal: ExamGoal
  /// Learner days from today to the date.
  public let daysLeft: Int
  /// The mean predicted recall on the date over the goal's questions (from
  /// the learner's own parameters), one never answered counting 0.
  public let predicted: Double
  /// The questions (cards) of the goal's groups.
  public let questions: Int
  /// Those never answered yet.
  public let unanswered: Int
  /// Those first answered today.
  public let newToday: Int
  /// The `new-per-day` setting: what the learner takes on a day unasked.
  public let newPerDaySetting: Int
  /// The goal's groups that no group is called now: renamed by hand in
  /// the questions file, or removed.
  public var missing: [String] = []

  /// How many times `new-per-day` (taken as at least 1) a goal may need
  /// before it is out of reasonable reach.
  public static let reasonableNewFactor = 3

  /// New questions a day the goal needs from today so that each is answered
  /// on two learner days before the date: the last day before it is kept
  /// for their second answers. `nil` when none is left to introduce.
  public var newPerDay: Int? {
    guard unanswered > 0, daysLeft >= 2 else { return nil }
    let days = daysLeft - 1
    return (unanswered + newToday + days - 1) / days
  }

  /// New questions the goal still needs introduced today, whatever
  /// `new-per-day`, the 10 a group's round takes or the pace would allow:
  /// today's share of those not yet answered, less those first answered
  /// today already.
  public var newNeededToday: Int {
    guard unanswered > 0 else { return 0 }
    guard daysLeft >= 2 else { return unanswered }
    let days = daysLeft - 1
    return max(0, (unanswered + newToday + days - 1) / days - newToday)
  }

  /// Whether the date cannot be met: new questions are left with fewer
  /// than two learner days before it.
  public var isImpossible: Bool { unanswered > 0 && daysLeft < 2 }

  /// Whether the date can be met only at an unreasonable pace: the new
  /// questions it needs a day are more than ``reasonableNewFactor`` times
  /// `new-per-day` (taken as at least 1). They are still offered.
  public var isBeyondReach: Bool {
    guard !isImpossible, let newPerDay else { return false }
    return newPerDay > Self.reasonableNewFactor * max(newPerDaySetting, 1)
  }

  /// `Exam in 12 days (2026-12-20): predicted recall 0.87 over 120 questions`,
  /// and what the goal asks of the day, or that its groups are gone.
  /// - Parameter wording: how it names the command that ends the goal.
  public func text(wording: NextStepWording = .plain) -> String {
    guard let gone = missing.first else { return progressText }
    let names = missing.map(TextSanitizer.sanitized).joined(separator: ", ")
    let called = missing.count == 1 ? "no group is called \(names)" : "no groups are called \(names)"
    return progressText + "; \(called) now: \(wording.text(.clearExam(group: gone))) ends the goal"
  }

  /// ``text(wording:)`` for groups that are there.
  private var progressText: String {
    let days = daysLeft == 1 ? "1 day" : "\(daysLeft) days"
    var text =
      "Exam in \(days) (\(goal.dateText)): predicted recall \(Self.twoDecimals(predicted)) over "
      + "\(questions) \(questions == 1 ? "question" : "questions")"
    if isImpossible {
      text +=
        "; the date cannot be met: \(unanswered) \(unanswered == 1 ? "question" : "questions") never answered "
        + "\(unanswered == 1 ? "needs" : "need") answers on two learner days before it and "
        + "\(daysLeft == 1 ? "1 is" : "\(daysLeft) are") left; it would take \(2 * unanswered) answers today"
    } else if isBeyondReach, let newPerDay {
      text +=
        "; the date is out of reasonable reach: it needs \(newPerDay) new a day, more than "
        + "\(Self.reasonableNewFactor) times new-per-day (\(newPerDaySetting)), about \(2 * newPerDay) answers a day "
        + "for them alone (\(unanswered) not yet answered, \(newNeededToday) more today)"
    } else if let newPerDay {
      text +=
        "; \(newPerDay) new a day to meet it (\(unanswered) not yet answered, \(newNeededToday) more today, "
        + "beyond new-per-day if need be)"
    }
    return text
  }

  static func twoDecimals(_ value: Double) -> String { Setting.twoDecimals(max(0, min(1, value))) }
}

extension QuestionGroupCaretaker {
  /// Each exam goal still ahead at `now`, as it stands.
  public func examOutlooks(at now: Date) throws -> [ExamOutlook] {
    let goals = progress.examGoals
    let today = LearnersDay.number(containing: Timestamp(now), startingAt: progress.settings.dayStartsAt)
    let ahead = goals.filter { $0.day > today }
    guard !ahead.isEmpty else { return [] }
    let memory = try loadMemory()
    let scheduler = memory.progress.scheduler
    let learnersDay = LearnersDay(containing: Timestamp(now), startingAt: progress.settings.dayStartsAt)
    return ahead.map { goal in
      let newToday = goal.groups.reduce(0) {
        $0 + DayPlan.firstAnswers(in: learnersDay, of: $1, progress: memory.progress)
      }
      var questions = 0
      var unanswered = 0
      var recall = 0.0
      for group in groups where goal.groups.contains(group.title) {
        let cards = group.cards
        for state in memory.memoryStates(of: cards, in: group) {
          questions += 1
          guard let state else {
            unanswered += 1
            continue
          }
          recall += scheduler.retrievability(of: state, onDay: goal.day)
        }
      }
      var outlook = ExamOutlook(
        goal: goal, daysLeft: goal.day - today, predicted: questions == 0 ? 0 : recall / Double(questions),
        questions: questions, unanswered: unanswered, newToday: newToday,
        newPerDaySetting: progress.settings.newPerDay)
      outlook.missing = goal.groups.filter { title in !groups.contains { $0.title == title } }
      return outlook
    }
  }
}

extension QuestionGroupCaretaker {
  /// The title whose goals `exam --clear NAME` ends: the group
  /// ``groupIndex(named:)`` finds, or, when no group is called NAME (case
  /// aside), a title a goal names that no group is called now.
  public func examTitle(named name: String) throws(QuestionFileError) -> String {
    let wanted = TextSanitizer.withoutInvisibles(name).trimmingWhitespace.lowercased()
    func folded(_ title: String) -> String { TextSanitizer.withoutInvisibles(title).lowercased() }
    if !groups.contains(where: { folded($0.title) == wanted }),
      let gone = progress.examGoals.flatMap(\.groups).first(where: { title in
        folded(title) == wanted && !groups.contains { $0.title == title }
      })
    {
      return gone
    }
    return groups[try groupIndex(named: name)].title
  }

  /// The new questions of `group` the exam goals covering it still need
  /// introduced today (``ExamOutlook/newNeededToday``), shared out in the
  /// order of the goal's groups; 0 without a goal.
  func examNewNeededToday(of group: String, at now: Date) throws -> Int {
    var needed = 0
    for outlook in try examOutlooks(at: now) where outlook.goal.groups.contains(group) {
      var left = outlook.newNeededToday
      for title in outlook.goal.groups {
        guard left > 0, let found = groups.first(where: { $0.title == title }) else { break }
        let new = found.cards.count - dueIndexForExam(found).dues.count
        let share = min(new, left)
        if title == group {
          needed = max(needed, share)
          break
        }
        left -= share
      }
    }
    return needed
  }

  /// The group's due index from every card's memory.
  private func dueIndexForExam(_ group: QuestionGroup) -> DueIndex {
    (try? loadMemory()).map {
      DueIndex(cards: group.cards, memory: $0.progress.groups[group.title]?.questions ?? [:])
    } ?? .empty
  }
}
