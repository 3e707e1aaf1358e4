/// The day's review across groups: the same order as a group's review
/// round, over the cards of several groups.
extension ReviewQuestionStrategy {
  /// Plans a round across groups: every card due at `now`, lowest
  /// retrievability first (ties in the order of the groups and the file),
  /// then up to `newLimit` cards never answered, group by group in file
  /// order.
  /// - Parameters:
  ///   - memory: the memory of each card, in order (`nil` for one never
  ///     answered).
  /// - Returns: the cards to ask, as indices into `memory`.
  func planAcross(memory: [MemoryState?], now: Timestamp, newLimit: Int) -> [Int] {
    let scheduler = FSRSScheduler()
    var due: [(index: Int, recall: Double)] = []
    var new: [Int] = []
    for (index, state) in memory.enumerated() {
      if let state {
        if state.due <= now { due.append((index, scheduler.retrievability(of: state, at: now))) }
      } else if new.count < newLimit {
        new.append(index)
      }
    }
    // Ties keep the order of the groups and the file: the sort is stable.
    due.sort { $0.recall < $1.recall }
    return due.map(\.index) + new
  }
}
