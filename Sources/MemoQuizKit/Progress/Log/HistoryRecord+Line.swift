/// The history file's text form of each record (see ``RecordLine``).
///
/// A record's own identity is its machine's, from the file it is in, and
/// its number, written second; references to other records are written
/// whole (`1a2b3c4d-17`).
extension HistoryRecord {
  /// Appends the record's line to `bytes`: its ``fields``, with the plan
  /// of a round across groups written from its keys as they are.
  func appendLine(to bytes: inout [UInt8]) {
    if case .answer(let a) = self {
      appendAnswerLine(a, to: &bytes)
      return
    }
    guard case .roundStart(let s) = self, s.group.isEmpty else {
      RecordLine.append(fields, to: &bytes)
      return
    }
    let head = roundStartHead(s)
    RecordLine.append(head + s.plan, pairsFrom: head.count, to: &bytes)
  }

  /// Appends an answer's line, its ``fields`` written straight into the
  /// bytes: a pipe of answers saves thousands at a time.
  private func appendAnswerLine(_ a: AnswerStep, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: "answer\t".utf8)
    RecordLine.appendNumber(Int64(id.sequence), to: &bytes)
    bytes.append(0x09)
    RecordLine.appendNumber(a.time.rawValue, to: &bytes)
    bytes.append(0x09)
    RecordLine.appendField(a.group, to: &bytes)
    bytes.append(0x09)
    if let round = a.round { RecordLine.appendStepID(round, to: &bytes) }
    bytes.append(0x09)
    RecordLine.appendField(a.question, to: &bytes)
    bytes.append(0x09)
    RecordLine.appendField(a.prompt, to: &bytes)
    bytes.append(0x09)
    RecordLine.appendField(a.typed, to: &bytes)
    bytes.append(0x09)
    RecordLine.appendNumber(Int64(a.rating.rawValue), to: &bytes)
    bytes.append(0x09)
    RecordLine.appendNumber(Int64(a.duration), to: &bytes)
    if let day = a.day {
      bytes.append(0x09)
      RecordLine.appendField(a.origin ?? "", to: &bytes)
      bytes.append(0x09)
      RecordLine.appendNumber(Int64(day), to: &bytes)
      if let due = a.due {
        bytes.append(0x09)
        RecordLine.appendNumber(Int64(due), to: &bytes)
      }
    } else if let origin = a.origin {
      bytes.append(0x09)
      RecordLine.appendField(origin, to: &bytes)
    }
    bytes.append(0x0A)
  }

  /// The fields of a round's start before its plan.
  private func roundStartHead(_ s: RoundStart) -> [String] {
    [
      "round", String(id.sequence), String(s.time.rawValue), s.group, s.strategy, String(s.seed),
      s.repeatsMissed ? "1" : "0", String(s.skipped),
    ]
  }

  /// The record's fields, the first naming its kind.
  var fields: [String] {
    let sequence = String(id.sequence)
    switch self {
    case .answer(let a):
      return [
        "answer", sequence, String(a.time.rawValue), a.group, a.round?.text ?? "", a.question, a.prompt, a.typed,
        String(a.rating.rawValue), String(a.duration),
      ]
        + (a.day.map { [a.origin ?? "", String($0)] + (a.due.map { [String($0)] } ?? []) } ?? a.origin.map { [$0] }
          ?? [])
    case .confusion(let c):
      return [
        "confusion", sequence, String(c.time.rawValue), c.group, c.round?.text ?? "", c.question, c.prompt, c.typed,
      ]
    case .right(let r):
      return ["right", sequence, String(r.time.rawValue), r.group, r.question, r.target.text]
    case .reset(let r):
      return ["reset", sequence, String(r.time.rawValue)] + r.groups
    case .questionsChange(let c):
      return [
        "questions", sequence, String(c.time.rawValue), c.kind.rawValue, c.base?.text ?? "", c.group ?? "",
        c.summary,
      ] + Self.fields(of: c.contents) + (c.before.map(Self.fields(of:)) ?? ["", ""])
        // A `:synonym` renames nothing: its last fields name the answer.
        + (c.regrade.map { [$0.question, $0.target.text] } ?? c.renames.flatMap { [$0.from, $0.to] })
    case .setting(let s):
      return ["setting", sequence, String(s.time.rawValue), s.key, s.value, s.summary]
    case .undo(let m):
      return ["undo", sequence] + Self.fields(of: m)
    case .redo(let m):
      return ["redo", sequence] + Self.fields(of: m)
    case .roundStart(let s):
      return roundStartHead(s) + RoundMemento.planFields(s.plan, acrossGroups: s.group.isEmpty)
    case .baseline(let b):
      return [
        "baseline", sequence, String(b.time.rawValue), b.group, String(b.score.correctCount),
        String(b.score.incorrectCount), b.lastPlayed.map { String($0.rawValue) } ?? "",
      ]
    case .keptDueDays(let k):
      return ["due", sequence, String(k.time.rawValue), k.target.text]
        + k.cards.flatMap { [$0.group, $0.card, String($0.day)] }
    case .learnerDays(let n):
      return ["days", sequence, String(n.time.rawValue), String(n.hour)]
        + n.runs.flatMap { [$0.first.text, String($0.last), String($0.day)] }
    case .practice(let a):
      return ["practice"] + HistoryRecord.answer(a).fields.dropFirst()
    case .cardControl(let c):
      return [
        c.control.rawValue, sequence, String(c.time.rawValue), c.group, c.question, c.prompt, c.round?.text ?? "",
        String(c.day),
      ]
    }
  }

  private static func fields(of text: QuestionsText) -> [String] {
    switch text {
    case .file(let contents): ["1", contents]
    case .noFile: ["0", ""]
    }
  }

  private static func fields(of mark: StepMark) -> [String] {
    [
      String(mark.time.rawValue), mark.target.text, mark.kind.rawValue, mark.group ?? "", mark.question ?? "",
      mark.inRound ? "1" : "0", mark.round?.text ?? "",
    ]
  }

  /// The most fields a line of a history may have, by the kind its first
  /// field names: a kind of a fixed shape has no more than its fields; a
  /// list (a round's plan, the groups of a reset, kept due days) no more
  /// than ``RecordLine/maximumFields``. A line past it is damaged before
  /// any of its fields becomes a string.
  static func maximumFields(ofLine line: ArraySlice<UInt8>) -> Int {
    let head = line.prefix(32)
    switch String(decoding: head[..<(head.firstIndex(of: 0x09) ?? head.endIndex)], as: UTF8.self) {
    case "answer", "practice": return 13
    case "right", "setting": return 6
    case "confusion": return 8
    case "baseline": return 7
    case "undo", "redo": return 9
    case "suspend", "unsuspend", "bury", "flag", "unflag": return 8
    case MachineHistoryFile.magic: return 4
    default: return RecordLine.maximumFields
    }
  }

  /// The record a line's fields hold.
  /// - Parameter machine: the machine whose file holds the line.
  /// - Throws: ``RecordFields/Malformed`` when they hold no valid record.
  init(fields list: [String], machine: MachineID) throws(RecordFields.Malformed) {
    var fields = RecordFields(list)
    let kind = try fields.text()
    let id = StepID(machine: machine, sequence: try fields.sequence())
    let time = try fields.timestamp()
    switch kind {
    case "answer", "practice":
      // An origin, then a learner day, then a due day, may follow; an
      // earlier release wrote none, the origin alone, or no due day.
      let answer =
        (AnswerStep(
          id: id, time: time, group: try fields.text(), round: try fields.optionalStepID(),
          question: try fields.text(), prompt: try fields.text(), typed: try fields.text(),
          rating: try fields.rating(), duration: try fields.count(),
          origin: fields.isAtEnd ? nil : try fields.optionalText(),
          day: fields.isAtEnd ? nil : try fields.learnerDay(),
          due: fields.isAtEnd ? nil : try fields.learnerDay()))
      self = kind == "practice" ? .practice(answer) : .answer(answer)
    case "due":
      let target = try fields.stepID()
      var cards: [KeptDueDays.Card] = []
      while !fields.isAtEnd {
        cards.append(KeptDueDays.Card(group: try fields.text(), card: try fields.text(), day: try fields.learnerDay()))
      }
      self = .keptDueDays(KeptDueDays(id: id, time: time, target: target, cards: cards))
    case "days":
      guard let hour = Int(try fields.text()), (0...23).contains(hour) else { throw RecordFields.Malformed() }
      self = .learnerDays(LearnerDaysNote(id: id, time: time, hour: hour, runs: try fields.learnerDayRuns()))
    case "confusion":
      self = .confusion(
        ConfusionStep(
          id: id, time: time, group: try fields.text(), round: try fields.optionalStepID(),
          question: try fields.text(), prompt: try fields.text(), typed: try fields.text()))
    case "right":
      self = .right(
        RightStep(
          id: id, time: time, group: try fields.text(), question: try fields.text(), target: try fields.stepID()))
    case "reset":
      self = .reset(ResetStep(id: id, time: time, groups: fields.rest()))
    case "questions":
      guard let kind = StepKind(rawValue: try fields.text()) else { throw RecordFields.Malformed() }
      var step = QuestionsChangeStep(
        id: id, time: time, kind: kind, base: try fields.optionalStepID(), group: try fields.optionalText(),
        summary: try fields.text(), contents: .noFile)
      guard let contents = try Self.questionsText(&fields) else { throw RecordFields.Malformed() }
      step.contents = contents
      step.before = try Self.questionsText(&fields)
      if kind == .synonym {
        step.regrade = QuestionsChangeStep.Regrade(question: try fields.text(), target: try fields.stepID())
      } else {
        let titles = fields.rest()
        guard titles.count % 2 == 0 else { throw RecordFields.Malformed() }
        step.renames = stride(from: 0, to: titles.count, by: 2).map {
          GroupRename(from: titles[$0], to: titles[$0 + 1])
        }
      }
      self = .questionsChange(step)
    case "setting":
      self = .setting(
        SettingStep(id: id, time: time, key: try fields.text(), value: try fields.text(), summary: try fields.text()))
    case "undo":
      self = .undo(try Self.mark(&fields, id: id, time: time))
    case "redo":
      self = .redo(try Self.mark(&fields, id: id, time: time))
    case "round":
      let group = try fields.text()
      let strategy = try fields.text()
      let seed = try fields.unsigned()
      let repeatsMissed = try fields.flag()
      let skipped = try fields.count()
      self = .roundStart(
        RoundStart(
          id: id, time: time, group: group, strategy: strategy, seed: seed, repeatsMissed: repeatsMissed,
          skipped: skipped, plan: try RoundMemento.plan(fromFields: fields.rest(), acrossGroups: group.isEmpty)))
    case "baseline":
      self = .baseline(
        ScoreBaseline(
          id: id, time: time, group: try fields.text(),
          score: Score(correctCount: try fields.count(), incorrectCount: try fields.count()),
          lastPlayed: try fields.optionalTimestamp()))
    case "suspend", "unsuspend", "bury", "flag", "unflag":
      guard let control = CardControl(rawValue: kind) else { throw RecordFields.Malformed() }
      self = .cardControl(
        CardControlStep(
          id: id, time: time, control: control, group: try fields.text(), question: try fields.text(),
          prompt: try fields.text(), round: try fields.optionalStepID(), day: try fields.learnerDay()))
    default:
      throw RecordFields.Malformed()
    }
    guard fields.isAtEnd else { throw RecordFields.Malformed() }
  }

  /// A questions text: a flag (`1` a file, `0` none, empty for not given)
  /// and the text.
  private static func questionsText(_ fields: inout RecordFields) throws(RecordFields.Malformed) -> QuestionsText? {
    let flag = try fields.text()
    let text = try fields.text()
    switch flag {
    case "1": return .file(text)
    case "0": return .noFile
    case "": return nil
    default: throw RecordFields.Malformed()
    }
  }

  private static func mark(_ fields: inout RecordFields, id: StepID, time: Timestamp) throws(RecordFields.Malformed)
    -> StepMark
  {
    let target = try fields.stepID()
    guard let kind = StepKind(rawValue: try fields.text()) else { throw RecordFields.Malformed() }
    return StepMark(
      id: id, time: time, target: target, kind: kind, group: try fields.optionalText(),
      question: try fields.optionalText(), inRound: try fields.flag(), round: try fields.optionalStepID())
  }
}

