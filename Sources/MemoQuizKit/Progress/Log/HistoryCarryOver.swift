import FoundationEssentials
@preconcurrency import Glibc

/// Carries a data folder of the second release over: its single
/// `history.log` becomes this machine's file under `history/`, every record
/// kept with its meaning, and its snapshots, lock and checkpoint move under
/// `local/`. The old file is kept as `local/history-2.log`.
///
/// Runs under the folder's lock. A crash at any point leaves either the old
/// folder, which is carried over again, or the new file, which is kept.
struct HistoryCarryOver {
  let folder: DataFolder
  let machine: Machine

  func run() throws {
    let legacy = folder.legacyHistoryFile
    let history = HistoryCaretaker(folder: folder)
    let file = history.file(of: machine.id)
    try folder.createLocal()
    if DurableFile.exists(folder.legacySnapshotsFolder) && !DurableFile.exists(folder.snapshotsFolder) {
      try DurableFile.move(folder.legacySnapshotsFolder, to: folder.snapshotsFolder)
    }
    guard DurableFile.exists(legacy) else { return }
    if !DurableFile.exists(file.path), let bytes = try DurableFile.read(legacy) {
      let records = try convert(Self.legacyRecords(bytes))
      var text = MachineHistoryFile.header(machine: machine.id, name: machine.name)
      for record in records { RecordLine.append(record.fields, to: &text) }
      try folder.createHistory()
      try DurableFile.replace(file.path, with: text)
    }
    try DurableFile.move(
      legacy,
      to: DurableFile.asideName(for: folder.localFolder + "/history-2.log", label: "kept", now: Timestamp(Date())))
    try? FileSystem.remove(folder.legacyCheckpointFile)
    try? FileSystem.remove(folder.legacyLockFile)
  }

  /// Gives every record an identity of this machine, in order, and points
  /// every reference at the new identities.
  private func convert(_ legacy: [LegacyRecord]) throws -> [HistoryRecord] {
    var steps: [Int: StepID] = [:]
    var rounds: [Int: StepID] = [:]
    var records: [HistoryRecord] = []
    let snapshots = SnapshotCaretaker(folder: folder)
    let current = try DurableFile.read(folder.questionsFile)
    func text(_ bytes: [UInt8]?) -> QuestionsText {
      bytes.map { .file(String(decoding: $0, as: UTF8.self)) } ?? .noFile
    }
    // The version each change replaced, from the snapshot taken before it.
    let befores: [QuestionsText?] = legacy.compactMap { record -> QuestionsText?? in
      guard case .questions(_, _, _, let snapshot, _, _, _) = record else { return nil }
      return .some((try? snapshots.load(snapshot)).map { text($0.contents.map { [UInt8]($0) }) })
    }
    var questionsIndex = 0
    var lastQuestions: StepID?
    for record in legacy {
      let id = StepID(machine: machine.id, sequence: records.count + 1)
      switch record {
      case .answer(
        let old, let time, let group, let round, let question, let prompt, let typed, let rating, let duration):
        steps[old] = id
        records.append(
          .answer(
            AnswerStep(
              id: id, time: time, group: group, round: rounds[round], question: question, prompt: prompt,
              typed: typed, rating: rating, duration: duration)))
      case .right(let old, let time, let group, let question, let target):
        steps[old] = id
        guard let target = steps[target] else { continue }
        records.append(.right(RightStep(id: id, time: time, group: group, question: question, target: target)))
      case .reset(let old, let time, let groups):
        steps[old] = id
        records.append(.reset(ResetStep(id: id, time: time, groups: groups)))
      case .questions(let old, let time, let kind, _, let group, let summary, let renames):
        steps[old] = id
        let after = questionsIndex + 1 < befores.count ? befores[questionsIndex + 1] : text(current)
        var step = QuestionsChangeStep(
          id: id, time: time, kind: kind, base: lastQuestions, group: group, summary: summary,
          contents: after ?? text(current))
        if questionsIndex == 0 { step.before = befores.first ?? nil }
        step.renames = renames
        records.append(.questionsChange(step))
        questionsIndex += 1
        lastQuestions = id
      case .mark(let isUndo, let time, let target, let kind, let group, let question):
        guard let target = steps[target] else { continue }
        let round =
          records.lazy.compactMap { record -> StepID?? in
            guard case .answer(let answer) = record, answer.id == target else { return nil }
            return .some(answer.round)
          }.first ?? nil
        let mark = StepMark(
          id: id, time: time, target: target, kind: kind, group: group, question: question, round: round)
        records.append(isUndo ? .undo(mark) : .redo(mark))
      case .round(let old, let time, let group, let strategy, let seed, let repeats, let skipped, let plan):
        rounds[old] = id
        records.append(
          .roundStart(
            RoundStart(
              id: id, time: time, group: group, strategy: strategy, seed: seed, repeatsMissed: repeats,
              skipped: skipped, plan: plan)))
      case .baseline(let time, let group, let score, let lastPlayed):
        records.append(.baseline(ScoreBaseline(id: id, time: time, group: group, score: score, lastPlayed: lastPlayed)))
      }
    }
    // The questions in use stay in use, whatever the snapshots could tell.
    let version = Progress.replaying(records).questionsVersion
    if let version, version.hash != text(current).hash {
      let id = StepID(machine: machine.id, sequence: records.count + 1)
      records.append(
        .questionsChange(
          QuestionsChangeStep(
            id: id, time: records.last?.time ?? Timestamp(Date()), kind: .edit, base: version.step, group: nil,
            summary: "questions.json as carried over", contents: text(current))))
    }
    return records
  }
}

