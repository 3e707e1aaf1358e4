/// A memento of ``Progress`` at a point in the history, so that start-up
/// reads only the records after it instead of replaying years of answers.
///
/// It is derived data, kept under `local/`: when it is missing, damaged or
/// does not match the history files (a file shorter than it says, or
/// replaced), the history is replayed and nothing is lost. The text is
/// ``RecordLine``s: a header, how far each machine's file was read, the
/// marks and changes, then each group followed by its questions, and the
/// open rounds and each machine's newest finished one. Every field is
/// range-checked as the history's are.
///
/// The same text without the memory of each card and the rounds' plans,
/// and with a ``ProgressOutlook`` instead, is the outlook (`local/outlook`,
/// in its own version): what `groups`, `today` and the start screen read.
struct ProgressCheckpoint: Equatable, Sendable {
  static let version = 10
  private static let magic = "memoquiz checkpoint"
  static let questionPrefix = Array("question\t".utf8)

  var progress: Progress
  /// How far each machine's file was read.
  var coverage: [MachineID: HistoryCaretaker.Coverage]
  /// For an outlook, what it holds instead of each card's memory; `nil` for
  /// a checkpoint.
  var outlook: ProgressOutlook?

  /// A checkpoint that cannot be read.
  struct Damaged: Error {}
  /// A checkpoint of an older format: the history is replayed instead.
  struct Older: Error {}

  /// The text of the checkpoint, or of the outlook.
  /// - Parameter key: for an outlook, the folder's ``OutlookKey``, which
  ///   its sum is keyed with.
  func encoded(key: OutlookKey? = nil) -> [UInt8] {
    var text: [UInt8] = []
    // Room for every line at once: a buffer of many megabytes that grows
    // is held twice while it is copied. Room never written to takes no memory.
    text.reserveCapacity(estimatedSize)
    text += "\(outlook == nil ? "\(Self.magic) \(Self.version)" : ProgressOutlook.header)\n".utf8
    for (machine, file) in coverage.sorted(by: { $0.key < $1.key }) {
      RecordLine.append(Self.fileFields(machine: machine, coverage: file), to: &text)
    }
    // Right after the files: what the outlook is for reads from its start.
    outlook?.appendKey(to: &text)
    RecordLine.append(
      [
        "state", progress.hasBaseline ? "1" : "0", progress.newest.map { String($0.time.rawValue) } ?? "",
        progress.newest?.id.text ?? "",
      ], to: &text)
    RecordLine.append(
      ["durations", String(progress.recentDurations.total)] + progress.recentDurations.values.map { String($0) },
      to: &text)
    RecordLine.append(["undone"] + progress.undone.sorted().map(\.text), to: &text)
    RecordLine.append(["redoable"] + progress.redoable.map(\.text), to: &text)
    RecordLine.append(["finished"] + progress.finishedRounds.sorted().map(\.text), to: &text)
    for step in progress.questionsSteps {
      RecordLine.append(
        [
          "questions", step.id.text, step.base?.text ?? "", String(step.hash),
          step.beforeHash.map { String($0) } ?? "",
        ], to: &text)
    }
    for step in progress.settingSteps {
      RecordLine.append(["setting", step.id.text, step.key, step.value], to: &text)
    }
    for rename in progress.settingRenames {
      RecordLine.append(
        ["renamed", rename.id.text, String(rename.position)] + rename.renames.flatMap { [$0.from, $0.to] }, to: &text)
    }
    if !progress.undatedAnswers.isEmpty {
      RecordLine.append(
        ["undated"] + progress.undatedAnswers.sorted { $0.key < $1.key }.flatMap { [$0.key.text, String($0.value)] },
        to: &text)
    }
    if !progress.learnerDayIndex.isEmpty {
      RecordLine.append(
        ["days"] + progress.learnerDayIndex.runs.flatMap { [$0.first.text, String($0.last), String($0.day)] },
        to: &text)
    }
    for (title, group) in progress.groups {
      RecordLine.append(
        [
          "group", title, String(group.answerScore.correctCount), String(group.answerScore.incorrectCount),
          group.baseline.map { String($0.correctCount) } ?? "", group.baseline.map { String($0.incorrectCount) } ?? "",
          group.isReset ? "1" : "0", group.lastPlayed.map { String($0.rawValue) } ?? "",
          String(group.questions.count),
        ], to: &text)
      for (key, memory) in group.questions where outlook == nil {
        Self.appendQuestionLine(key: key, memory: memory, to: &text)
      }
      if outlook == nil { Self.appendJudging(of: group, to: &text) }
      if outlook == nil, group.practice != Score() {
        RecordLine.append(
          ["practice", String(group.practice.correctCount), String(group.practice.incorrectCount)], to: &text)
      }
      // The outlook's due counts have the controls in them already.
      for (question, controls) in group.controls.sorted(by: { $0.key < $1.key }) where outlook == nil {
        RecordLine.append(
          [
            "controls", question, controls.isSuspended ? "1" : "0", controls.isFlagged ? "1" : "0",
            controls.buriedOn.map { String($0) } ?? "",
          ], to: &text)
      }
      for (slot, activity) in group.activity.sorted(by: { $0.key < $1.key })
      where slot >= outlook?.activitySince ?? .min {
        RecordLine.append(
          [
            "activity", String(slot), String(activity.answers), String(activity.correct),
            String(activity.dueAnswers), String(activity.dueCorrect), String(activity.firstAnswers),
          ], to: &text)
      }
    }
    // The outlook keeps what the listing shows of each round, not its plan.
    if outlook == nil {
      for (_, round) in progress.rounds.sorted(by: { $0.key < $1.key }) { Self.append(round, as: "round", to: &text) }
      for (_, round) in progress.lastFinishedRounds.sorted(by: { $0.key < $1.key }) {
        Self.append(round, as: "ended", to: &text)
      }
    }
    outlook?.appendGroupsAndRounds(to: &text)
    // A last line that sums up every byte before it: damage that still
    // parses is noticed, and the history rebuilds the state.
    RecordLine.append(["sum", String(ContentHash.of(text, key: key?.rawValue ?? 0))], to: &text)
    return text
  }

