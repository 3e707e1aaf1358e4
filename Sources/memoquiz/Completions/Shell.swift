/// The shells `memoquiz completion` writes scripts for.
enum Shell: String, ArgumentChoices {
  case bash, zsh, fish

  var argumentName: String { rawValue }
  var argumentHelp: String {
    switch self {
    case .bash: "GNU Bash, with bash-completion or alone"
    case .zsh: "the Z shell"
    case .fish: "the friendly interactive shell"
    }
  }

  /// The script that completes `memoquiz` in this shell.
  func completionScript(for commands: [CommandDeclaration]) -> String {
    switch self {
    case .bash: BashCompletionScript(commands: commands).text
    case .zsh: ZshCompletionScript(commands: commands).text
    case .fish: FishCompletionScript(commands: commands).text
    }
  }
}
