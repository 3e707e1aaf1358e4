import MemoQuizKit

extension CommandTable {
  /// The QUESTION a card control names.
  private static let questionArgument = ArgumentDeclaration(
    name: "QUESTION", noun: "a QUESTION", arity: .required, kind: .text,
    help: "GROUP/PROMPT (the group as `memoquiz play` takes it), or the question's id")

  /// The commands of the card controls, after the others.
  static let cardControlCommands: [CommandDeclaration] = [
    CommandDeclaration(
      CramCommand.self, name: "cram",
      abstract: "Practise questions without changing their schedule: no memory, due day or score changes.",
      arguments: [.group(.repeating, "the groups to practise; without them, all groups")],
      options: [
        .flag("--leeches", "only the leeches (see leech-threshold)"),
        .flag("--missed-today", "only the questions answered Incorrect today"),
        .flag("--flagged", "only the questions flagged with :flag"),
        .option("--seed", "N", .number, "repeat a shuffled order exactly"),
      ],
      discussion: [
        .paragraph(
          "A cram round asks the questions of the groups (or those any filter picks; suspended and buried ones "
            + "never) in a shuffled order, and a missed one again later in the round. Its answers are practice: "
            + "`memoquiz history` lists them, `memoquiz stats` counts them apart, and they change no memory, due "
            + "day, score, leech or confusion. An unfinished cram round resumes with the next `memoquiz cram`.")
      ] + roundInputs,
      examples: [
        Example("memoquiz cram hiragana", "go over Hiragana again before a test"),
        Example("memoquiz cram --missed-today", "drill today's misses"),
        Example("memoquiz cram --leeches --flagged", "the leeches and the flagged questions"),
      ]),
    CommandDeclaration(
      SuspendCommand.self, name: "suspend",
      abstract: "Suspend a question: it is never asked nor counted due until `memoquiz unsuspend`.",
      arguments: [questionArgument],
      discussion: [
        .paragraph(
          "Every card of the question (its reverse, its cloze numbers) is set aside; its memory stays. In a round, "
            + "`:suspend` does the same to the question being asked. The step is in `memoquiz history`, and "
            + "`memoquiz undo` takes it back.")
      ],
      examples: [
        Example("memoquiz suspend 'Hiragana/あ'", "by group and prompt"),
        Example("memoquiz suspend verb-taberu", "by the question's id"),
      ]),
    CommandDeclaration(
      UnsuspendCommand.self, name: "unsuspend", abstract: "Ask a suspended question again when it is due.",
      arguments: [questionArgument],
      examples: [Example("memoquiz unsuspend 'Hiragana/あ'", "by group and prompt")]),
    CommandDeclaration(
      FlaggedCommand.self, name: "flagged",
      abstract: "List the questions flagged with `:flag` in a round, as GROUP/PROMPT.",
      examples: [Example("memoquiz flagged", "what you meant to fix")]),
    CommandDeclaration(
      UnflagCommand.self, name: "unflag", abstract: "Take a question off `memoquiz flagged`.",
      arguments: [questionArgument],
      examples: [Example("memoquiz unflag 'Hiragana/あ'", "by group and prompt")]),
  ]
}
