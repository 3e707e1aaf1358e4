import FoundationEssentials

/// Exam goals as steps: `memoquiz exam GROUP... --on DATE` and `exam --clear`.
extension ProgressCaretaker {
  /// The goals in effect, the nearest date first.
  public var examGoals: [ExamGoal] { ExamGoal.goals(in: progressWithoutMemory.settings) }

  /// Sets a goal, as a step; a goal of the same groups is replaced.
  /// - Returns: whether anything changed.
  @discardableResult
  public func setExam(_ goal: ExamGoal, at time: Date) throws -> Bool {
    try perform { progress, ids in
      guard progress.settings[goal.key] != goal.value else { return ([], false) }
      let summary =
        "exam \(goal.groups.joined(separator: ", ")) on \(goal.dateText) (recall \(Setting.twoDecimals(goal.retention)))"
      let step = SettingStep(
        id: ids[0], time: ids.after(Timestamp(time)), key: goal.key, value: goal.value, summary: summary)
      return ([.setting(step)], true)
    }
  }

  /// Ends every goal that covers `group`, each as a step.
  /// - Returns: the goals ended.
  @discardableResult
  public func clearExams(covering group: String, at time: Date) throws -> [ExamGoal] {
    try perform { progress, ids in
      let ended = ExamGoal.goals(in: progress.settings).filter { $0.groups.contains(group) }
      var records: [HistoryRecord] = []
      let stamp = ids.after(Timestamp(time))
      for (offset, goal) in ended.enumerated() {
        records.append(
          .setting(
            SettingStep(
              id: ids[offset], time: stamp, key: goal.key, value: "",
              summary: "exam --clear \(goal.groups.joined(separator: ", "))")))
      }
      return (records, ended)
    }
  }
}
