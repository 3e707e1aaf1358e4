import MemoQuizKit

/// `memoquiz paths`: its arguments, options and help are declared in `CommandTable`.
struct PathsCommand: Command {
  init(arguments: ParsedArguments) {}

  func run(in context: CommandContext) throws {
    let folder = context.folder
    context.terminal.write(
      "data: \(folder.path)\nquestions: \(folder.questionsFile)\nhistory: \(folder.historyFolder)\n"
        + "local: \(folder.localFolder)\ncheckpoint: \(folder.checkpointFile)\n")
  }
}
