import MemoQuizKit

/// `memoquiz config`: its arguments, options and help are declared in `CommandTable`.
struct ConfigCommand: Command {
  /// The setting named, or `nil` to list them all.
  let setting: Setting?
  /// The new value, checked and as stored; empty for a group's
  /// ``folderValue``.
  let value: String?
  /// Whether the key is `model`: the memory model in use, shown, never set.
  let showsModel: Bool
  /// The group whose own settings are shown or changed (`--group`), as named.
  let group: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    let positionals = arguments.positionals
    showsModel = positionals.first?.lowercased() == Self.modelKey
    if showsModel, let text = positionals.dropFirst().first {
      throw UsageError(
        "\(Self.modelKey) is chosen by `memoquiz optimize`, not set (not '\(text)'); `memoquiz config \(Self.modelKey)` "
          + "shows it", command: arguments.command.name)
    }
    setting = positionals.first.flatMap { Setting(argument: $0) }
    group = arguments.value("--group")
    if group != nil, let setting, !GroupSettings.allowed.contains(setting) {
      throw UsageError(
        "\(setting.key) holds for the whole folder; a group has its own "
          + GroupSettings.allowed.map(\.key).joined(separator: ", ") + " only",
        command: arguments.command.name)
    }
    if let text = positionals.dropFirst().first, let setting {
      if group != nil, text.lowercased() == Self.folderValue {
        value = ""
      } else if let value = setting.normalized(text) {
        self.value = value
      } else {
        let allowed = group == nil ? setting.allowed : "\(setting.allowed), or \(Self.folderValue)"
        throw UsageError("\(setting.key) takes \(allowed), not '\(text)'", command: arguments.command.name)
      }
    } else {
      value = nil
    }
  }

  func run(in context: CommandContext) throws {
    if let group { return try runForGroup(group, in: context) }
    let progress = try context.loadProgress()
    let terminal = context.terminal
    let settings = progress.settings
    if showsModel {
      terminal.write(Self.modelText(try progress.memoryModelInUse()))
      return
    }
    guard let setting else {
      let width = Setting.allCases.map(\.key.count).max() ?? 0
      let valueWidth = Setting.allCases.map { settings.text(of: $0).count }.max() ?? 0
      for setting in Setting.allCases {
        let key = setting.key + String(repeating: " ", count: width - setting.key.count)
        let value = settings.text(of: setting)
        let padded = value + String(repeating: " ", count: valueWidth - value.count)
        let note = terminal.style.dim("(default \(setting.defaultValue); \(setting.allowed))")
        terminal.write("\(key)  \(padded)  \(note)\n")
      }
      let inUse = try progress.memoryModelInUse()
      let model = inUse.kind.rawValue
      let key = Self.modelKey + String(repeating: " ", count: max(0, width - Self.modelKey.count))
      let padded = model + String(repeating: " ", count: max(0, valueWidth - model.count))
      terminal.write(
        "\(key)  \(padded)  \(terminal.style.dim("(chosen by `memoquiz optimize`; `config model` shows it)"))\n")
      // The scheduler's parameters are no setting to type, but they are in effect.
      if let installed = inUse.installedAt {
        terminal.write(
          "The scheduler uses parameters fitted to your answers, installed by `memoquiz optimize` on "
            + "\(DateText.readable(installed)).\n")
      } else {
        terminal.write("The scheduler uses FSRS-6's published parameters (`memoquiz optimize` fits them to you).\n")
      }
      return
    }
    guard let value else {
      terminal.write(settings.text(of: setting) + "\n")
      return
    }
    guard try progress.set(setting, to: value, at: context.now()) else {
      terminal.write("\(setting.key) is \(progress.settings.text(of: setting)) already; nothing changed.\n")
      return
    }
    terminal.write("\(setting.key) is now \(progress.settings.text(of: setting)) (`memoquiz undo` takes it back).\n")
  }
}
