/// The progress with the memory of every card: what ``ProgressCaretaker/loadMemory()``
/// returns, and the only way to reach a card's memory.
///
/// A progress loaded from the outlook holds each group's due times, not
/// the memory of its cards; holding this value proves the memory was read.
/// It reads the caretaker's state as it is now, answers saved since
/// included: once read, the memory is never given up again.
public struct ProgressWithMemory {
  /// The caretaker whose state holds the memory of every card.
  let caretaker: ProgressCaretaker
  /// The store's word that it holds the memory.
  private let read: ProgressStore.MemoryRead

  /// Made by ``ProgressCaretaker/loadMemory()`` alone, once the memory is read.
  fileprivate init(_ caretaker: ProgressCaretaker, read: ProgressStore.MemoryRead) {
    self.caretaker = caretaker
    self.read = read
  }

  /// The state after every record read so far, with every card's memory.
  var progress: Progress { caretaker.store.state }

  /// Each group's progress with the memory of its cards, by title.
  var groups: [String: GroupProgress] { progress.groups }

  /// What memoquiz remembers of a card, or `nil` for one never answered.
  public func memory(of card: Card, in group: QuestionGroup) -> QuestionMemory? {
    progress.groups[group.title]?.questions[card.identity]
  }

  /// The memory of each of `cards`, cards of `group`, in order (`nil` for
  /// one never answered): the group looked up once, not once a card.
  func memoryStates(of cards: [Card], in group: QuestionGroup) -> [MemoryState?] {
    let memory = progress.groups[group.title]?.questions ?? [:]
    return cards.map { memory[$0.identity]?.state }
  }

  /// The group's answers added up by quarter of an hour, all of them.
  func activity(of title: String) -> [Int64: Activity] { progress.groups[title]?.activity ?? [:] }

  /// Reads what every machine appended since the last read and applies it.
  /// - Throws: ``PersistenceError`` when the history cannot be read.
  func refresh() throws { try caretaker.store.refresh(read) }
}

extension ProgressWithMemory: ProgressOverview {
  func dueIndex(of group: QuestionGroup) -> DueIndex {
    DueIndex(
      cards: group.cards, memory: progress.groups[group.title]?.questions ?? [:],
      controls: progress.groups[group.title]?.controls ?? [:])
  }

  func hasUnfinishedRound(where resumes: (StepID, String, String, Timestamp) -> Bool) -> Bool {
    progress.rounds.values.contains { !$0.isFinished && resumes($0.id, $0.group, $0.strategy, $0.startedAt) }
  }

  func unfinishedRound(where resumes: (StepID, String, String, Timestamp) -> Bool, group: QuestionGroup?)
    -> ProgressOutlook.UnfinishedRound?
  {
    savedRound(where: resumes).map { ProgressOutlook.UnfinishedRound($0, group: group) }
  }

  /// The newest round that still has questions to ask and passes `resumes`.
  func savedRound(where resumes: (StepID, String, String, Timestamp) -> Bool) -> RoundMemento? {
    progress.rounds.values
      .filter { !$0.isFinished && resumes($0.id, $0.group, $0.strategy, $0.startedAt) }
      .max { $0.id.sequence < $1.id.sequence }
  }

  var activityKeptSince: Int64? { nil }
}

extension ProgressCaretaker {
  /// The state with the memory of every card: read from the checkpoint and
  /// the history after it when the outlook stood in for it, else the state
  /// as it is. Commands and views that need any card's memory call this.
  /// - Throws: ``PersistenceError`` when the history cannot be read; the
  ///   outlook stands in as before.
  func loadMemory() throws -> ProgressWithMemory {
    ProgressWithMemory(self, read: try store.loadMemory())
  }

  /// What the group list, the day's plan and the start screen read: the
  /// outlook while it stands in for the memory, else the memory itself.
  var overview: any ProgressOverview {
    switch store.holding {
    case .outlook(let outlook): outlook
    case .memory(let read): ProgressWithMemory(self, read: read)
    }
  }
}
