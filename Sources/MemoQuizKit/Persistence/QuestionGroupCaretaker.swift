import FoundationEssentials

/// Loads the question groups and keeps their scores: the caretaker of the
/// ``QuestionGroup`` originators.
///
/// The groups come from the user's `questions.json`, or from the bundled set
/// when there is none. Scores come from `scores.json`, keyed by title, and
/// are merged into the groups. Scores of groups that left the questions file
/// stay in `scores.json` until a reset.
public struct QuestionGroupCaretaker: Sendable {
  /// Where the groups came from.
  public enum Source: Sendable, Equatable {
    /// The user's questions file, at this path.
    case file(String)
    /// The set compiled into memoquiz.
    case bundled
  }

  public let folder: DataFolder
  public private(set) var groups: [QuestionGroup]
  public let source: Source
  /// Things the user should know that did not stop the load, such as a
  /// damaged scores file moved aside.
  public private(set) var warnings: [String] = []
  let disk: DiskCaretaker
  /// The scores memento as last read or written.
  private(set) var book: ScoreBook
  /// The scores each group's file carried, used until `scores.json` has one.
  private let carriedScores: [String: Score]

  /// Loads the groups and their scores.
  /// - Throws: ``QuestionFileError`` when `questions.json` is invalid or
  ///   unreadable; ``PersistenceError`` when `scores.json` cannot be read.
  public init(folder: DataFolder) throws {
    self.folder = folder
    disk = DiskCaretaker(folder: folder)
    if let bytes = try DurableFile.read(folder.questionsFile) {
      groups = try Self.groups(from: bytes, file: folder.questionsFile)
      source = .file(folder.questionsFile)
    } else {
      groups = try Self.bundledGroups()
      source = .bundled
    }
    carriedScores = Dictionary(groups.map { ($0.title, $0.score) }, uniquingKeysWith: { first, _ in first })
    book = ScoreBook()
    book = try loadBook()
    mergeScores()
  }

  /// The bundled groups, decoded from the text compiled into the binary.
  public static func bundledGroups() throws -> [QuestionGroup] {
    try groups(from: Array(BundledQuestionGroupData.json.utf8), file: "bundled QuestionGroupData.json")
  }

  /// Reads groups from a questions file's bytes.
  /// - Throws: ``QuestionFileError/invalid(file:diagnostics:)`` with every problem.
  static func groups(from bytes: [UInt8], file: String) throws(QuestionFileError) -> [QuestionGroup] {
    let questionFile = QuestionFile(bytes: bytes)
    guard let groups = questionFile.groups else {
      throw .invalid(file: file, diagnostics: questionFile.diagnostics)
    }
    return groups
  }

  // MARK: - Finding groups

  /// The index of the group a user named by title (ignoring case) or by the
  /// number `groups` shows.
  /// - Throws: ``QuestionFileError/noSuchGroup(_:titles:)``.
  public func groupIndex(named name: String) throws(QuestionFileError) -> Int {
    let trimmed = name.trimmingWhitespace
    if let number = Int(trimmed), (1...groups.count).contains(number) { return number - 1 }
    let lowered = trimmed.lowercased()
    if let index = groups.firstIndex(where: { $0.title.lowercased() == lowered }) { return index }
    throw .noSuchGroup(name, titles: groups.map(\.title))
  }

  // MARK: - Scores

  /// When each group was last played, by title.
  public func lastPlayed(_ title: String) -> Date? { book.scores[title]?.lastPlayed }

  /// The unfinished round of a group, if there is one.
  public func unfinishedRound(of title: String) -> RoundMemento? { book.rounds[title] }

  /// Changes the scores memento inside the folder's lock: reads the newest
  /// `scores.json`, applies `change`, and writes it back durably before
  /// returning. Changes are expressed against the newest file, so another
  /// process's answers are never lost.
  @discardableResult
  mutating func updateBook<Result>(_ change: (inout ScoreBook) throws -> Result) throws -> Result {
    let (result, newBook) = try disk.withLock { () throws -> (Result, ScoreBook) in
      var book = try loadBook()
      let result = try change(&book)
      try disk.save(book, to: folder.scoresFile)
      return (result, book)
    }
    book = newBook
    mergeScores()
    return result
  }

  /// Changes one group's score entry and round in the newest scores memento,
  /// starting from the score its questions file carried when `scores.json`
  /// has none yet.
  private mutating func updateEntry(
    of title: String, round: RoundMemento?, _ change: @escaping (inout ScoreBook.Entry) -> Void
  ) throws {
    let carried = carriedScores[title] ?? Score()
    try updateBook { book in
      var entry = book.scores[title] ?? ScoreBook.Entry(score: carried)
      change(&entry)
      book.scores[title] = entry
      book.rounds[title] = round
    }
  }

  /// Saves graded answers and the round's new state in one durable write.
  /// - Parameters:
  ///   - results: each answer's correctness, in order.
  ///   - round: the round after those answers, or `nil` when it is finished.
  public mutating func record(_ results: [Bool], for title: String, round: RoundMemento?, at time: Date) throws {
    try updateEntry(of: title, round: round) { entry in
      for correct in results { entry.score.record(correct: correct) }
      entry.lastPlayed = time
    }
  }

  /// Takes back one graded answer and saves the round stepped back.
  public mutating func retract(correct: Bool, for title: String, round: RoundMemento) throws {
    try updateEntry(of: title, round: round) { entry in entry.score.retract(correct: correct) }
  }

  /// Saves a newly started round, so that it resumes in the same order even
  /// if the first answer never comes.
  public mutating func saveNewRound(_ round: RoundMemento, for title: String) throws {
    try updateBook { book in book.rounds[title] = round }
  }

  /// Sets the scores of the given groups back to zero and drops their
  /// unfinished rounds, after saving a snapshot of `scores.json`.
  /// - Parameter titles: the groups to reset.
  /// - Parameter reason: the snapshot's reason, such as "before reset of Hiragana".
  public mutating func reset(titles: [String], reason: String) throws {
    let snapshots = SnapshotCaretaker(folder: folder)
    let disk = disk
    try disk.withLock {
      try snapshots.saveSnapshot(reason: reason, of: [folder.scoresFile])
      try updateBook { book in
        for title in titles {
          book.scores[title] = ScoreBook.Entry(score: Score(), lastPlayed: book.scores[title]?.lastPlayed)
          book.rounds[title] = nil
        }
      }
    }
  }

  private mutating func loadBook() throws -> ScoreBook {
    do {
      return try disk.load(ScoreBook.self, from: folder.scoresFile) ?? ScoreBook()
    } catch is DiskCaretaker.DamagedFile {
      let path = folder.scoresFile
      // Move it aside under the lock, unless another process already did.
      let newPath: String? = try disk.withLock {
        guard (try? disk.load(ScoreBook.self, from: path)) == nil, DurableFile.exists(path) else { return nil }
        return try disk.moveAside(path, now: Date())
      }
      if let newPath {
        warnings.append(
          "\(path) was damaged and could not be read; it was kept as \(newPath), and scores start again from zero")
      }
      return try disk.load(ScoreBook.self, from: path) ?? ScoreBook()
    }
  }

  private mutating func mergeScores() {
    for index in groups.indices {
      let title = groups[index].title
      groups[index].score = book.scores[title]?.score ?? carriedScores[title] ?? Score()
    }
  }
}

extension String {
  /// The string without leading and trailing white space.
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
