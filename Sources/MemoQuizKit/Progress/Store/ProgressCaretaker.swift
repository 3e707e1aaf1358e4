import FoundationEssentials

/// The caretaker of the learner's steps: performs each change the user makes
/// (an answer, a `:right`, a reset, a setting, a change of the questions,
/// `undo` and `redo`, an installed fit) as records appended to the history,
/// through the ``ProgressStore`` that reads and appends the folder's history.
///
/// Every change runs inside ``perform(_:)``: it takes the data folder's lock
/// once, reads what other processes and machines appended since, builds the
/// new records from the fresh state, and appends them durably. Saving an
/// answer appends one line and never rewrites a file that grows with the
/// history or the number of questions.
public final class ProgressCaretaker {
  /// The folder's history as read so far.
  let store: ProgressStore
  /// The reviews due on the days ahead, as load balancing weighs them
  /// (``chooseDueDays(_:in:load:)``).
  var reviewLoad: ReviewLoad?

  var folder: DataFolder { store.folder }
  var history: HistoryCaretaker { store.history }

  /// Called with each warning the moment it happens, such as a damaged file
  /// moved aside.
  public var onWarning: (String) -> Void {
    get { store.onWarning }
    set { store.onWarning = newValue }
  }

  /// How this progress's texts name what the user can do next.
  public var wording: NextStepWording {
    get { store.wording }
    set { store.wording = newValue }
  }

  /// Set when the state came from the outlook (`local/outlook`): it holds
  /// the due times of each group's cards instead of their memory.
  var outlook: ProgressOutlook? { store.outlook }

  /// How far each machine's file was read.
  var coverage: [MachineID: HistoryCaretaker.Coverage] { store.coverage }

  /// The version of the questions in use and their groups, to write the
  /// outlook of; `nil` when it cannot be told cheaply.
  var questionsInUse: (key: UInt64, groups: [QuestionGroup])? {
    get { store.caches.questionsInUse }
    set { store.caches.questionsInUse = newValue }
  }

  /// The state after every record read so far, without the memory of each
  /// card while the outlook stands in for it: scores, rounds, settings,
  /// the steps in effect, answer times and the newest activity.
  var progressWithoutMemory: Progress { store.state }

  /// Whether ``progressWithoutMemory`` holds the memory of every card too:
  /// always, unless the progress was loaded from the outlook and
  /// ``loadMemory()`` was not called since. Readers of the memory hold the
  /// ``ProgressWithMemory`` that ``loadMemory()`` returns instead of asking.
  var hasMemory: Bool { store.outlook == nil }

  /// The identities the records of one change take: this machine's next numbers.
  typealias NewIDs = ProgressStore.NewIDs

  /// Loads the progress: the checkpoint, then the history after it.
  /// - Throws: ``PersistenceError`` when a file cannot be read or is from a
  ///   newer memoquiz.
  /// - Parameter wording: how its texts name what the user can do next.
  public convenience init(
    folder: DataFolder, wording: NextStepWording = .plain, onWarning: @escaping (String) -> Void = { _ in }
  ) throws {
    try self.init(
      folder: folder, checkpoint: ProgressCaches.readCheckpoint(in: folder), wording: wording, onWarning: onWarning)
  }

  init(
    folder: DataFolder, checkpoint: ProgressCaches.CheckpointRead, wording: NextStepWording = .plain,
    onWarning: @escaping (String) -> Void
  ) throws {
    store = try ProgressStore(folder: folder, checkpoint: checkpoint, wording: wording, onWarning: onWarning)
  }

  /// Loads the progress from an outlook that reaches as far as every
  /// history file (``ProgressCaches/readOutlookOrCheckpoint(in:)`` checked
  /// it), for the questions with `key`; the memory of each card is read
  /// when first needed.
  /// - Parameter leftOut: the entries of `history/` left out, which it
  ///   warns of.
  /// - Returns: `nil` when the outlook is for other questions.
  init?(
    folder: DataFolder, outlook: ProgressCheckpoint, key: UInt64?, leftOut: [String] = [],
    wording: NextStepWording = .plain, onWarning: @escaping (String) -> Void
  ) {
    guard
      let store = ProgressStore(
        folder: folder, outlook: outlook, key: key, leftOut: leftOut, wording: wording, onWarning: onWarning)
    else {
      return nil
    }
    self.store = store
  }

  /// This folder's machine, made on first need.
  func machine() throws(PersistenceError) -> Machine { try store.machine() }

  /// Forgets the machine and the state read, after the machine was replaced.
  func forgetMachine() { store.forgetMachine() }

  /// This folder's machine identity if it has one yet, without making one.
  var existingMachine: MachineID? { store.existingMachine }

  /// Changes the progress: under the folder's lock, brings the state up to
  /// date, asks `change` for the records to append (numbered with the
  /// identities it is given), and appends them durably before returning.
  /// - Returns: what `change` returned.
  @discardableResult
  func perform<Result>(_ change: (Progress, NewIDs) throws -> (records: [HistoryRecord], result: Result)) throws
    -> Result
  {
    try locked {
      // A change is built from the whole state: every card's memory.
      try loadMemory().refresh()
      let ids = try store.nextIDs()
      var (records, result) = try change(store.state, ids)
      guard !records.isEmpty else { return result }
      // Each answer's learner day is fixed now, by this machine's local time
      // and the `day-starts-at` in effect.
      let hour = Settings(store.state.settings).dayStartsAt
      for (index, record) in records.enumerated() {
        switch record {
        case .answer(var answer) where answer.day == nil:
          answer.day = LearnersDay.number(containing: answer.time, startingAt: hour)
          records[index] = .answer(answer)
        case .practice(var practice) where practice.day == nil:
          practice.day = LearnersDay.number(containing: practice.time, startingAt: hour)
          records[index] = .practice(practice)
        default:
          continue
        }
      }
      Self.chooseDueDays(&records, in: store.state, load: &reviewLoad)
      try store.append(records, numberedFrom: ids)
      return result
    }
  }

  /// Writes a new checkpoint when the history has grown enough past the old
  /// one (or was replayed), and the outlook when it fell behind
  /// (``ProgressCaches``). Commands call this when their work is done and
  /// shown, off the answer path and off start-up.
  /// - Parameter work: what the command does meanwhile, such as showing
  ///   what it did: the caches are encoded on a second thread while it runs.
  public func saveCheckpointIfDue(while work: () throws -> Void = {}) throws {
    try store.saveCachesIfDue(while: work)
  }

  /// Runs `body` holding the folder's lock, taking it unless this caretaker
  /// holds it already (the lock is not reentrant).
  func locked<Result>(_ body: () throws -> Result) throws -> Result {
    try store.locked(body)
  }

  /// Every record of the history, in merged order, as `history` and `undo` need.
  func allRecords() throws -> [HistoryRecord] {
    try store.allRecords()
  }
}
