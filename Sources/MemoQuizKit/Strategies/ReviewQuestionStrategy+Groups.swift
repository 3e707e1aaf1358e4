/// The day's review across groups: the same order as a group's review
/// round, over the questions of several groups.
extension ReviewQuestionStrategy {
  /// Plans a round across `groups`: every question due at `now`, lowest
  /// retrievability first (ties in the order of the groups and the file),
  /// then up to `newLimit` questions never answered, group by group in file
  /// order.
  /// - Parameter memory: the memory of a question of a group.
  /// - Returns: the questions as ``RoundMemento/key(group:question:)``s,
  ///   each once.
  func planAcross(
    groups: [QuestionGroup], now: Timestamp, newLimit: Int, memory: (Question, QuestionGroup) -> MemoryState?
  ) -> [String] {
    let scheduler = FSRSScheduler()
    var due: [(key: String, recall: Double, order: Int)] = []
    var new: [String] = []
    var seen = Set<String>()
    var order = 0
    for group in groups {
      for question in group.questions {
        let key = RoundMemento.key(group: group.title, question: question.identity)
        guard seen.insert(key).inserted else { continue }
        order += 1
        if let state = memory(question, group) {
          if state.due <= now { due.append((key, scheduler.retrievability(of: state, at: now), order)) }
        } else if new.count < newLimit {
          new.append(key)
        }
      }
    }
    due.sort { $0.recall != $1.recall ? $0.recall < $1.recall : $0.order < $1.order }
    return due.map(\.key) + new
  }
}
