/// The history file's text form of each record (see ``RecordLine``).
extension HistoryRecord {
  /// The record's fields, the first naming its kind.
  var fields: [String] {
    switch self {
    case .answer(let a):
      return [
        "answer", String(a.id), String(a.time.rawValue), a.group, String(a.round), a.question, a.prompt, a.typed,
        String(a.rating.rawValue), String(a.duration),
      ]
    case .right(let r):
      return ["right", String(r.id), String(r.time.rawValue), r.group, r.question, String(r.target)]
    case .reset(let r):
      return ["reset", String(r.id), String(r.time.rawValue)] + r.groups
    case .questionsChange(let c):
      return [
        "questions", String(c.id), String(c.time.rawValue), c.kind.rawValue, String(c.snapshot), c.group ?? "",
        c.summary,
      ] + c.renames.flatMap { [$0.from, $0.to] }
    case .undo(let m):
      return ["undo"] + Self.fields(of: m)
    case .redo(let m):
      return ["redo"] + Self.fields(of: m)
    case .roundStart(let s):
      return [
        "round", String(s.round), String(s.time.rawValue), s.group, s.strategy, String(s.seed),
        s.repeatsMissed ? "1" : "0", String(s.skipped),
      ] + s.plan
    case .baseline(let b):
      return [
        "baseline", String(b.time.rawValue), b.group, String(b.score.correctCount), String(b.score.incorrectCount),
        b.lastPlayed.map { String($0.rawValue) } ?? "",
      ]
    }
  }

  private static func fields(of mark: StepMark) -> [String] {
    [
      String(mark.time.rawValue), String(mark.target), mark.kind.rawValue, mark.group ?? "", mark.question ?? "",
      mark.snapshot.map(String.init) ?? "",
    ]
  }

  /// The record a line's fields hold.
  /// - Throws: ``RecordFields/Malformed`` when they hold no valid record.
  init(fields list: [String]) throws(RecordFields.Malformed) {
    var fields = RecordFields(list)
    switch try fields.text() {
    case "answer":
      self = .answer(
        AnswerStep(
          id: try fields.count(), time: try fields.timestamp(), group: try fields.text(), round: try fields.count(),
          question: try fields.text(), prompt: try fields.text(), typed: try fields.text(),
          rating: try fields.rating(), duration: try fields.count()))
    case "right":
      self = .right(
        RightStep(
          id: try fields.count(), time: try fields.timestamp(), group: try fields.text(),
          question: try fields.text(), target: try fields.count()))
    case "reset":
      let id = try fields.count()
      let time = try fields.timestamp()
      self = .reset(ResetStep(id: id, time: time, groups: fields.rest()))
    case "questions":
      let id = try fields.count()
      let time = try fields.timestamp()
      guard let kind = StepKind(rawValue: try fields.text()) else { throw RecordFields.Malformed() }
      var step = QuestionsChangeStep(
        id: id, time: time, kind: kind, snapshot: try fields.count(), group: try fields.optionalText(),
        summary: try fields.text())
      let titles = fields.rest()
      guard titles.count % 2 == 0 else { throw RecordFields.Malformed() }
      step.renames = stride(from: 0, to: titles.count, by: 2).map { GroupRename(from: titles[$0], to: titles[$0 + 1]) }
      self = .questionsChange(step)
    case "undo":
      self = .undo(try Self.mark(&fields))
    case "redo":
      self = .redo(try Self.mark(&fields))
    case "round":
      let round = try fields.count()
      let time = try fields.timestamp()
      let group = try fields.text()
      let strategy = try fields.text()
      let seed = try fields.unsigned()
      let repeatsMissed = try fields.flag()
      let skipped = try fields.count()
      self = .roundStart(
        RoundStart(
          round: round, time: time, group: group, strategy: strategy, seed: seed, repeatsMissed: repeatsMissed,
          skipped: skipped, plan: fields.rest()))
    case "baseline":
      self = .baseline(
        ScoreBaseline(
          time: try fields.timestamp(), group: try fields.text(),
          score: Score(correctCount: try fields.count(), incorrectCount: try fields.count()),
          lastPlayed: try fields.optionalTimestamp()))
    default:
      throw RecordFields.Malformed()
    }
    guard fields.isAtEnd else { throw RecordFields.Malformed() }
  }

  private static func mark(_ fields: inout RecordFields) throws(RecordFields.Malformed) -> StepMark {
    let time = try fields.timestamp()
    let target = try fields.count()
    guard let kind = StepKind(rawValue: try fields.text()) else { throw RecordFields.Malformed() }
    return StepMark(
      time: time, target: target, kind: kind, group: try fields.optionalText(), question: try fields.optionalText(),
      snapshot: try fields.optionalCount())
  }
}