/// A record of the second release's history file.
enum LegacyRecord {
  case answer(Int, Timestamp, String, Int, String, String, String, ReviewRating, Int)
  case right(Int, Timestamp, String, String, Int)
  case reset(Int, Timestamp, [String])
  case questions(Int, Timestamp, StepKind, Int, String?, String, [GroupRename])
  case mark(isUndo: Bool, Timestamp, Int, StepKind, String?, String?)
  case round(Int, Timestamp, String, String, UInt64, Bool, Int, [String])
  case baseline(Timestamp, String, Score, Timestamp?)
}

extension HistoryCarryOver {
  /// Every readable record of a second-release history file; damaged lines
  /// and a torn last line are left out.
  static func legacyRecords(_ bytes: [UInt8]) -> [LegacyRecord] {
    var records: [LegacyRecord] = []
    var start = 0
    var seen = Set<Int>()
    while let newline = RecordLine.end(in: bytes, from: start) {
      defer { start = newline + 1 }
      guard let list = RecordLine.fields(bytes[start..<newline]), let record = try? legacyRecord(list) else {
        continue
      }
      // A step repeated by a copy counts once.
      switch record {
      case .answer(let id, _, _, _, _, _, _, _, _), .right(let id, _, _, _, _), .reset(let id, _, _),
        .questions(let id, _, _, _, _, _, _):
        guard seen.insert(id).inserted else { continue }
      default: break
      }
      records.append(record)
    }
    return records
  }

  private static func legacyRecord(_ list: [String]) throws(RecordFields.Malformed) -> LegacyRecord {
    var fields = RecordFields(list)
    let record: LegacyRecord
    switch try fields.text() {
    case "answer":
      record = .answer(
        try fields.count(), try fields.timestamp(), try fields.text(), try fields.count(), try fields.text(),
        try fields.text(), try fields.text(), try fields.rating(), try fields.count())
    case "right":
      record = .right(
        try fields.count(), try fields.timestamp(), try fields.text(), try fields.text(), try fields.count())
    case "reset":
      record = .reset(try fields.count(), try fields.timestamp(), fields.rest())
    case "questions":
      let id = try fields.count()
      let time = try fields.timestamp()
      guard let kind = StepKind(rawValue: try fields.text()) else { throw RecordFields.Malformed() }
      let snapshot = try fields.count()
      let group = try fields.optionalText()
      let summary = try fields.text()
      let titles = fields.rest()
      guard titles.count % 2 == 0 else { throw RecordFields.Malformed() }
      let renames = stride(from: 0, to: titles.count, by: 2).map { GroupRename(from: titles[$0], to: titles[$0 + 1]) }
      record = .questions(id, time, kind, snapshot, group, summary, renames)
    case let word where word == "undo" || word == "redo":
      let time = try fields.timestamp()
      let target = try fields.count()
      guard let kind = StepKind(rawValue: try fields.text()) else { throw RecordFields.Malformed() }
      let group = try fields.optionalText()
      let question = try fields.optionalText()
      _ = try fields.optionalCount()
      record = .mark(isUndo: word == "undo", time, target, kind, group, question)
    case "round":
      record = .round(
        try fields.count(), try fields.timestamp(), try fields.text(), try fields.text(), try fields.unsigned(),
        try fields.flag(), try fields.count(), fields.rest())
    case "baseline":
      record = .baseline(
        try fields.timestamp(), try fields.text(),
        Score(correctCount: try fields.count(), incorrectCount: try fields.count()), try fields.optionalTimestamp())
    default:
      throw RecordFields.Malformed()
    }
    guard fields.isAtEnd else { throw RecordFields.Malformed() }
    return record
  }
}
