extension RetentionSimulator {
  /// How a simulated review's due day is chosen beyond FSRS: as the
  /// settings in effect choose a recorded answer's (load balancing, Easy
  /// Days) and as the exam goals ahead cap it.
  public struct Scheduling: Hashable, Sendable {
    /// An exam goal and the share of the learner's questions it covers:
    /// the simulated questions have no groups, so that share of them is
    /// under the goal.
    public struct Goal: Hashable, Sendable {
      public var goal: ExamGoal
      /// From 0 to 1.
      public var share: Double

      public init(goal: ExamGoal, share: Double) {
        self.goal = goal
        self.share = min(max(share, 0), 1)
      }
    }

    /// Whether the reviews already due weigh the days (`load-balance`).
    public var loadBalance: Bool
    /// The weekdays avoided (`easy-days`).
    public var easyDays: EasyDays
    /// The learner day the first simulated day stands for: it gives the
    /// weekdays, and the goals' dates fall that many days in.
    public var firstDay: Int
    /// The goals ahead of ``firstDay``.
    public var goals: [Goal]

    /// FSRS's own intervals, unfuzzed: the simulator as it was before the
    /// settings counted.
    public static let plain = Scheduling(loadBalance: false, easyDays: .none, firstDay: 0, goals: [])

    public init(loadBalance: Bool, easyDays: EasyDays, firstDay: Int, goals: [Goal]) {
      self.loadBalance = loadBalance
      self.easyDays = easyDays
      self.firstDay = firstDay
      self.goals = goals
    }

    /// Whether nothing is chosen.
    var isPlain: Bool { !loadBalance && easyDays.isEmpty && goals.isEmpty }

    var balancer: DueDayBalancer { DueDayBalancer(loadBalance: loadBalance, easyDays: easyDays) }

    /// The goal that governs simulated question `question` on learner day
    /// `day`. The questions are learned in turn, 10 a day, so the hundred
    /// slots of their numbers share them out evenly: the goals take slots in
    /// turn, each as many as its share.
    func goal(of question: Int, onDay day: Int) -> ExamGoal? {
      guard !goals.isEmpty else { return nil }
      let slot = question % 100
      var end = 0
      for goal in goals {
        end += Int((goal.share * 100).rounded())
        if slot < end { return goal.goal.day > day ? goal.goal : nil }
      }
      return nil
    }
  }
}

extension RetentionSimulator.Scheduling {
  /// The settings it simulates, in one line of `optimize`'s report:
  /// `Due days: balancing on, easy days sat,sun, 1 exam goal`.
  var settingsText: String {
    let goals = goals.isEmpty ? "no exam goal" : "\(goals.count) exam goal\(goals.count == 1 ? "" : "s")"
    return "Due days: balancing \(loadBalance ? "on" : "off"), easy days \(easyDays.text), \(goals)"
  }
}
