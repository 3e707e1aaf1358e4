import Testing

@testable import MemoQuizKit

/// `optimize`'s simulator chooses each simulated review's due day as the
/// settings choose a recorded answer's: load balancing, Easy Days, and an
/// exam goal's cap.
@Suite struct SimulatorBalancingTests {
  /// 2026-12-01, a Tuesday.
  private static let firstDay = ExamGoal.day(fromISO: "2026-12-01") ?? 0
  private static let weekend = EasyDays(text: "sat,sun") ?? .none

  private static func outcome(_ scheduling: RetentionSimulator.Scheduling) -> RetentionSimulator.Outcome {
    var simulator = RetentionSimulator(histories: [])
    simulator.scheduling = scheduling
    return simulator.simulate(parameters: .default, desiredRetention: 0.9)
  }

  private static func scheduling(
    loadBalance: Bool = false, easyDays: EasyDays = .none, goals: [RetentionSimulator.Scheduling.Goal] = []
  ) -> RetentionSimulator.Scheduling {
    RetentionSimulator.Scheduling(loadBalance: loadBalance, easyDays: easyDays, firstDay: firstDay, goals: goals)
  }

  /// The mean reviews a day on the easy days and on the others, from the
  /// 30th simulated day (the first days hold only first answers' reviews).
  private static func weekdayLoad(_ outcome: RetentionSimulator.Outcome) -> (easy: Double, others: Double) {
    var easy = (sum: 0, days: 0)
    var others = (sum: 0, days: 0)
    for day in 30..<outcome.reviewsByDay.count {
      if weekend.contains(day: firstDay + day) {
        easy = (easy.sum + outcome.reviewsByDay[day], easy.days + 1)
      } else {
        others = (others.sum + outcome.reviewsByDay[day], others.days + 1)
      }
    }
    return (Double(easy.sum) / Double(easy.days), Double(others.sum) / Double(others.days))
  }

  /// The standard deviation of the day-to-day changes of the reviews due:
  /// the collection grows all year, which no choice of days changes.
  private static func unevenness(_ outcome: RetentionSimulator.Outcome) -> Double {
    let days = Array(outcome.reviewsByDay[30...])
    let changes = zip(days.dropFirst(), days).map { Double($0 - $1) }
    let mean = changes.reduce(0, +) / Double(changes.count)
    return (changes.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(changes.count)).squareRoot()
  }

  @Test func withTheSettingsOffTheTableIsFSRSsOwnUnfuzzed() {
    let plain = Self.outcome(.plain)
    let off = Self.outcome(Self.scheduling())
    #expect(off == plain)
    #expect(RetentionSimulator(histories: []).scheduling == .plain)
  }

  @Test func easyDaysTakeTheSimulatedReviewsOffThoseWeekdays() {
    let plain = Self.weekdayLoad(Self.outcome(Self.scheduling()))
    let outcome = Self.outcome(Self.scheduling(easyDays: Self.weekend))
    let easy = Self.weekdayLoad(outcome)
    print(
      "simulated easy days sat,sun: weekend \(easy.easy), other days \(easy.others); off: \(plain.easy), \(plain.others)"
    )
    // Without easy days, a weekend day has about the load of another day.
    #expect(plain.easy > 0.8 * plain.others, "\(plain)")
    // With them, at most half of it (the target), and here far less.
    #expect(easy.easy <= 0.5 * easy.others, "\(easy)")
    #expect(easy.easy < 0.5 * plain.easy, "\(easy) against \(plain)")
  }

  @Test func loadBalancingEvensOutTheSimulatedDays() {
    let plain = Self.outcome(Self.scheduling())
    let balanced = Self.outcome(Self.scheduling(loadBalance: true))
    print(
      "simulated load balancing: day-to-day sd \(Self.unevenness(balanced)) against \(Self.unevenness(plain)); "
        + "reviews a day \(balanced.reviewsPerDay) against \(plain.reviewsPerDay); "
        + "retention \(balanced.expectedRetention) against \(plain.expectedRetention)")
    #expect(
      Self.unevenness(balanced) < 0.75 * Self.unevenness(plain),
      "\(Self.unevenness(balanced)) against \(Self.unevenness(plain))")
    // The work and what it keeps stay about the same.
    #expect(abs(balanced.reviewsPerDay / plain.reviewsPerDay - 1) < 0.05)
    #expect(abs(balanced.expectedRetention - plain.expectedRetention) < 0.01)
  }

  @Test func anExamGoalKeepsItsQuestionsRecalledOnItsDate() throws {
    let date = Self.firstDay + 60
    let goal = ExamGoal(groups: ["G"], day: date, retention: 0.95)
    let plain = Self.outcome(Self.scheduling())
    let aimed = Self.outcome(Self.scheduling(goals: [.init(goal: goal, share: 1)]))
    print(
      "simulated goal at 0.95 on day 60: recall \(aimed.retentionByDay[60]) against \(plain.retentionByDay[60]); "
        + "reviews before \(aimed.reviewsByDay[..<60].reduce(0, +)) against \(plain.reviewsByDay[..<60].reduce(0, +))")
    // On the date, the questions learned so far are recalled better than
    // without the goal, for more reviews before it; after it, the same
    // scheduling as without.
    #expect(
      aimed.retentionByDay[60] > plain.retentionByDay[60] + 0.02,
      "\(aimed.retentionByDay[60]) against \(plain.retentionByDay[60])")
    #expect(aimed.reviewsByDay[..<60].reduce(0, +) > plain.reviewsByDay[..<60].reduce(0, +))
    // A goal over a share of the questions does part of that.
    let half = Self.outcome(Self.scheduling(goals: [.init(goal: goal, share: 0.5)]))
    #expect(half.retentionByDay[60] > plain.retentionByDay[60])
    #expect(half.retentionByDay[60] < aimed.retentionByDay[60])
    // A goal already past changes nothing.
    let past = ExamGoal(groups: ["G"], day: Self.firstDay, retention: 0.95)
    #expect(Self.outcome(Self.scheduling(goals: [.init(goal: past, share: 1)])) == plain)
  }

  @Test func theRecommendationSimulatesWithTheSettings() {
    var simulator = RetentionSimulator(histories: [])
    simulator.scheduling = Self.scheduling(loadBalance: true, easyDays: Self.weekend)
    let recommended = RetentionRecommendation(parameters: .default, simulator: simulator, desiredRetention: 0.9)
    #expect(recommended.current == simulator.simulate(parameters: .default, desiredRetention: 0.9))
    #expect(
      recommended.current != RetentionSimulator(histories: []).simulate(parameters: .default, desiredRetention: 0.9))
  }
}
