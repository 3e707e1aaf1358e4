@preconcurrency import Glibc

exit(MemoQuizTool.main(Array(CommandLine.arguments.dropFirst())).rawValue)
