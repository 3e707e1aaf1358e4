/// A memento of ``Progress`` at a point in the history, so that start-up
/// reads only the records after it instead of replaying years of answers.
///
/// It is derived data, kept under `local/`: when it is missing, damaged or
/// does not match the history files (a file shorter than it says, or
/// replaced), the history is replayed and nothing is lost. The text is
/// ``RecordLine``s: a header, how far each machine's file was read, the
/// marks and changes, then each group followed by its questions, and the
/// open rounds. Every field is range-checked as the history's are.
///
/// The same text without the memory of each card and the rounds' plans,
/// and with a ``ProgressOutlook`` instead, is the outlook (`local/outlook`,
/// in its own version): what `groups`, `today` and the start screen read.
struct ProgressCheckpoint: Equatable, Sendable {
  static let version = 8
  private static let magic = "memoquiz checkpoint"
  private static let questionPrefix = Array("question\t".utf8)

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
    for (id, round) in progress.rounds.sorted(by: { $0.key < $1.key }) where outlook == nil {
      RecordLine.append(
        [
          "round", id.text, round.group, round.strategy, String(round.seed), String(round.startedAt.rawValue),
          round.repeatsMissed ? "1" : "0", String(round.skipped),
        ] + round.plan, to: &text)
      for answer in round.answers {
        RecordLine.append(["answer", answer.step.text, answer.isCorrect ? "1" : "0", answer.question], to: &text)
      }
    }
    outlook?.appendGroupsAndRounds(to: &text)
    // A last line that sums up every byte before it: damage that still
    // parses is noticed, and the history rebuilds the state.
    RecordLine.append(["sum", String(Self.checksum(text[...], key: key?.rawValue ?? 0))], to: &text)
    return text
  }

  /// More bytes than ``encoded()`` writes, as far as a question line and a
  /// round's card can be told apart without writing them.
  private var estimatedSize: Int {
    var size = 64 * 1024
    for group in progress.groups.values {
      size += group.questions.count * (outlook == nil ? 320 : 64) + group.activity.count * 64
    }
    for round in progress.rounds.values where outlook == nil {
      size += round.plan.count * 64 + round.answers.count * 128
    }
    return size
  }

  /// A fast hash of bytes, eight at a time.
  /// - Parameter key: a secret mixed in first and last (the outlook's), so
  ///   that the sum cannot be worked out without it; 0 for none.
  static func checksum(_ bytes: ArraySlice<UInt8>, key: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBytes { raw in
      var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count) ^ key
      var offset = 0
      while offset + 8 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        hash = (hash ^ word) &* 0x100_0000_01B3
        hash ^= hash >> 29
        offset += 8
      }
      while offset < raw.count {
        hash = (hash ^ UInt64(raw[offset])) &* 0x100_0000_01B3
        offset += 1
      }
      guard key != 0 else { return hash }
      hash = (hash ^ key.byteSwapped) &* 0x100_0000_01B3
      hash ^= hash >> 29
      return (hash ^ key) &* 0x9E37_79B9_7F4A_7C15
    }
  }

  /// Where the last line, which sums up the bytes before it, starts; `nil`
  /// when there is no such line or the sum does not hold (with `key`, for
  /// an outlook).
  static func sumStart(of bytes: [UInt8], key: OutlookKey?) -> Int? {
    guard bytes.last == 10, let sumStart = bytes.dropLast().lastIndex(of: 10).map({ $0 + 1 }),
      let sumFields = RecordLine.fields(bytes[sumStart..<(bytes.count - 1)]), sumFields.count == 2,
      sumFields[0] == "sum", UInt64(sumFields[1]) == checksum(bytes[..<sumStart], key: key?.rawValue ?? 0)
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
    // The lines before the sum, read in place.
    let bytes = bytes[..<sumStart]
    do throws(RecordFields.Malformed) {
      var progress = Progress()
      var coverage: [MachineID: HistoryCaretaker.Coverage] = [:]
      var title: String?
      var round: StepID?
      var outlook = isOutlook ? ProgressOutlook(key: 0, groups: [:], activitySince: 0) : nil
      var outlookTitle: String?
      // The memory of the cards of group `title`, which follow its line:
      // gathered here, and moved into the group at the next other line.
      var memories: [String: QuestionMemory] = [:]
      func moveMemories() {
        guard !memories.isEmpty, let title else { return }
        progress.groups[title]?.questions = memories
        memories = [:]
      }
      var start = headerEnd + 1
      while let lineEnd = RecordLine.end(in: bytes, from: start) {
        let line = bytes[start..<lineEnd]
        start = lineEnd + 1
        if isOutlook, RecordLine.line(line, startsWith: ProgressOutlook.duesKind) {
          try outlook?.readDues(line, title: outlookTitle)
          continue
        }
        if !isOutlook, RecordLine.line(line, startsWith: Self.questionPrefix) {
          guard title != nil, let (key, memory) = line.withUnsafeBufferPointer(Self.question) else {
            throw RecordFields.Malformed()
          }
          memories[key] = memory
          continue
        }
        moveMemories()
        if RecordLine.line(line, startsWith: Self.filePrefix) {
          guard let (machine, file) = Self.file(line) else { throw RecordFields.Malformed() }
          coverage[machine] = file
          continue
        }
        guard let list = RecordLine.fields(line) else { throw RecordFields.Malformed() }
        var fields = RecordFields(list)
        let kind = try fields.text()
        switch kind {
        case "state":
          progress.hasBaseline = try fields.flag()
          let time = try fields.optionalTimestamp()
          let id = try fields.optionalStepID()
          if let time, let id { progress.newest = HistoryOrder(time: time, id: id) }
        case "durations":
          let total = try fields.count()
          var values: [Int] = []
          for text in fields.rest() {
            guard let value = Int(text), value >= 0 else { throw RecordFields.Malformed() }
            values.append(value)
          }
          progress.recentDurations = AnswerDurations(values: values, total: total)
        case "undone":
          progress.undone = Set(try Self.stepIDs(fields.rest()))
        case "redoable":
          progress.redoable = try Self.stepIDs(fields.rest())
        case "finished":
          progress.finishedRounds = Set(try Self.stepIDs(fields.rest()))
        case "questions":
          let id = try fields.stepID()
          let base = try fields.optionalStepID()
          let hash = try fields.unsigned()
          let before = try fields.optionalText()
          guard let beforeHash = before.map({ UInt64($0) }) ?? .some(nil) else { throw RecordFields.Malformed() }
          progress.questionsSteps.append(QuestionsStepSummary(id: id, base: base, hash: hash, beforeHash: beforeHash))
        case "setting":
          progress.settingSteps.append(
            SettingStepSummary(id: try fields.stepID(), key: try fields.text(), value: try fields.text()))
        case "undated":
          while !fields.isAtEnd {
            progress.undatedAnswers[try fields.stepID()] = try fields.learnerDay()
          }
        case "days":
          var runs: [LearnerDaysNote.Run] = []
          while !fields.isAtEnd {
            let first = try fields.stepID()
            let last = try fields.sequence()
            guard last >= first.sequence else { throw RecordFields.Malformed() }
            runs.append(LearnerDaysNote.Run(first: first, last: last, day: try fields.learnerDay()))
          }
          progress.learnerDayIndex.add(runs)
        case "group":
          let name = try fields.text()
          var group = GroupProgress()
          group.answerScore = Score(correctCount: try fields.count(), incorrectCount: try fields.count())
          let baselineCorrect = try fields.optionalCount()
          let baselineIncorrect = try fields.optionalCount()
          if let baselineCorrect, let baselineIncorrect {
            group.baseline = Score(correctCount: baselineCorrect, incorrectCount: baselineIncorrect)
          }
          group.isReset = try fields.flag()
          group.lastPlayed = try fields.optionalTimestamp()
          // Room for every question at once: no growing on the way.
          memories.reserveCapacity(min(try fields.count(), bytes.count / 16))
          progress.groups[name] = group
          title = name
        case "lapses":
          guard let title, progress.groups[title] != nil else { throw RecordFields.Malformed() }
          let list = fields.rest()
          guard list.count % 2 == 0 else { throw RecordFields.Malformed() }
          for index in stride(from: 0, to: list.count, by: 2) {
            guard progress.groups[title]?.questions[list[index]] != nil, let lapses = Int(list[index + 1]),
              (1...Score.maximumCount).contains(lapses)
            else { throw RecordFields.Malformed() }
            progress.groups[title]?.questions[list[index]]?.lapses = lapses
          }
        case "mistakes":
          guard let title, progress.groups[title] != nil else { throw RecordFields.Malformed() }
          let question = try fields.text()
          let list = fields.rest()
          guard !list.isEmpty, list.count % 2 == 0 else { throw RecordFields.Malformed() }
          for index in stride(from: 0, to: list.count, by: 2) {
            guard let count = Int(list[index + 1]), (1...Score.maximumCount).contains(count) else {
              throw RecordFields.Malformed()
            }
            progress.groups[title]?.mistakes.counts[question, default: [:]][list[index]] = count
          }
        case "newest-mistake":
          guard let title, progress.groups[title] != nil else { throw RecordFields.Malformed() }
          let question = try fields.text()
          progress.groups[title]?.mistakes.newest[question] = Mistakes.Newest(
            step: try fields.stepID(), typed: try fields.text())
        case "practice":
          guard let title, progress.groups[title] != nil else { throw RecordFields.Malformed() }
          progress.groups[title]?.practice = Score(correctCount: try fields.count(), incorrectCount: try fields.count())
        case "controls":
          guard let title, progress.groups[title] != nil else { throw RecordFields.Malformed() }
          let question = try fields.text()
          var controls = QuestionControls(isSuspended: try fields.flag(), isFlagged: try fields.flag())
          if let day = try fields.optionalText() {
            guard let buried = Int(day), (-LearnersDay.dayRange...LearnersDay.dayRange).contains(buried) else {
              throw RecordFields.Malformed()
            }
            controls.buriedOn = buried
          }
          progress.groups[title]?.controls[question] = controls
        case "activity":
          guard let title, progress.groups[title] != nil else { throw RecordFields.Malformed() }
          let slot = Int64(try fields.integer())
          progress.groups[title]?.activity[slot] = Activity(
            answers: try fields.count(), correct: try fields.count(), dueAnswers: try fields.count(),
            dueCorrect: try fields.count(), firstAnswers: try fields.count())
        case "round":
          let id = try fields.stepID()
          let start = RoundStart(
            id: id, time: Timestamp(rawValue: 0), group: try fields.text(), strategy: try fields.text(),
            seed: try fields.unsigned(), repeatsMissed: false, skipped: 0, plan: [])
          var memento = RoundMemento(start)
          memento.startedAt = try fields.timestamp()
          memento.repeatsMissed = try fields.flag()
          memento.skipped = try fields.count()
          memento.plan = fields.rest()
          progress.rounds[id] = memento
          round = id
          title = nil
        case "answer":
          guard let round, progress.rounds[round] != nil else { throw RecordFields.Malformed() }
          let step = try fields.stepID()
          let isCorrect = try fields.flag()
          let answer = RoundMemento.Answer(step: step, question: try fields.text(), isCorrect: isCorrect)
          progress.rounds[round]?.answers.append(answer)
        default:
          guard try outlook?.read(kind, &fields, title: &outlookTitle) == true else { throw RecordFields.Malformed() }
        }
        guard fields.isAtEnd else { throw RecordFields.Malformed() }
      }
      moveMemories()
      progress.schedulerSettings = SchedulerSettings(progress.settings)
      self.progress = progress
      self.coverage = coverage
      self.outlook = outlook
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

  private static func stepIDs(_ texts: [String]) throws(RecordFields.Malformed) -> [StepID] {
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