extension RecordFields {
  /// A record's number in its file: from 1 to ``StepID/maximumSequence``.
  mutating func sequence() throws(Malformed) -> Int {
    guard let value = Int(try text()), (1...StepID.maximumSequence).contains(value) else { throw Malformed() }
    return value
  }

  /// A learner day's number, within the days a file may hold.
  mutating func learnerDay() throws(Malformed) -> Int {
    guard let value = Int(try text()), (-LearnersDay.dayRange...LearnersDay.dayRange).contains(value) else {
      throw Malformed()
    }
    return value
  }

  /// The rest of the fields as runs of answers and their learner day:
  /// `FIRST LAST DAY`, each the first step, the last one's sequence
  /// number (not before the first's) and the day.
  mutating func learnerDayRuns() throws(Malformed) -> [LearnerDaysNote.Run] {
    var runs: [LearnerDaysNote.Run] = []
    while !isAtEnd {
      let first = try stepID()
      let last = try sequence()
      guard last >= first.sequence else { throw Malformed() }
      runs.append(LearnerDaysNote.Run(first: first, last: last, day: try learnerDay()))
    }
    return runs
  }

  mutating func stepID() throws(Malformed) -> StepID {
    guard let id = StepID(text: try text()) else { throw Malformed() }
    return id
  }

  mutating func optionalStepID() throws(Malformed) -> StepID? {
    guard let text = try optionalText() else { return nil }
    guard let id = StepID(text: text) else { throw Malformed() }
    return id
  }
}
