/// The one review order, of a group's round and of the day's review
/// across groups.
extension ReviewQuestionStrategy {
  /// Plans a review: every card due on learner day `today`, lowest
  /// retrievability first as `scheduler` (the learner's installed
  /// parameters) reckons it, ties in the order of the cards (a review
  /// across groups lists them group by group, in file order); then up to
  /// `newLimit` cards never answered, in the same order; a card whose
  /// sibling was answered today waits.
  /// - Parameters:
  ///   - memory: the memory of each card, in order (`nil` for one never
  ///     answered).
  ///   - question: what a card shares with its siblings (its group and its
  ///     question's identity).
  ///   - groupNewLimit: the group of a card and the new cards that group
  ///     may take, when it has a `new-per-day` of its own.
  /// - Returns: the cards to ask, as indices into `memory`.
  static func order(
    memory: [MemoryState?], today: Int, newLimit: Int, scheduler: MemoryScheduler,
    groupNewLimit: (Int) -> (group: Int, limit: Int)? = { _ in nil }, question: (Int) -> String
  ) -> [Int] {
    var due: [(index: Int, recall: Double)] = []
    var new: [Int] = []
    var newOfGroup: [Int: Int] = [:]
    let buried = Self.buried(memory: memory, today: today, question: question)
    for (index, state) in memory.enumerated() where !buried.contains(index) {
      if let state {
        if state.isDue(onDay: today) { due.append((index, scheduler.retrievability(of: state, onDay: today))) }
      } else if new.count < newLimit {
        if let (group, limit) = groupNewLimit(index) {
          guard newOfGroup[group, default: 0] < limit else { continue }
          newOfGroup[group, default: 0] += 1
        }
        new.append(index)
      }
    }
    due.sort { $0.recall != $1.recall ? $0.recall < $1.recall : $0.index < $1.index }
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
