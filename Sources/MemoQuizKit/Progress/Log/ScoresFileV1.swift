import FoundationEssentials

/// The first release's `scores.json`: every group's score and every
/// unfinished round, keyed by group title. It is read once, carried over
/// into the history, and kept as `scores.v1.json`.
struct ScoresFileV1: VersionedMemento, Equatable {
  static let currentVersion = 1

  /// One group's score, with the time it was last played.
  struct Entry: Codable, Equatable {
    var correctCount: Int
    var incorrectCount: Int
    var lastPlayed: Date?
  }

  /// An unfinished round: its strategy, seed and the answers given (one
  /// character each, `1` correct, `0` incorrect).
  struct Round: Codable, Equatable {
    var strategy: String
    var seed: UInt64
    var questionCount: Int
    var fingerprint: String
    var answers: String
    var startedAt: Date
  }

  var version = Self.currentVersion
  var scores: [String: Entry] = [:]
  var rounds: [String: Round] = [:]

  private enum CodingKeys: String, CodingKey {
    case version, scores, rounds
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
    scores = try container.decodeIfPresent([String: Entry].self, forKey: .scores) ?? [:]
    rounds = try container.decodeIfPresent([String: Round].self, forKey: .rounds) ?? [:]
    let counts = scores.values.flatMap { [$0.correctCount, $0.incorrectCount] }
    guard counts.allSatisfy({ (0...Score.maximumCount).contains($0) }) else {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a count out of range"))
    }
  }

  /// Carries the file over into the history: a baseline score for each
  /// group, and each unfinished round at the same position, then keeps the
  /// file as `scores.v1.json`. A damaged file is moved aside with a warning.
  static func carryOver(
    into progress: ProgressCaretaker, groups: [QuestionGroup], onWarning: (String) -> Void
  ) throws {
    let folder = progress.folder
    let disk = DiskCaretaker(folder: folder)
    let file: ScoresFileV1
    do {
      guard let loaded = try disk.load(ScoresFileV1.self, from: folder.scoresFile) else { return }
      file = loaded
    } catch is DiskCaretaker.DamagedFile {
      let aside = DurableFile.asideName(for: folder.scoresFile, label: "damaged", now: Timestamp(Date()))
      try folder.withLock { try DurableFile.move(folder.scoresFile, to: aside) }
      onWarning(
        "\(folder.scoresFile) was damaged and could not be read; it was kept as \(aside), and scores start again from zero"
      )
      return
    }
    let now = Timestamp(Date())
    try progress.perform { state, ids in
      // Another process may have carried it over already.
      guard !state.hasBaseline else { return ([], ()) }
      var records: [HistoryRecord] = []
      for (title, entry) in file.scores.sorted(by: { $0.key < $1.key }) {
        records.append(
          .baseline(
            ScoreBaseline(
              id: ids[records.count], time: now, group: title,
              score: Score(correctCount: entry.correctCount, incorrectCount: entry.incorrectCount),
              lastPlayed: entry.lastPlayed.map(Timestamp.init))))
      }
      if records.isEmpty {
        records.append(.baseline(ScoreBaseline(id: ids[0], time: now, group: "", score: Score(), lastPlayed: nil)))
      }
      for (title, round) in file.rounds.sorted(by: { $0.key < $1.key }) {
        guard let group = groups.first(where: { $0.title == title }), round.questionCount == group.questions.count,
          let strategy = QuestionStrategies.named(round.strategy), !strategy.repeatsMissed
        else { continue }
        let context = RoundPlanContext(
          questions: group.questions, seed: round.seed, memory: [], now: now, newLimit: 0)
        let plan = strategy.plan(context).map { group.questions[$0].identity }
        let answered = round.answers.utf8.count
        guard answered < plan.count else { continue }
        records.append(
          .roundStart(
            RoundStart(
              id: ids[records.count], time: Timestamp(round.startedAt), group: title, strategy: strategy.name,
              seed: round.seed, repeatsMissed: false, skipped: answered, plan: plan)))
      }
      return (records, ())
    }
    let kept = folder.path + "/scores.v1.json"
    try folder.withLock {
      if DurableFile.exists(folder.scoresFile) { try DurableFile.move(folder.scoresFile, to: kept) }
    }
  }
}
