import FoundationEssentials

/// The memento kept in `scores.json`: every group's score and every
/// unfinished round, keyed by group title.
///
/// Scores and rounds share one file so that an answer's score and the round's
/// new position are written by one atomic replace: after a crash, either both
/// are on disk or neither is.
struct ScoreBook: VersionedMemento, Equatable {
  static let currentVersion = 1

  /// One group's score, with the time it was last played.
  struct Entry: Codable, Equatable {
    var correctCount: Int
    var incorrectCount: Int
    var lastPlayed: Date?

    var score: Score {
      get { Score(correctCount: correctCount, incorrectCount: incorrectCount) }
      set {
        correctCount = newValue.correctCount
        incorrectCount = newValue.incorrectCount
      }
    }

    init(score: Score, lastPlayed: Date? = nil) {
      correctCount = score.correctCount
      incorrectCount = score.incorrectCount
      self.lastPlayed = lastPlayed
    }
  }

  var version = Self.currentVersion
  var scores: [String: Entry] = [:]
  var rounds: [String: RoundMemento] = [:]

  init() {}

  private enum CodingKeys: String, CodingKey {
    case version, scores, rounds
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
    scores = try container.decodeIfPresent([String: Entry].self, forKey: .scores) ?? [:]
    rounds = try container.decodeIfPresent([String: RoundMemento].self, forKey: .rounds) ?? [:]
  }
}
