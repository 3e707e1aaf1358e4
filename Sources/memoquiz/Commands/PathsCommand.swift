import MemoQuizKit

/// `memoquiz paths`
struct PathsCommand: Command {
  static let name = "paths"
  static let abstract = "Print where memoquiz keeps its data."
  static let usage = "memoquiz paths"
  static let discussion = """
    The data folder is $MEMOQUIZ_HOME if set, else $XDG_DATA_HOME/memoquiz,
    else ~/.local/share/memoquiz.

    Example:
      memoquiz paths
    """
  static let specification = ParsedArguments.Specification()

  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let folder = context.folder
    context.terminal.write(
      "data: \(folder.path)\nquestions: \(folder.questionsFile)\nhistory: \(folder.historyFolder)\n"
        + "local: \(folder.localFolder)\ncheckpoint: \(folder.checkpointFile)\n")
  }
}
