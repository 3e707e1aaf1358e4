import FoundationEssentials

/// The questions in effect when changes were made on several machines
/// before they synced: worked out from the history files alone, so that
/// every machine that holds the same files shows the same questions and no
/// machine records a step of its own for it.
///
/// The changes in effect are taken in the merged order of the history
/// (time, then machine). Each is merged question by question onto the
/// questions the changes before it give, against the version it was made
/// from: what it changed applies, and what it did not change stays. Where
/// it changed a question that a change it had not seen changed too, it
/// wins, being the later, and the clash is said once on each machine. Two
/// commands of one machine (an `edit` saved after an `add` made while its
/// editor was open) are merged the same way.
extension ProgressCaretaker {
  /// The questions the history puts in effect.
  enum DerivedQuestions: Hashable {
    /// The version one step made or found.
    case version(QuestionsVersion)
    /// A merge of changes made from different versions.
    case merged(QuestionsText)

    var hash: UInt64 {
      switch self {
      case .version(let version): version.hash
      case .merged(let text): text.hash
      }
    }
  }

  /// One question that two machines changed before they synced.
  struct QuestionsClash: Hashable {
    /// The later change, in effect.
    var kept: StepID
    /// The change it replaced without having seen it.
    var replaced: StepID
    var group: String
    var prompt: String
  }

  /// The questions the history puts in effect, `nil` when no change was
  /// ever made. A merge is worked out once for the same changes (kept in
  /// `local/questions-merge`), and the first time, each clash this machine
  /// has not told of yet is said, the version replaced kept as a snapshot.
  /// - Throws: ``HistoryError/questionsMissing(step:)`` when a change's file
  ///   is not at hand.
  func derivedQuestions() throws -> DerivedQuestions? {
    switch progressWithoutMemory.questionsDerivation {
    case .none:
      return nil
    case .version(let version):
      return .version(version)
    case .merge(let start, let steps):
      let (text, clashes, changes) = try merge(steps, onto: start)
      try tell(clashes, changes: changes)
      // Lost or not written, it only costs working the merge out again.
      try? folder.createLocal()
      try? DurableFile.replace(
        folder.questionsMergeFile,
        with: Array(RecordLine.encode([Self.mergeKey(start, steps), String(text.hash)]).utf8), durably: false)
      return .merged(text)
    }
  }

  /// The hash of the questions in effect when it is known without reading
  /// a change: one step's version, or a merge of the same changes worked out
  /// before.
  func knownQuestionsHash() -> UInt64? {
    switch progressWithoutMemory.questionsDerivation {
    case .none:
      return nil
    case .version(let version):
      return version.hash
    case .merge(let start, let steps):
      guard let bytes = try? DurableFile.read(folder.questionsMergeFile, limit: 4096),
        let newline = bytes.firstIndex(of: 10), let fields = RecordLine.fields(bytes[..<newline]), fields.count == 2,
        fields[0] == Self.mergeKey(start, steps)
      else { return nil }
      return UInt64(fields[1])
    }
  }

  /// The text of the questions in effect.
  func questionsText(of derived: DerivedQuestions) throws -> QuestionsText {
    switch derived {
    case .version(let version): try questionsText(of: version)
    case .merged(let text): text
    }
  }

  /// Names the changes a merge is made of.
  private static func mergeKey(_ start: QuestionsVersion?, _ steps: [QuestionsStepSummary]) -> String {
    var text = start.map { "\($0.step.text) \($0.isBefore) \($0.hash)" } ?? "-"
    for step in steps { text += "\n\(step.id.text) \(step.hash) \(step.beforeHash ?? 0) \(step.base?.text ?? "-")" }
    return String(QuestionsText.file(text).hash)
  }

