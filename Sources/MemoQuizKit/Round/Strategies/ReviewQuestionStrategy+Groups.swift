/// The day's review across groups: the same order as a group's review
/// round, over the cards of several groups.
extension ReviewQuestionStrategy {
  /// Plans a round across groups: every card due on learner day `today`,
  /// lowest retrievability first (ties in the order of the groups and the
  /// file), then up to `newLimit` cards never answered, group by group in
  /// file order; a card whose sibling was answered today waits.
  /// - Parameters:
  ///   - memory: the memory of each card, in order (`nil` for one never
  ///     answered).
  ///   - question: what a card shares with its siblings (its group and its
  ///     question's identity).
  /// - Returns: the cards to ask, as indices into `memory`.
  func planAcross(memory: [MemoryState?], today: Int, newLimit: Int, question: (Int) -> String) -> [Int] {
    let scheduler = FSRSScheduler()
    var due: [(index: Int, recall: Double)] = []
    var new: [Int] = []
    let buried = Self.buried(memory: memory, today: today, question: question)
    for (index, state) in memory.enumerated() where !buried.contains(index) {
      if let state {
        if state.isDue(onDay: today) { due.append((index, scheduler.retrievability(of: state, onDay: today))) }
      } else if new.count < newLimit {
        new.append(index)
      }
    }
    // Ties keep the order of the groups and the file: the sort is stable.
    due.sort { $0.recall < $1.recall }
    return due.map(\.index) + new
  }

  /// The cards whose sibling was answered on learner day `today`: they are
  /// not asked again that day.
  /// - Parameter question: what a card shares with its siblings: a card
  ///   alone in its question buries nothing.
  static func buried(memory: [MemoryState?], today: Int, question: (Int) -> String) -> Set<Int> {
    var answeredToday: [String: Set<Int>] = [:]
    for (index, state) in memory.enumerated() where state?.lastReviewDay == today {
      answeredToday[question(index), default: []].insert(index)
    }
    guard !answeredToday.isEmpty else { return [] }
    var buried = Set<Int>()
    for index in memory.indices {
      if let answered = answeredToday[question(index)], !answered.contains(index) { buried.insert(index) }
    }
    return buried
  }
}
