/// Choosing the due days of the answers being recorded.
extension ProgressCaretaker {
  /// Gives each new answer of `records` the due day the settings in effect
  /// choose within its fuzz range (``DueDayBalancer``), against the reviews
  /// already due in `progress` and those the earlier answers of `records`
  /// put: the fold reads the day back from the answer, so it is chosen once.
  /// - Parameters:
  ///   - records: the records about to be appended, each answer with its
  ///     learner day already fixed.
  ///   - progress: the state they are appended to, every card's memory in it.
  ///   - load: the reviews due on the days ahead, counted from `progress` on
  ///     the first need of the learner day and kept up to date with the
  ///     answers recorded since: counting every card at every answer would
  ///     slow a large collection's answers down. What other processes or
  ///     machines changed meanwhile counts from the next day or command;
  ///     the choice is recorded, so this changes no machine's due days.
  static func chooseDueDays(_ records: inout [HistoryRecord], in progress: Progress, load: inout ReviewLoad?) {
    let balancer = DueDayBalancer(Settings(progress.settings))
    let goals = ExamGoal.goals(in: progress.settings)
    guard balancer.isActive || !goals.isEmpty else { return }
    // A card answered twice in the same records moves on from its first answer.
    var moved: [String: MemoryState] = [:]
    for (index, record) in records.enumerated() {
      guard case .answer(var answer) = record, answer.origin == nil, answer.due == nil, let day = answer.day
      else { continue }
      let key = RoundMemento.key(group: answer.group, question: answer.question)
      let scheduler = progress.schedulerSettings.scheduler(for: answer.group)
      let previous = moved[key] ?? progress.groups[answer.group]?.questions[answer.question]?.state
      let plain = scheduler.review(previous, rating: answer.rating, at: answer.time, day: day, fuzz: nil)
      let unit = QuestionMemory.fuzz(answer.question, review: plain.reviewCount)
      let goal = ExamGoal.governing(answer.group, onDay: day, in: goals)
      // The day's count starts with its first answer that has days to weigh.
      if load?.first != day && scheduler.fuzzRange(of: plain.interval).count > 1 {
        load = ReviewLoad(progress, from: day)
      }
      let chosen = balancer.interval(
        plain.interval, state: plain, from: day, unit: unit, goal: goal, scheduler: scheduler
      ) { due in
        if load?.first != day { load = ReviewLoad(progress, from: day) }
        return load?.reviews(on: due) ?? 0
      }
      let next = QuestionMemory.schedule(
        previous, rating: answer.rating, at: answer.time, day: day, question: answer.question,
        scheduler: scheduler, due: chosen.map { LearnersDay.day(day, plus: $0) })
      moved[key] = next
      load?.add(day: next.dueDay, removing: previous?.dueDay)
      guard let chosen else { continue }
      answer.due = LearnersDay.day(day, plus: chosen)
      records[index] = .answer(answer)
    }
  }
}

/// How many reviews fall due on each learner day of the weeks ahead, in all
/// groups: what load balancing weighs.
struct ReviewLoad {
  /// The first day counted: the learner day it was counted on.
  let first: Int
  /// Reviews due on `first`, the day after, and so on.
  private var counts: [Int]
  /// Days counted ahead: the longest balanced interval's fuzz range, and more.
  private static let days = 2 * DueDayBalancer.longestBalancedInterval + 20

  /// The reviews due from learner day `day` on, in every card's memory.
  init(_ progress: Progress, from day: Int) {
    first = day
    var counts = [Int](repeating: 0, count: Self.days)
    for group in progress.groups.values {
      for memory in group.questions.values {
        guard let due = memory.state?.dueDay else { continue }
        let offset = due - day
        if offset >= 0 && offset < counts.count { counts[offset] += 1 }
      }
    }
    self.counts = counts
  }

  /// The reviews due on learner day `day`; 0 beyond the days counted.
  func reviews(on day: Int) -> Int {
    let offset = day - first
    return offset >= 0 && offset < counts.count ? counts[offset] : 0
  }

  /// Counts a card now due on `day`, no longer on `old`.
  mutating func add(day: Int, removing old: Int?) {
    if let old, old - first >= 0, old - first < counts.count { counts[old - first] -= 1 }
    let offset = day - first
    if offset >= 0 && offset < counts.count { counts[offset] += 1 }
  }
}