  /// Merges `steps`, in order, onto the version `start`.
  /// - Returns: the merged text, the questions two machines changed, and
  ///   every change of the questions, by its identity.
  private func merge(_ steps: [QuestionsStepSummary], onto start: QuestionsVersion?) throws -> (
    QuestionsText, [QuestionsClash], [StepID: QuestionsChangeStep]
  ) {
    let progress = progressWithoutMemory
    var changes: [StepID: QuestionsChangeStep] = [:]
    for machine in Set(progress.questionsSteps.map(\.id.machine)) {
      for case .questionsChange(let change) in try history.file(of: machine).read().records {
        changes[change.id] = change
      }
    }
    func text(of version: QuestionsVersion?) -> QuestionsText? {
      guard let version, let change = changes[version.step] else { return nil }
      return version.isBefore ? change.before : change.contents
    }
    // A version no step holds counts as no questions at all.
    func groups(_ text: QuestionsText?) -> [QuestionGroup]? {
      guard let text else { return [] }
      guard let bytes = text.bytes else { return try? QuestionGroupCaretaker.bundledGroups() }
      return try? QuestionGroupCaretaker.groups(from: bytes, file: folder.questionsFile)
    }
    let initial = text(of: progress.initialQuestionsVersion)
    var currentText = text(of: start)
    var current = groups(currentText)
    var previous = start?.step
    let origin = start.flatMap { $0.isBefore ? nil : $0.step }
    // The change each question's value in effect comes from.
    var writers: [String: StepID] = [:]
    var clashes: [QuestionsClash] = []
    for summary in steps {
      guard let change = changes[summary.id] else { throw HistoryError.questionsMissing(step: summary.id.sequence) }
      defer { previous = change.id }
      let madeFrom = change.before ?? change.base.flatMap { changes[$0]?.contents } ?? initial
      guard let later = groups(change.contents), let earlier = current, let before = groups(madeFrom) else {
        // A version that cannot be read as questions stays whole.
        currentText = change.contents
        current = groups(change.contents)
        writers = [:]
        continue
      }
      let merge = QuestionsMerge(base: before, earlier: earlier, later: later)
      for clash in merge.clashes {
        // A question no change merged here changed had its value from the
        // version the merge started from.
        // Two commands on one machine, the later planned on questions
        // read before the earlier was saved, clash as two machines do.
        guard let replaced = writers[clash.key] ?? origin ?? previous, replaced != change.id else { continue }
        clashes.append(QuestionsClash(kept: change.id, replaced: replaced, group: clash.group, prompt: clash.prompt))
      }
      for key in QuestionsMerge.changes(from: before, to: later) { writers[key] = change.id }
      current = merge.groups
      currentText =
        merge.groups == later
        ? change.contents : QuestionsText.file(String(decoding: QuestionExport.json(merge.groups), as: UTF8.self))
    }
    return (currentText ?? .noFile, clashes, changes)
  }

  /// Says once on this machine, for each two changes that changed the same
  /// questions, which questions, whose change is in effect and the snapshot
  /// that keeps the other version.
  private func tell(_ clashes: [QuestionsClash], changes: [StepID: QuestionsChangeStep]) throws {
    guard !clashes.isEmpty else { return }
    let told = Set(
      ((try? DurableFile.read(folder.noticesFile)) ?? nil).map { String(decoding: $0, as: UTF8.self) }?
        .split(separator: "\n").map(String.init) ?? [])
    var pairs: [(kept: StepID, replaced: StepID)] = []
    for clash in clashes where !pairs.contains(where: { $0 == (clash.kept, clash.replaced) }) {
      pairs.append((clash.kept, clash.replaced))
    }
    let fresh = pairs.filter { !told.contains("\($0.kept.text) \($0.replaced.text)") }
    guard !fresh.isEmpty else { return }
    let names = history.names()
    var lines = told.sorted()
    for pair in fresh {
      let snapshot = try SnapshotCaretaker(folder: folder).save(
        contents: changes[pair.replaced]?.contents.bytes, reason: "questions replaced by a change on another machine",
        now: folder.clock())
      let kept = names[pair.kept.machine] ?? pair.kept.machine.hex
      let other = names[pair.replaced.machine] ?? pair.replaced.machine.hex
      let questions = clashes.filter { $0.kept == pair.kept && $0.replaced == pair.replaced }
        .map { "\"\($0.prompt)\" in \($0.group)" }.joined(separator: ", ")
      if pair.kept.machine == pair.replaced.machine {
        onWarning(
          "questions changed by two commands at once on \"\(kept)\" (\(questions)); kept the later change, the earlier one is snapshot \(snapshot.id)"
        )
      } else {
        onWarning(
          "questions changed on both \"\(other)\" and \"\(kept)\" before they synced (\(questions)); kept \(kept)'s, \(other)'s is snapshot \(snapshot.id)"
        )
      }
      lines.append("\(pair.kept.text) \(pair.replaced.text)")
    }
    try folder.createLocal()
    try DurableFile.replace(folder.noticesFile, with: Array((lines.joined(separator: "\n") + "\n").utf8))
  }
}
