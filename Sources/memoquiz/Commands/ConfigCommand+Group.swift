import MemoQuizKit

/// `memoquiz config --group GROUP [KEY [VALUE]]`: a group's own settings.
extension ConfigCommand {
  /// The value that gives a group the folder's setting again, whatever it
  /// becomes: `config --group GROUP KEY folder`.
  static let folderValue = "folder"

  /// Lists what group `name` has of its own, shows one of its settings, or
  /// changes one.
  /// - Throws: ``QuestionFileError`` when no group has that name.
  func runForGroup(_ name: String, in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let title = caretaker.groups[try caretaker.groupIndex(named: name)].title
    let shown = TextSanitizer.sanitized(title)
    let terminal = context.terminal
    let folder = caretaker.progress.settings
    let own = folder.of(group: title)
    guard let setting else {
      let differing = folder.differences(of: title)
      guard !differing.isEmpty else {
        terminal.write("\(shown) has the whole folder's settings.\n")
        return
      }
      let width = differing.map(\.key.count).max() ?? 0
      for setting in differing {
        let key = setting.key + String(repeating: " ", count: width - setting.key.count)
        terminal.write(
          "\(key)  \(own.text(of: setting))  \(terminal.style.dim("(folder \(folder.text(of: setting)))"))\n")
      }
      return
    }
    guard let value else {
      terminal.write(own.text(of: setting) + "\n")
      return
    }
    let follows = value.isEmpty
    guard try caretaker.progress.set(setting, to: value, group: title, at: context.now()) else {
      terminal.write(
        follows
          ? "\(setting.key) of \(shown) is the folder's already (\(folder.text(of: setting))); nothing changed.\n"
          : "\(setting.key) of \(shown) is \(own.text(of: setting)) already; nothing changed.\n")
      return
    }
    let now = caretaker.progress.settings.of(group: title).text(of: setting)
    terminal.write(
      "\(setting.key) of \(shown) is now \(follows ? "the folder's (\(now))" : now) "
        + "(`memoquiz undo` takes it back).\n")
  }
}
