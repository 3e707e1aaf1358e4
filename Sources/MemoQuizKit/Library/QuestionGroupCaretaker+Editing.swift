import FoundationEssentials

/// Reading and installing questions files for `edit` and `validate`.
extension QuestionGroupCaretaker {
  /// Installs new questions as the user's `questions.json`, durably, as one
  /// step of the history, after saving a snapshot of the file it replaces.
  ///
  /// Callers check the bytes first: only a valid questions file is installed.
  /// - Parameters:
  ///   - startedFrom: the questions the new file was made from, when they
  ///     were read earlier (an editor was open meanwhile): what other
  ///     commands changed since is merged with the new file, not lost.
  ///   - wording: how warnings name what the user can do next.
  ///   - onWarning: told of a question changed both here and by another
  ///     command meanwhile.
  /// - Returns: the groups renamed whose progress followed them.
  @discardableResult
  public static func installQuestions(
    _ bytes: [UInt8], in folder: DataFolder, kind: StepKind, summary: String, startedFrom: QuestionsEditStart? = nil,
    now: Date, wording: NextStepWording = .plain, onWarning: @escaping (String) -> Void = { _ in }
  ) throws -> [GroupRename] {
    try ProgressCaretaker(folder: folder, wording: wording, onWarning: onWarning).changeQuestions(
      kind: kind, group: nil, at: now, startedFrom: startedFrom
    ) { _ in
      (bytes, summary, ())
    }?.renames ?? []
  }

  /// Changes the questions as one step, planned from the groups as they are
  /// under the folder's lock, so that two changes made at once never lose
  /// each other.
  /// - Parameters:
  ///   - wording: how warnings name what the user can do next.
  ///   - onWarning: told of what the user should know, such as questions
  ///     that two machines changed, found while the change is made.
  ///   - plan: given the groups in use now, returns the new file, a
  ///     summary of the change, and a result for the caller.
  /// - Returns: what `plan` returned.
  public static func changeQuestions<Result>(
    in folder: DataFolder, kind: StepKind, group: String?, now: Date, imported: [ImportedAnswer] = [],
    wording: NextStepWording = .plain, onWarning: @escaping (String) -> Void = { _ in },
    _ plan: ([QuestionGroup]) throws -> (bytes: [UInt8], summary: String, result: Result)
  ) throws -> Result? {
    let progress = try ProgressCaretaker(folder: folder, wording: wording, onWarning: onWarning)
    let outcome = try progress.changeQuestions(kind: kind, group: group, at: now, imported: imported) { old in
      let groups = try old.map { try Self.groups(from: $0, file: folder.questionsFile) } ?? Self.bundledGroups()
      let (bytes, summary, result) = try plan(groups)
      return (bytes, summary, result)
    }
    // An import may bring years of reviews: the next command reads them from
    // the checkpoint, not the history.
    try? progress.saveCheckpointIfDue()
    return outcome?.result
  }

  /// Writes an exported file durably: a new file, or a replaced one.
  public static func writeExport(_ bytes: [UInt8], to path: String) throws {
    try DurableFile.replace(path, with: bytes)
  }

  /// The text of the questions in use: the user's file, or the bundled set.
  public static func questionsText(in folder: DataFolder) throws -> [UInt8] {
    try DurableFile.read(folder.questionsFile) ?? Array(BundledQuestionGroupData.json.utf8)
  }

  /// Reads a whole file, as the `validate` command needs.
  /// - Returns: `nil` when the file does not exist.
  public static func readFile(_ path: String) throws -> [UInt8]? {
    try DurableFile.read(path)
  }
}

extension QuestionGroupCaretaker {
  /// Writes a copy of the questions for the user to edit, under a new name
  /// in the data folder, so that no earlier draft is overwritten.
  /// - Returns: the draft's path.
  public static func writeDraft(_ bytes: [UInt8], in folder: DataFolder, now: Date = Date()) throws -> String {
    try folder.create()
    let path = DurableFile.asideName(for: folder.path + "/questions.json", label: "edit", now: Timestamp(now))
    // Not synced yet: only a draft that is kept needs to survive a power cut.
    try folder.withLock { try DurableFile.replace(path, with: bytes, durably: false) }
    return path
  }

  /// Makes a draft that is kept (an invalid edit) durable, with its name,
  /// before the user is told it is kept: the editor may have written it any way.
  public static func keepDraft(_ path: String) throws {
    try DurableFile.sync(path)
  }

  /// Removes a draft that is no longer needed.
  public static func removeDraft(_ path: String) throws {
    try DurableFile.remove(path)
  }
}
