import MemoQuizKit

extension CommandContext {
  /// The sound of a round: a player of the data folder's `media/`, when
  /// standard output is a terminal and `config audio` is on; `nil` plays
  /// nothing.
  func roundSound(_ caretaker: QuestionGroupCaretaker) -> SoundPlayer? {
    guard FileDescriptor.standardOutput.isTerminal, caretaker.progress.settings.audio else { return nil }
    return SoundPlayer(
      media: MediaFolder(of: folder), player: SoundPlayer.player(environment: environment),
      speaker: SoundPlayer.speaker(environment: environment), warn: warn)
  }
}

extension CommandContext {
  /// The editor `:edit` opens a question in: `$VISUAL`, else `$EDITOR`,
  /// else `vi`, as `memoquiz edit` opens the questions.
  var roundEditor: @Sendable (_ path: String, _ line: Int?) throws -> Void {
    let editor = Editor.fromEnvironment(environment)
    return { path, line in try editor.edit(path, line: line) }
  }
}

extension CommandContext {
  /// A round session on this terminal, with the day's outlook, the round's
  /// sound and the editor `:edit` opens.
  func roundSession(_ caretaker: QuestionGroupCaretaker) -> RoundSession {
    var session = RoundSession(
      caretaker: caretaker, terminal: terminal, outlook: DayOutlook(caretaker: caretaker), now: now)
    session.sound = roundSound(caretaker)
    session.editor = roundEditor
    return session
  }

  /// The groups that `names` name, each once, in order: a parent deck's
  /// name names its subdecks.
  static func groupIndices(named names: [String], in caretaker: QuestionGroupCaretaker) throws -> [Int] {
    var indices: [Int] = []
    for name in names {
      for index in try caretaker.groupIndices(named: name) where !indices.contains(index) {
        indices.append(index)
      }
    }
    return indices
  }
}
