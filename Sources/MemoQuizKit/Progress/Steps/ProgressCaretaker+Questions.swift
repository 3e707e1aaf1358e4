import FoundationEssentials
@preconcurrency import Glibc

/// The questions file follows the history: each change of it is a step that
/// carries the new file, and `questions.json` is made to hold the version
/// the history puts in effect.
extension ProgressCaretaker {
  /// What memoquiz last wrote or saw as `questions.json`, kept in
  /// `local/questions-state`: its hash, and its size, time and inode to
  /// tell cheaply whether the file changed since.
  /// The last field of `local/questions-state`, with its version: a state
  /// of another version is not read, and costs a hash of the file once.
  static let questionsStateTag = "questions-state 2"

  struct QuestionsState: Equatable {
    var hash: UInt64
    var size: Int
    var modified: Int
    var inode: UInt64

    /// The state of the file at `path` with `hash`, or of no file.
    init(path: String, hash: UInt64) {
      self.hash = hash
      if let status = try? FileStatus(path: path) {
        size = status.size
        modified = Int(status.modified)
        inode = status.inode
      } else {
        size = -1
        modified = 0
        inode = 0
      }
    }

    init(hash: UInt64, size: Int, modified: Int, inode: UInt64) {
      self.hash = hash
      self.size = size
      self.modified = modified
      self.inode = inode
    }

    /// Whether the file at `path` looks unchanged since this state.
    func matches(_ path: String) -> Bool {
      let now = QuestionsState(path: path, hash: hash)
      return now == self
    }
  }

  func readQuestionsState() -> QuestionsState? {
    guard let bytes = try? DurableFile.read(folder.questionsStateFile, limit: 4096),
      let newline = bytes.firstIndex(of: 10), let fields = RecordLine.fields(bytes[..<newline]), fields.count == 5,
      let hash = UInt64(fields[0]), let size = Int(fields[1]), let modified = Int(fields[2]),
      let inode = UInt64(fields[3]), fields[4] == Self.questionsStateTag
    else { return nil }
    return QuestionsState(hash: hash, size: size, modified: modified, inode: inode)
  }

  func writeQuestionsState(hash: UInt64) throws {
    let state = QuestionsState(path: folder.questionsFile, hash: hash)
    var bytes: [UInt8] = []
    RecordLine.append(
      [String(state.hash), String(state.size), String(state.modified), String(state.inode), Self.questionsStateTag],
      to: &bytes)
    try folder.createLocal()
    // A lost state only costs a hash of the file next time.
    try DurableFile.replace(folder.questionsStateFile, with: bytes, durably: false)
  }

  /// Makes `questions.json` hold the version the history puts in effect,
  /// when it does not: a change that arrived from another machine (merged
  /// with this machine's own when both changed the questions), an undo or
  /// redo of a change, or a change whose step was written but whose file
  /// was not (a crash between the two).
  ///
  /// The file is a view of the history. A file that holds a version the
  /// history holds (any change's, taken back or not, or the version one
  /// replaced) is such a view, written by memoquiz, however old, and is
  /// made to hold the version in effect, whatever `local/questions-state`
  /// says: a crash may have kept that note from following the file. Only
  /// a file unlike every version the history holds is a hand edit, and the
  /// user's: when the history changed the questions since the version it
  /// was edited from, it becomes a step of its own, later than theirs, and
  /// is merged with them.
  /// - Returns: whether `questions.json` was replaced.
  @discardableResult
  func installQuestions() throws -> Bool {
    guard progressWithoutMemory.questionsDerivation != .none else { return false }
    if let hash = knownQuestionsHash(), let state = readQuestionsState(), state.hash == hash,
      state.matches(folder.questionsFile)
    {
      return false
    }
    return try locked {
      try loadMemory().refresh()
      guard let derived = try derivedQuestions() else { return false }
      let file = try DurableFile.read(folder.questionsFile)
      let fileHash = file.map { ContentHash.of($0) } ?? 0
      if fileHash == derived.hash {
        try writeQuestionsState(hash: fileHash)
        return false
      }
      if file != nil, heldVersions().contains(fileHash) {
        // A version memoquiz wrote, the note of which a crash kept from
        // following it, or one the history has since moved past.
        try writeQuestions(questionsText(of: derived))
        return true
      }
      let state = readQuestionsState()
      if let state, state.hash == derived.hash {
        // Edited by hand, and the history did not move since: the user's file.
        return false
      }
      if let state, fileHash != state.hash, file != nil {
        // Edited by hand while the history moved on: the hand edit becomes
        // a step, based on the version it was edited from, and is merged
        // with the changes it did not see.
        try adoptHandEdit(file, basedOn: state.hash)
        return try installQuestions()
      }
      let text = try questionsText(of: derived)
      if let file, state == nil || fileHash != state?.hash {
        // A file memoquiz has not seen: keep it before replacing it.
        try SnapshotCaretaker(folder: folder).save(
          contents: file, reason: "before the questions of the history were installed", now: folder.clock())
      }
      try writeQuestions(text)
      return true
    }
  }