  /// A round's line (`round` for an open one, `ended` for a machine's
  /// newest finished one), then a line for each of its answers.
  private static func append(_ round: RoundMemento, as kind: String, to text: inout [UInt8]) {
    RecordLine.append(
      [
        kind, round.id.text, round.group, round.strategy, String(round.seed), String(round.startedAt.rawValue),
        round.repeatsMissed ? "1" : "0", String(round.skipped),
      ] + round.plan, to: &text)
    for answer in round.answers {
      RecordLine.append(["answer", answer.step.text, answer.isCorrect ? "1" : "0", answer.question], to: &text)
    }
  }

  /// More bytes than ``encoded()`` writes, as far as a question line and a
  /// round's card can be told apart without writing them.
  private var estimatedSize: Int {
    var size = 64 * 1024
    for group in progress.groups.values {
      size += group.questions.count * (outlook == nil ? 320 : 64) + group.activity.count * 64
    }
    for round in Array(progress.rounds.values) + progress.lastFinishedRounds.values where outlook == nil {
      size += round.plan.count * 64 + round.answers.count * 128
    }
    return size
  }

  /// Where the last line, which sums up the bytes before it, starts; `nil`
  /// when there is no such line or the sum does not hold (with `key`, for
  /// an outlook).
  static func sumStart(of bytes: [UInt8], key: OutlookKey?) -> Int? {
    guard bytes.last == 10, let sumStart = bytes.dropLast().lastIndex(of: 10).map({ $0 + 1 }),
      let sumFields = RecordLine.fields(bytes[sumStart..<(bytes.count - 1)]), sumFields.count == 2,
      sumFields[0] == "sum", UInt64(sumFields[1]) == ContentHash.of(bytes[..<sumStart], key: key?.rawValue ?? 0)
    else { return nil }
    return sumStart
  }

  /// Reads a checkpoint, or with `outlook` an outlook.
  /// - Parameter key: for an outlook, the key its sum was made with.
  /// - Throws: ``Damaged`` or ``Older``.
  init(bytes: [UInt8], outlook isOutlook: Bool = false, key: OutlookKey? = nil) throws {
    // The last line must be whole.
    guard bytes.last == 10, let headerEnd = bytes.firstIndex(of: 10) else { throw Damaged() }
    guard let header = String(validating: bytes[..<headerEnd], as: UTF8.self),
      case let magic = isOutlook ? ProgressOutlook.magic : Self.magic,
      header.hasPrefix(magic + " "), let version = Int(header.dropFirst(magic.count + 1))
    else { throw Damaged() }
    // A newer memoquiz's checkpoint is derived data too: replay.
    guard version == (isOutlook ? ProgressOutlook.version : Self.version) else { throw Older() }
    guard let sumStart = Self.sumStart(of: bytes, key: key) else { throw Damaged() }
    do throws(RecordFields.Malformed) {
      // The lines before the sum, read in place.
      var reader = Reader(isOutlook: isOutlook)
      try reader.read(bytes[(headerEnd + 1)..<sumStart])
      self.progress = reader.progress
      self.coverage = reader.coverage
      self.outlook = reader.outlook
    } catch {
      throw Damaged()
    }
  }

  /// The lines of what judging typed answers needs of a group: each
  /// card's lapses (for leeches) and the wrong answers (for confusions).
  private static func appendJudging(of group: GroupProgress, to text: inout [UInt8]) {
    var lapses: [String] = []
    for (key, memory) in group.questions where memory.lapses > 0 {
      lapses += [key, String(memory.lapses)]
    }
    if !lapses.isEmpty { RecordLine.append(["lapses"] + lapses, to: &text) }
    for (question, counts) in group.mistakes.counts {
      let pairs = counts.flatMap { [$0.key, String($0.value)] }
      RecordLine.append(["mistakes", question] + pairs, to: &text)
    }
    for (question, newest) in group.mistakes.newest {
      RecordLine.append(["newest-mistake", question, newest.step.text, newest.typed], to: &text)
    }
  }

  static func stepIDs(_ texts: [String]) throws(RecordFields.Malformed) -> [StepID] {
    var ids: [StepID] = []
    for text in texts {
      guard let id = StepID(text: text) else { throw RecordFields.Malformed() }
      ids.append(id)
    }
    return ids
  }

  init(
    progress: Progress, coverage: [MachineID: HistoryCaretaker.Coverage], outlook: ProgressOutlook? = nil
  ) {
    self.progress = progress
    self.coverage = coverage
    self.outlook = outlook
  }
}
