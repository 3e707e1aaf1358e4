import FoundationEssentials
@preconcurrency import Glibc

/// The questions file follows the history: each change of it is a step that
/// carries the new file, and `questions.json` is made to hold the version
/// the history puts in effect.
extension ProgressCaretaker {
  /// What memoquiz last wrote or saw as `questions.json`, kept in
  /// `local/questions-state`: its hash, and its size, time and inode to
  /// tell cheaply whether the file changed since.
  struct QuestionsState: Equatable {
    var hash: UInt64
    var size: Int
    var modified: Int
    var inode: UInt64

    /// The state of the file at `path` with `hash`, or of no file.
    init(path: String, hash: UInt64) {
      self.hash = hash
      var status = stat()
      if stat(path, &status) == 0 {
        size = Int(status.st_size)
        modified = Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
        inode = UInt64(status.st_ino)
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
      let inode = UInt64(fields[3]), fields[4] == "questions-state"
    else { return nil }
    return QuestionsState(hash: hash, size: size, modified: modified, inode: inode)
  }

  func writeQuestionsState(hash: UInt64) throws {
    let state = QuestionsState(path: folder.questionsFile, hash: hash)
    var bytes: [UInt8] = []
    RecordLine.append(
      [String(state.hash), String(state.size), String(state.modified), String(state.inode), "questions-state"],
      to: &bytes)
    try folder.createLocal()
    // A lost state only costs a hash of the file next time.
    try DurableFile.replace(folder.questionsStateFile, with: bytes, durably: false)
  }

  /// Makes `questions.json` hold the version the history puts in effect,
  /// when it does not: a change that arrived from another machine, an undo
  /// or redo of a change, or a change whose step was written but whose file
  /// was not (a crash between the two). A file edited by hand since
  /// memoquiz last wrote it is the user's: it is kept, and when the history
  /// changed the questions meanwhile, it becomes a step of its own, later
  /// than theirs, the other version kept as a snapshot.
  /// - Returns: whether `questions.json` was replaced.
  @discardableResult
  func installQuestions() throws -> Bool {
    guard let version = progressWithoutMemory.questionsVersion else { return false }
    let state = readQuestionsState()
    if let state, state.hash == version.hash, state.matches(folder.questionsFile) { return false }
    return try locked {
      try refresh()
      guard let version = progressWithoutMemory.questionsVersion else { return false }
      let file = try DurableFile.read(folder.questionsFile)
      let fileHash = file.map { $0.withUnsafeBufferPointer(QuestionsText.hash) } ?? 0
      if fileHash == version.hash {
        try writeQuestionsState(hash: fileHash)
        return false
      }
      let state = readQuestionsState()
      if let state, state.hash == version.hash {
        // Edited by hand, and the history did not move since: the user's file.
        return false
      }
      if let state, fileHash != state.hash, file != nil {
        // Edited by hand while the history moved on: the hand edit becomes
        // a step, based on the version it was edited from.
        try adoptHandEdit(file, basedOn: state.hash)
        return false
      }
      let text = try questionsText(of: version)
      if let file, state == nil || fileHash != state?.hash {
        // A file memoquiz has not seen: keep it before replacing it.
        try SnapshotCaretaker(folder: folder).save(
          contents: file, reason: "before the questions of the history were installed", now: folder.clock())
      }
      if let bytes = text.bytes {
        try DurableFile.replace(folder.questionsFile, with: bytes)
      } else {
        try DurableFile.remove(folder.questionsFile)
      }
      try writeQuestionsState(hash: version.hash)
      return true
    }
  }

  /// Records `questions.json`, edited by hand, as a step, so that it reaches
  /// the other machines; a file no different from the version in effect
  /// records nothing.
  func adoptHandEdit() throws {
    guard let state = readQuestionsState(), !state.matches(folder.questionsFile) else { return }
    try locked {
      let file = try DurableFile.read(folder.questionsFile)
      let hash = file.map { $0.withUnsafeBufferPointer(QuestionsText.hash) } ?? 0
      guard hash != state.hash, hash != progressWithoutMemory.questionsVersion?.hash else {
        try writeQuestionsState(hash: hash)
        return
      }
      try adoptHandEdit(file, basedOn: state.hash)
    }
  }

  private func adoptHandEdit(_ file: [UInt8]?, basedOn hash: UInt64) throws {
    let progress = progressWithoutMemory
    let base = progress.questionsSteps.last { $0.hash == hash && progress.isInEffect($0.id) }?.id
    let text = file.map { QuestionsText.file(String(decoding: $0, as: UTF8.self)) } ?? QuestionsText.noFile
    try perform { _, ids in
      let step = QuestionsChangeStep(
        id: ids[0], time: ids.after(Timestamp(folder.clock())), kind: .edit, base: base, group: nil,
        summary: "edit of questions.json by hand", contents: text)
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

  /// Merges, once, the changes of the questions two machines made before
  /// they synced, question by question against the version both started
  /// from: the merge is a step of its own (the same on every machine), and
  /// where both changed the same question, the later one is in effect, the
  /// other machine's version is kept as a snapshot, and the first command
  /// on each machine that sees both says so.
  /// - Returns: whether `questions.json` was replaced.
  @discardableResult
  func announceQuestionsConflicts() throws -> Bool {
    let conflicts = progressWithoutMemory.questionsConflicts
    guard !conflicts.isEmpty else { return false }
    let told = Set(
      ((try? DurableFile.read(folder.noticesFile)) ?? nil).map { String(decoding: $0, as: UTF8.self) }?
        .split(separator: "\n").map(String.init) ?? [])
    let fresh = conflicts.filter { !told.contains("\($0.kept.text) \($0.replaced.text)") }
    guard !fresh.isEmpty else { return false }
    return try locked {
      let names = history.names()
      var lines = told.sorted()
      var installed = false
      for conflict in fresh {
        let replaced = try questionsText(of: QuestionsVersion(step: conflict.replaced, isBefore: false, hash: 0))
        let (clashes, merged) = try mergeQuestions(conflict, replaced: replaced)
        installed = installed || merged
        lines.append("\(conflict.kept.text) \(conflict.replaced.text)")
        guard let clashes, !clashes.isEmpty else { continue }
        let snapshot = try SnapshotCaretaker(folder: folder).save(
          contents: replaced.bytes, reason: "questions replaced by a change on another machine", now: folder.clock()
        )
        let kept = names[conflict.kept.machine] ?? conflict.kept.machine.hex
        let other = names[conflict.replaced.machine] ?? conflict.replaced.machine.hex
        let questions = clashes.map { "\"\($0.prompt)\" in \($0.group)" }.joined(separator: ", ")
        onWarning(
          "questions changed on both \"\(other)\" and \"\(kept)\" before they synced (\(questions)); kept \(kept)'s, \(other)'s is snapshot \(snapshot.id)"
        )
      }
      try folder.createLocal()
      try DurableFile.replace(folder.noticesFile, with: Array((lines.joined(separator: "\n") + "\n").utf8))
      return installed
    }
  }

  /// Merges the two changes of `conflict` against the version both started
  /// from, and records the merge as a step when the later change is still
  /// the version in effect (another machine's merge of the same two is the
  /// same file, and records nothing more).
  /// - Returns: the questions both changed, or `nil` when a version cannot
  ///   be read as questions (the later one then stays whole); and whether
  ///   `questions.json` was replaced.
  private func mergeQuestions(_ conflict: QuestionsConflict, replaced: QuestionsText) throws -> (
    clashes: [(group: String, prompt: String)]?, installed: Bool
  ) {
    let progress = progressWithoutMemory
    let steps = Dictionary(progress.questionsSteps.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // A change and the changes it was made from, newest first.
    func lineage(_ id: StepID?) -> [StepID] {
      var ids: [StepID] = []
      var next = id
      while let id = next, !ids.contains(id) {
        ids.append(id)
        next = steps[id]?.base
      }
      return ids
    }
    // The version both started from: their newest common change, else the
    // version the first change replaced.
    let earlierLine = Set(lineage(conflict.replaced))
    let baseVersion: QuestionsVersion? =
      if let common = lineage(steps[conflict.kept]?.base).first(where: earlierLine.contains) {
        QuestionsVersion(step: common, isBefore: false, hash: 0)
      } else {
        progress.questionsSteps.first { $0.beforeHash != nil }.map {
          QuestionsVersion(step: $0.id, isBefore: true, hash: 0)
        }
      }
    // The later side is the version in effect when it was made from the
    // later change (a change or merge since), else the later change itself.
    let current = progress.questionsVersion
    let inEffect = current.flatMap { !$0.isBefore && lineage($0.step).contains(conflict.kept) ? $0.step : nil }
    let later = try questionsText(of: QuestionsVersion(step: inEffect ?? conflict.kept, isBefore: false, hash: 0))
    let base = try baseVersion.map(questionsText(of:)) ?? QuestionsText.noFile
    func groups(_ text: QuestionsText) -> [QuestionGroup]? {
      guard let bytes = text.bytes else { return try? QuestionGroupCaretaker.bundledGroups() }
      return try? QuestionGroupCaretaker.groups(from: bytes, file: folder.questionsFile)
    }
    guard let baseGroups = groups(base), let earlierGroups = groups(replaced), let laterGroups = groups(later) else {
      return (nil, false)
    }
    let merge = QuestionsMerge(base: baseGroups, earlier: earlierGroups, later: laterGroups)
    guard merge.groups != laterGroups, let inEffect else { return (merge.clashes, false) }
    let merged = QuestionsText.file(String(decoding: QuestionExport.json(merge.groups), as: UTF8.self))
    let machines = [conflict.replaced.machine, conflict.kept.machine].map { history.names()[$0] ?? $0.hex }
    // After the version it was made from, whatever this machine's clock says.
    let made = try history.file(of: inEffect.machine).read().records.first { $0.id == inEffect }?.time
    let now = max(
      Timestamp(folder.clock()), made.map { Timestamp(rawValue: $0.rawValue + 1) } ?? Timestamp(rawValue: 0))
    try perform { _, ids in
      let step = QuestionsChangeStep(
        id: ids[0], time: ids.after(now), kind: .edit, base: inEffect, group: nil,
        summary: "merge of the questions changed on \(machines[0]) and \(machines[1])", contents: merged)
      return ([.questionsChange(step)], ())
    }
    if let bytes = merged.bytes {
      try DurableFile.replace(folder.questionsFile, with: bytes)
    }
    try writeQuestionsState(hash: merged.hash)
    return (merge.clashes, true)
  }
}