  /// Replaces `questions.json` with `text`, then notes what it holds.
  func writeQuestions(_ text: QuestionsText) throws {
    if let bytes = text.bytes {
      try DurableFile.replace(folder.questionsFile, with: bytes)
    } else {
      try DurableFile.remove(folder.questionsFile)
    }
    try writeQuestionsState(hash: text.hash)
  }

  /// The hashes of every version of the questions the history holds: each
  /// change's, taken back or not, each version a change replaced, and the
  /// merge in effect when one was worked out.
  func heldVersions() -> Set<UInt64> {
    var hashes = Set<UInt64>()
    for step in progressWithoutMemory.questionsSteps {
      hashes.insert(step.hash)
      if let before = step.beforeHash { hashes.insert(before) }
    }
    if let merged = knownQuestionsHash() { hashes.insert(merged) }
    return hashes
  }

  /// Records `questions.json`, edited by hand, as a step, so that it reaches
  /// the other machines; a file no different from the version in effect
  /// records nothing.
  func adoptHandEdit() throws {
    guard let state = readQuestionsState(), !state.matches(folder.questionsFile) else { return }
    try locked {
      let file = try DurableFile.read(folder.questionsFile)
      let hash = file.map { ContentHash.of($0) } ?? 0
      guard hash != state.hash, hash != (try derivedQuestions())?.hash else {
        try writeQuestionsState(hash: hash)
        return
      }
      guard file == nil || !heldVersions().contains(hash) else {
        // Not an edit: a version memoquiz wrote, no longer the one in effect.
        try installQuestions()
        return
      }
      try adoptHandEdit(file, basedOn: state.hash)
    }
  }

  /// Records a hand edit made from the version whose hash is `hash`: a
  /// step's, else the merge in effect (carried with the step, as no step
  /// holds it).
  private func adoptHandEdit(_ file: [UInt8]?, basedOn hash: UInt64) throws {
    let progress = progressWithoutMemory
    var base = progress.questionsSteps.last { $0.hash == hash && progress.isInEffect($0.id) }?.id
    var before: QuestionsText?
    if base == nil, let derived = try derivedQuestions(), case .merged(let merged) = derived, merged.hash == hash {
      base = progress.questionsVersion?.step
      before = merged
    }
    let text = file.map { QuestionsText.file(String(decoding: $0, as: UTF8.self)) } ?? QuestionsText.noFile
    try perform { _, ids in
      var step = QuestionsChangeStep(
        id: ids[0], time: ids.after(Timestamp(folder.clock())), kind: .edit, base: base, group: nil,
        summary: "edit of questions.json by hand", contents: text)
      step.before = before
      return ([.questionsChange(step)], ())
    }
    try writeQuestionsState(hash: text.hash)
  }

  /// The text of a version, read from the record that holds it.
  /// - Throws: ``HistoryError/questionsMissing(step:)`` when no file holds it.
  func questionsText(of version: QuestionsVersion) throws -> QuestionsText {
    let file = history.file(of: version.step.machine)
    for record in try file.read().records where record.id == version.step {
      guard case .questionsChange(let step) = record else { break }
      if version.isBefore, let before = step.before { return before }
      if !version.isBefore { return step.contents }
    }
    throw HistoryError.questionsMissing(step: version.step.sequence)
  }
}
