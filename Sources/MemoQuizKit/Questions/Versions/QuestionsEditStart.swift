/// The questions a change was planned on while the folder was not locked
/// (the file `edit` opened in the editor), so that the change is merged
/// with what other commands changed meanwhile instead of saved over it.
public struct QuestionsEditStart: Sendable {
  /// The questions file as it was, `nil` when there was none (the
  /// bundled set was in use).
  let file: [UInt8]?

  /// The text to plan on: the file, or the bundled set when there is none.
  public var text: [UInt8] { file ?? Array(BundledQuestionGroupData.json.utf8) }
}

extension ProgressCaretaker {
  /// The questions in use, to plan a change on: `questions.json` made to
  /// hold the version the history puts in effect first.
  public func questionsForEditing() throws -> QuestionsEditStart {
    try locked {
      try loadMemory().refresh()
      try installQuestions()
      return QuestionsEditStart(file: try DurableFile.read(folder.questionsFile))
    }
  }
}
