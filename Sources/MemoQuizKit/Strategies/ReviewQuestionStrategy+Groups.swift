/// The day's review across groups: the same order as a group's review
/// round, over the questions of several groups.
extension ReviewQuestionStrategy {
  /// Plans a round across `groups`: every question due at `now`, lowest
  /// retrievability first (ties in the order of the groups and the file),
  /// then up to `newLimit` questions never answered, group by group in file
  /// order.
  /// - Parameter memory: the memory of each question of a group, in order.
  /// - Returns: the questions as indices: of the group in `groups`, and of
  ///   the question in the group.
  func planAcross(
    groups: [QuestionGroup], now: Timestamp, newLimit: Int, memory: (QuestionGroup) -> [MemoryState?]
  ) -> [(group: Int, question: Int)] {
    let scheduler = FSRSScheduler()
    var due: [(group: Int, question: Int, recall: Double)] = []
    var new: [(group: Int, question: Int)] = []
    for (groupIndex, group) in groups.enumerated() {
      for (index, state) in memory(group).enumerated() {
        if let state {
          if state.due <= now { due.append((groupIndex, index, scheduler.retrievability(of: state, at: now))) }
        } else if new.count < newLimit {
          new.append((groupIndex, index))
        }
      }
    }
    // Ties keep the order of the groups and the file: the sort is stable.
    due.sort { $0.recall < $1.recall }
    return due.map { ($0.group, $0.question) } + new
  }
}
