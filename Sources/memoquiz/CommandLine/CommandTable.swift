import MemoQuizKit

/// The whole command line of `memoquiz`, declared once.
///
/// The parser, `memoquiz --help`, `memoquiz COMMAND --help`, the completion
/// scripts (`memoquiz completion SHELL`) and the manual page
/// (`memoquiz manual`) are all written from this table, so none of them can
/// drift from the others.
///
/// To add a command: add one entry to ``commands`` (its arguments, options
/// with their value sets, help and examples) naming a type that conforms to
/// ``Command`` (`init(arguments:)` reads the parsed values, `run(in:)` does
/// the work). Nothing else needs to change: the tests check every entry in
/// all four outputs.
enum CommandTable {
  /// Every command, in the order `--help` and the manual list them.
  static let commands: [CommandDeclaration] =
    [
      CommandDeclaration(
        PlayCommand.self, name: "play", abstract: "Play a round of a question group.",
        arguments: [
          .group(
            .optional,
            "a title (ignoring case), the number `memoquiz groups` shows, or the start of one title; without it, "
              + "on a terminal, a menu asks for one")
        ],
        options: [
          .option(
            "--strategy", "NAME", .choices(noun: "strategy", StrategyChoices.choices), "the order of a new round"),
          .option("--seed", "N", .number, "repeat a random order exactly"),
          .option(
            "--new", "N", .number,
            "how many never-answered questions a review round adds (default: what is left of today's new-per-day, "
              + "at most 10)"),
          .flag("--restart", "start a new round even if one is unfinished"),
        ],
        discussion: [
          .paragraph(
            "A review round asks the questions that are due, the ones you are most likely to have forgotten first, "
              + "then up to --new questions you have never answered. A question you miss comes back later in the "
              + "round until you get it right.")
        ] + roundInputs + [
          .paragraph(
            "When the answer is written in kana, romaji turns into kana as you type it (nn, n' and a final n give "
              + "ん, a doubled consonant gives っ, a capital gives katakana); piped answers are converted the same way. "
              + "A wrong answer that is another question's answer is named (that is the answer to ね). With "
              + "`memoquiz config typos forgive`, or \"typos\": \"forgive\" on a group or question, an answer a few "
              + "letters off counts as correct, never a romaji reading or an answer in kana or kanji. A card missed "
              + "leech-threshold times after you knew it is a leech: memoquiz says so once, and `memoquiz stats` "
              + "lists it."),
          .paragraph(
            "Every answer is saved before its verdict is shown. An unfinished round resumes at the same question "
              + "with the next `memoquiz play` of that group. A group is played by one memoquiz at a time."),
        ],
        examples: [
          Example("memoquiz play hiragana", "a round of Hiragana in random order"),
          Example("memoquiz play 2 --strategy sequential", "the second group, in the order of the file"),
          Example("memoquiz play \"Basic Phrases\" --seed 42 --restart", "a new round, in a repeatable order"),
          Example("memoquiz play katakana --strategy review --new 5", "what is due, and at most 5 new questions"),
          Example(
            "printf 'a\\ni\\n' | memoquiz play hiragana --strategy sequential",
            "answer the first two questions (あ, い) from a pipe"),
        ]),
      CommandDeclaration(
        ReviewCommand.self, name: "review",
        abstract: "Play one round of everything due today, in all groups or the ones named, then new questions.",
        arguments: [.group(.repeating, "the groups to review; without them, all groups")],
        options: [
          .option("--new", "N", .number, "how many new questions this round takes, instead of what is left of today's")
        ],
        discussion: [
          .paragraph(
            "The questions due now come first, the ones you are most likely to have forgotten first, from every "
              + "group; then new questions, group by group in the order of the file, up to what is left of "
              + "new-per-day (`memoquiz config`). Each prompt shows its group. A question you miss comes back later "
              + "in the round. An unfinished review round resumes with the next `memoquiz review`; one is open at a "
              + "time, and its groups cannot be played elsewhere meanwhile.")
        ] + roundInputs,
        examples: [
          Example("memoquiz review", "today's review, in all groups"),
          Example("memoquiz review hiragana katakana", "two groups"),
          Example("memoquiz review --new 0", "only what is due"),
        ]),
      CommandDeclaration(
        TodayCommand.self, name: "today",
        abstract: "Show what is due today and how many new questions, per group, with the time it takes.",
        options: [
          .flag(
            "--json",
            "print one JSON object: day (YYYY-MM-DD), due, new, minutes, next (ISO 8601 UTC, or null) and groups "
              + "(title, due, new)")
        ],
        discussion: [
          .paragraph(
            "The learner's day starts at day-starts-at, local time (TZ). New counts what today's review would ask, "
              + "within what is left of new-per-day. The minutes come from your recent answer times: the median of "
              + "the last 500 answers (8 seconds before there are 20), a new question counted twice.")
        ],
        examples: [
          Example("memoquiz today", "the day at a glance"),
          Example("memoquiz today --json", "for scripts"),
        ]),
      CommandDeclaration(
        ConfigCommand.self, name: "config", abstract: "List the settings, show one, or change one.",
        arguments: [
          ArgumentDeclaration(
            name: "KEY", noun: "a KEY", arity: .optional,
            kind: .choices(noun: "setting", Setting.choices + [ConfigCommand.modelChoice]),
            help: "the setting to show or change"),
          ArgumentDeclaration(name: "VALUE", noun: "a VALUE", arity: .optional, kind: .text, help: "its new value"),
        ],
        options: [
          .option(
            "--group", "GROUP", .group,
            "the group's own new-per-day, desired-retention or leech-threshold; alone, what differs from the folder's")
        ],
        discussion: [
          .paragraph(
            "Changing a setting is a step of the history: `memoquiz undo` takes it back. A value out of range is "
              + "refused with the values allowed."),
          .paragraph(
            "With --group, a group has its own new-per-day (its new questions a day; the folder's cap still holds "
              + "for all groups together), desired-retention (its cards' due days) or leech-threshold, as Anki's "
              + "presets; `config --group GROUP` lists what differs from the whole folder's settings. The value "
              + "`folder` gives the group the folder's value again, whatever it becomes."),
        ],
        examples: [
          Example("memoquiz config", "every setting, with its value and default"),
          Example("memoquiz config new-per-day 10", "at most 10 new questions a day"),
          Example("memoquiz config day-starts-at", "the hour the day starts"),
          Example("memoquiz config typos forgive", "count answers a few letters off as correct"),
          Example("memoquiz config model", "the memory model the scheduler uses, with its parameters"),
          Example("memoquiz config --group Kanji new-per-day 5", "at most 5 new questions a day in Kanji"),
          Example("memoquiz config --group Kanji new-per-day folder", "Kanji takes the folder's new-per-day again"),
        ]),
      CommandDeclaration(
        GroupsCommand.self, name: "groups",
        abstract: "List the question groups with question counts, how many are due, and scores.",
        options: [.flag("--names", "print only the titles, one a line, for completion scripts", hidden: true)],
        discussion: [.paragraph("The numbers shown can stand for a group's title in other commands.")],
        examples: [Example("memoquiz groups", "the groups, numbered")]),
      CommandDeclaration(
        ScoresCommand.self, name: "scores", abstract: "Show the scores of every group, or of one.",
        arguments: [.group(.optional, "the group to show, with its weakest questions")],
        options: [
          .flag(
            "--json",
            "print a JSON array, one object per group in the order of `memoquiz groups`, with title, questionCount, "
              + "correctCount, incorrectCount, accuracy (0 to 1, or null), lastPlayed (ISO 8601, or null), due, new, "
              + "and questions: each question's prompt, id, correctCount, incorrectCount, stability, difficulty, due, "
              + "lastReview and retrievability (null before its first answer)")
        ],
        discussion: [
          .paragraph(
            "Scores count every answer since the last reset: correct, incorrect, the accuracy with a bar, how many "
              + "questions are due for review, and the day the group was last played.")
        ],
        examples: [
          Example("memoquiz scores", "every group"),
          Example("memoquiz scores katakana", "one group and its weakest questions"),
          Example("memoquiz scores --json", "for scripts"),
        ]),
      CommandDeclaration(
        StatsCommand.self, name: "stats",
        abstract: "Show progress over time: a calendar, streaks, retention, a forecast, the weakest questions.",
        arguments: [.group(.optional, "the group to show; without it, all groups")],
        options: [
          .option("--weeks", "N", .number, "how many weeks the calendar shows (1 to 520, default 26)"),
          .flag(
            "--json",
            "print one JSON object: days (date, answers, correct for each day with answers), currentStreak, "
              + "longestStreak, retention (0 to 1, or null), forecast (14 of date and due) and weakest (group, "
              + "prompt, incorrectCount, retrievability)"),
        ],
        discussion: [
          .paragraph("For every group, or for GROUP:"),
          .definitions([
            Definition(
              "calendar",
              "the last N weeks (fewer on a narrow terminal): a cell a day, Monday to Sunday downwards, shaded by "
                + "the number of answers that day (· ░ ▒ ▓ █)"),
            Definition(
              "activity",
              "the answers and accuracy of the last 30 days, and the current and longest streak of days with answers"),
            Definition(
              "retention",
              "the share of right answers among reviews of questions that were due, over the last 30 days, beside "
                + "the 90% that review aims at"),
            Definition("forecast", "how many questions fall due on each of the next 14 days"),
            Definition("weakest", "the most missed questions, then the lowest chance of recall"),
          ]),
          .paragraph(
            "Days are learner days, from day-starts-at local time, in the time zone of TZ or else the system's."),
        ],
        examples: [
          Example("memoquiz stats", "all groups"),
          Example("memoquiz stats katakana --weeks 12", "one group, the last 12 weeks"),
          Example("memoquiz stats --json", "for scripts"),
        ]),
      CommandDeclaration(
        ResetCommand.self, name: "reset",
        abstract: "Set the scores and memory of a group, or of all groups, back to zero.",
        arguments: [.group(.required, "the group to reset", alternative: "--all")],
        options: [.flag("--all", "reset every group"), .flag("--yes", "do not ask")],
        discussion: [
          .paragraph(
            "The reset is a step of the history: `memoquiz undo` takes it back, with every answer given since added "
              + "back in. The group's unfinished round is dropped too. On a terminal, reset asks before it acts; "
              + "elsewhere it needs --yes.")
        ],
        examples: [
          Example("memoquiz reset hiragana", "asks, then resets Hiragana"),
          Example("memoquiz reset --all --yes", "every group, without asking"),
        ]),
      CommandDeclaration(
        UndoCommand.self, name: "undo", abstract: "Take back one step: the newest, or step ID from `memoquiz history`.",
        arguments: [
          ArgumentDeclaration(
            name: "ID", noun: "a step number", arity: .optional, kind: .number,
            help:
              "the number `memoquiz history` shows, or the step's id (\"step\" in `history --json`), which never "
              + "changes, or the id of an undo (\"undoneBy\"), any machine's, to bring back what it took back; "
              + "without it, the newest step")
        ],
        discussion: [
          .paragraph(
            "Every change is a step: an answer, a :right, a reset, an edit, an add, an import, a restore. Undo takes "
              + "back exactly one, and never the steps after it: taking back a reset brings back the scores and "
              + "memory it cleared, with every answer given since added in. Nothing is deleted; `memoquiz redo` "
              + "brings the step back, and `memoquiz history` shows it marked as taken back. To take back an answer "
              + "during a round, type :undo.")
        ],
        examples: [
          Example("memoquiz undo", "take back the newest step"),
          Example("memoquiz history --limit 5", "find a step's number..."),
          Example("memoquiz undo 3", "...and take back that step alone"),
        ]),
      CommandDeclaration(
        RedoCommand.self, name: "redo", abstract: "Bring back the step that `memoquiz undo` took back most recently.",
        examples: [Example("memoquiz undo && memoquiz redo", "take a step back, then bring it back")]),
      CommandDeclaration(
        HistoryCommand.self, name: "history", abstract: "Show the steps of the history, newest first.",
        arguments: [.group(.optional, "show only the steps of this group")],
        options: [
          .option("--limit", "N", .number, "show the newest N steps (default 20; every step with --json)"),
          .flag(
            "--json",
            "print a JSON array, newest first, of objects with id, time, kind, group, undone, and for answers "
              + "prompt, typed, correct"),
        ],
        discussion: [
          .paragraph(
            "Each step has a number that `memoquiz undo ID` takes. Steps taken back stay in the list, marked so.")
        ],
        examples: [
          Example("memoquiz history", "the newest 20 steps"),
          Example("memoquiz history hiragana --limit 5", "the newest 5 steps of Hiragana"),
          Example("memoquiz history --json", "every step, for scripts"),
        ]),
      CommandDeclaration(
        SnapshotsCommand.self, name: "snapshots",
        abstract: "List the saved versions of the questions file, newest first.",
        discussion: [
          .paragraph(
            "memoquiz saves the questions file before anything replaces it (edit, add, import, restore, undo of "
              + "one of them). The newest \(SnapshotCaretaker.limit) are kept.")
        ],
        examples: [Example("memoquiz snapshots", "the saved versions, with their IDs")]),
      CommandDeclaration(
        RestoreCommand.self, name: "restore", abstract: "Bring back a saved version of the questions file.",
        arguments: [
          ArgumentDeclaration(
            name: "ID", noun: "a snapshot ID", arity: .required, kind: .number,
            help: "the number `memoquiz snapshots` shows")
        ],
        discussion: [
          .paragraph(
            "The questions file it replaces is saved as a new snapshot first, and the restore is a step of the "
              + "history: `memoquiz undo` takes it back.")
        ],
        examples: [Example("memoquiz restore 3", "bring back snapshot 3")]),
      CommandDeclaration(
        EditCommand.self, name: "edit",
        abstract: "Edit the questions as JSON in your editor; only a valid file is installed.",
        discussion: [
          .paragraph(
            "Opens a copy of questions.json (or of the bundled questions, when you have none yet) in $VISUAL, else "
              + "$EDITOR, else vi. When the editor closes, the copy is checked as `memoquiz validate` does:"),
          .definitions([
            Definition("unchanged", "nothing happens"),
            Definition(
              "valid",
              "a snapshot of the old questions is saved (`memoquiz undo` brings them back), then the copy becomes "
                + "questions.json"),
            Definition(
              "invalid",
              "the problems are shown; on a terminal you can edit again (the editor opens at the first problem's "
                + "line, for editors that take +LINE); declining, or off a terminal, memoquiz exits with 65, "
                + "questions.json stays as it was, and the path of your kept copy is printed"),
          ]),
          .paragraph(
            "The edit is a step of the history. Progress stays with unchanged titles, and each question's memory "
              + "with its id (or its prompt)."),
        ],
        examples: [
          Example("memoquiz edit", "in $VISUAL, $EDITOR or vi"),
          Example("EDITOR=\"code --wait\" memoquiz edit", "in another editor"),
        ]),
      CommandDeclaration(
        AddCommand.self, name: "add", abstract: "Add one question to a group, creating the group when it is new.",
        arguments: [
          .group(.required, "a title (ignoring case) or the number `memoquiz groups` shows; a new title makes a group"),
          ArgumentDeclaration(name: "PROMPT", noun: "a PROMPT", arity: .required, kind: .text, help: "what is asked"),
          ArgumentDeclaration(
            name: "ANSWER", noun: "an ANSWER", arity: .required, kind: .text, help: "what is expected"),
        ],
        options: [
          .option("--hint", "H", .text, "the hint `?` shows"),
          .option("--alternative", "A", .text, "another answer accepted as correct", repeats: true),
          .option(
            "--other-answer", "A", .text, "an answer right for something else: asked again, not graded", repeats: true),
          .option("--blocked", "A", .text, "an answer always graded Incorrect, however close", repeats: true),
          .flag("--self", "a card you grade yourself: the answer is shown, you say how well you knew it"),
          .flag(
            "--new-group",
            "make a new group even when GROUP is near an existing title (a typo, or the start of one); without it, "
              + "memoquiz asks on a terminal and refuses elsewhere"),
        ],
        discussion: [
          .paragraph(
            "A prompt the group has already is refused. The addition is a step of the history: `memoquiz undo` "
              + "takes it back.")
        ],
        examples: [
          Example("memoquiz add Kanji 山 yama --hint \"three peaks\"", "a question with a hint"),
          Example("memoquiz add Numbers 四十 40 --alternative yonjuu", "and another accepted answer"),
          Example("memoquiz add Verbs 聞く \"to listen; to ask\" --self", "a card you grade yourself"),
        ]),
      CommandDeclaration(
        ImportCommand.self, name: "import",
        abstract: "Add groups from a questions file, an Anki package, Anki's plain text (TSV, CSV) or a BSD quiz file.",
        arguments: [
          ArgumentDeclaration(name: "FILE", noun: "a FILE", arity: .required, kind: .file, help: "the file to read")
        ],
        options: [
          .option(
            "--format", "F", .choices(noun: "format", ImportFormat.choices),
            "the format; without it, the one the file's name says"),
          .option("--title", "T", .text, "the title of the new group (all but JSON)"),
          .flag("--merge", "add to groups of the same title", exclusiveGroup: "mode"),
          .flag("--replace", "replace groups of the same title", exclusiveGroup: "mode"),
          .flag("--dry-run", "say what would change, and change nothing"),
        ],
        discussion: [
          .paragraph(
            "Anki's plain text may have header lines such as #separator:tab, #html:true and #deck column:2, and "
              + "quoted fields; a .csv file is comma-separated and a .tsv file tab-separated unless #separator: says "
              + "otherwise. A BSD quiz(6) file's answer patterns give the alternatives."),
          .paragraph(
            "An Anki package, .apkg (a shared deck) or .colpkg (a whole collection), current or legacy: a deck becomes "
              + "a group of the same name (A::B as it is); Basic and type-in notes become questions, reversed notes "
              + "questions with \"reverse\", Cloze notes questions with \"cloze\", other note types their first "
              + "field as the prompt and second as the answer; tags are kept, HTML becomes text, and cards whose "
              + "prompt is only a picture or a sound are skipped and counted. Note types that type the answer give "
              + "typed questions, all others cards you grade yourself; furigana become 山[やま]."),
          .paragraph(
            "A group's title is --title, else the deck column's value (a group per deck), else the file's name. A "
              + "title that exists is an error unless --merge (new questions are added, known ones take the imported "
              + "answer and keep their memory) or --replace. All or nothing: every bad line is shown as "
              + "FILE:LINE: error: MESSAGE, nothing is imported, and the exit status is 65. An import is a step of the "
              + "history: `memoquiz undo` takes it back."),
        ],
        examples: [
          Example("memoquiz import ~/Downloads/kanji.txt", "Anki's plain text"),
          Example("memoquiz import ~/Downloads/Japanese_Core_2000.apkg", "a shared Anki deck"),
          Example("memoquiz import words.csv --title Words --merge", "into the group Words"),
          Example(
            "memoquiz import /usr/share/games/bsdgames/quiz/europe --format bsdquiz --dry-run",
            "check a BSD quiz file"),
        ]),
      CommandDeclaration(
        ExportCommand.self, name: "export",
        abstract: "Write groups as a questions file, TSV, Anki's plain text, or an Anki package.",
        arguments: [.group(.repeating, "the groups to write; without any, every group")],
        options: [
          .option(
            "--format", "F", .choices(noun: "format", QuestionExport.Format.choices), "the format (default json)"),
          .option("--output", "FILE", .file, "write to FILE (durably) instead of standard output"),
        ],
        discussion: [
          .paragraph(
            "Anki imports the anki format as Basic notes, in a deck per group. `memoquiz import` reads each format "
              + "back."),
          .paragraph(
            "The apkg format is an Anki package, written to --output: decks, notes with their guids and tags, each "
              + "card's due day and FSRS memory, and the review log of every answer. Anki's Import with \"Import any "
              + "learning progress\" keeps the scheduling of notes it does not have yet."),
        ],
        examples: [
          Example("memoquiz export hiragana --format anki --output hiragana.txt", "for Anki"),
          Example("memoquiz export verbs --format apkg --output verbs.apkg", "back to Anki, with the memory"),
          Example("memoquiz export --format tsv > all.tsv", "every group as TSV"),
        ]),
      CommandDeclaration(
        ValidateCommand.self, name: "validate",
        abstract: "Check a questions file and report every problem with its line and column.",
        arguments: [
          ArgumentDeclaration(
            name: "FILE", noun: "a FILE", arity: .optional, kind: .file,
            help: "the file to check; without it, the questions in use (questions.json, or the bundled set)")
        ],
        discussion: [
          .paragraph("Each problem is printed so that editors can jump to it:"),
          .verbatim(["FILE:LINE:COLUMN: error: MESSAGE"]),
          .paragraph(
            "Unknown keys that look like typos (\"hnit\") are warnings. The JSON must be strict: no trailing commas, "
              + "no comments, no duplicate keys. The exit status is 0 for a valid file, 65 for an invalid one, and 66 "
              + "when FILE does not exist."),
        ],
        examples: [
          Example("memoquiz validate", "the questions in use"),
          Example("memoquiz validate ~/my-questions.json", "another file"),
        ]),
      CommandDeclaration(
        CompletionCommand.self, name: "completion", abstract: "Print a completion script for a shell.",
        arguments: [
          ArgumentDeclaration(
            name: "SHELL", noun: "a SHELL", arity: .required, kind: .choices(noun: "shell", Shell.choices),
            help: "the shell")
        ],
        discussion: [
          .paragraph(
            "The script completes commands, options, their values, file names and group titles (asked of memoquiz "
              + "as you type, so a new group completes at once).")
        ],
        examples: [
          Example("memoquiz completion bash > ~/.local/share/bash-completion/completions/memoquiz", "bash"),
          Example("memoquiz completion zsh > ~/.zfunc/_memoquiz", "zsh, with ~/.zfunc in $fpath"),
          Example("memoquiz completion fish > ~/.config/fish/completions/memoquiz.fish", "fish"),
        ]),
      CommandDeclaration(
        ManualCommand.self, name: "manual", abstract: "Print the manual page (roff, section 1).",
        examples: [
          Example("memoquiz manual | man -l -", "read it now"),
          Example("memoquiz manual > ~/.local/share/man/man1/memoquiz.1", "install it for `man memoquiz`"),
        ]),
      CommandDeclaration(
        OptimizeCommand.self, name: "optimize",
        abstract: "Fit the scheduler's parameters to your own history of answers.",
        options: [
          .flag(
            "--dry-run", "fit and report, but install nothing; say what --reschedule would do to today's due cards"),
          .flag(
            "--reschedule",
            "compute every card's due day again with the parameters installed, or with those in use when there is "
              + "nothing better to install (without it, each card keeps its due day until its next review)"),
          .flag(
            "--json",
            "print reviews, current and fitted (parameters, logLoss, rmseBins), installed, and the expected reviews a "
              + "day and retention at desired retention 0.80, 0.85, 0.90 and 0.95"),
          .flag(
            "--evaluate",
            "also score the parameters in use and fitting itself on reviews not fitted on (time-series splits), "
              + "with Anki's health check; installs nothing (with --json: an \"evaluation\" object)"),
          OptionDeclaration(
            name: "--model", valueName: "KIND", kind: .text,
            help: "fit and install the memory model KIND (FSRS-6, SBD, SBD+hours) whatever the tournament says",
            isHidden: true),
        ],
        discussion: [
          .paragraph(
            "FSRS-6 schedules with 21 parameters; the published ones are the average of millions of learners. "
              + "optimize fits them to your answers (taken-back answers left out, :right applied) as the FSRS "
              + "authors' optimizer does, and prints how well the current and the fitted parameters predict your "
              + "answers (log loss and RMSE, lower is better). It installs the fitted ones only when they predict "
              + "better; the install is a step of the history, so `memoquiz undo` goes back. With too few reviews "
              + "it keeps the current parameters and says how many more it needs."),
          .paragraph(
            "Intervals are counted in learner days, as Anki's optimizer counts them. Installing parameters changes "
              + "each card's memory, not the day it falls due, unless --reschedule is given; when the cards due today "
              + "change, it says how many before and after."),
          .paragraph(
            "It also prints, for the parameters it would use, how many reviews a day and what share remembered to "
              + "expect at each desired retention, the chance of recall at which a question falls due; "
              + "`memoquiz config desired-retention 0.85` sets it. It then recommends the desired retention that "
              + "gives the most retention per minute of reviews, as Anki's \"Help Me Decide\" compares them; the "
              + "recommendation is not recorded, and no other command repeats it."),
          .paragraph(
            "Fitting weighs newer answers more, as Anki's optimizer does: your memory as it is now counts most. "
              + "--evaluate tells how well that works for you, as Anki's Evaluate does: your reviews in time "
              + "order are cut in six, and each of the last five is predicted by parameters fitted only on the "
              + "reviews before it; the log loss and RMSE of those predictions, beside those of the parameters in "
              + "use, say how well fitting predicts answers it has not seen. With more than 300 reviews, Anki's "
              + "health check then says whether FSRS can adapt to your memory."),
        ],
        examples: [
          Example("memoquiz optimize --dry-run", "see what fitting would change"),
          Example("memoquiz optimize --evaluate", "how well fitting predicts your answers"),
          Example("memoquiz optimize", "fit and install when better"),
        ]),
      CommandDeclaration(
        SyncCommand.self, name: "sync",
        abstract: "Exchange steps with your other machines through git.",
        options: [
          .option(
            "--init", "REMOTE", .text,
            "make the data folder a git repository with this remote (a URL or a path), whether the folder is new or "
              + "holds answers, and whether the remote is empty or holds other machines' files")
        ],
        discussion: [
          .paragraph(
            "Each machine writes its steps only to its own file under history/, so git merges them without a "
              + "conflict. `memoquiz sync` commits this machine's new steps, pulls, pushes, and says what arrived "
              + "from each machine; memory, scores and the questions then follow the whole history."),
          .paragraph(
            "Outside a git repository it says so and exits 1; git's own errors are shown as git writes them. "
              + "Any file sync works too (Syncthing, Dropbox, rsync): share history/ and keep local/ out."),
          .paragraph(
            "A remote that lost commits (rolled back, restored from a backup, or left by a power cut naming objects "
              + "it no longer holds) is sent every history file it lacks, with a warning; one on this machine's disks "
              + "that git can no longer fetch from or push to is kept aside as NAME.damaged-DATE and made again."),
        ],
        examples: [
          Example("memoquiz sync --init git@example.com:me/memoquiz-data.git", "set it up once on each machine"),
          Example("memoquiz sync", "send and receive the day's answers"),
        ]),
      CommandDeclaration(
        PathsCommand.self, name: "paths", abstract: "Print where memoquiz keeps its data.",
        discussion: [
          .paragraph(
            "The data folder is $MEMOQUIZ_HOME if set, else $XDG_DATA_HOME/memoquiz, else ~/.local/share/memoquiz.")
        ],
        examples: [Example("memoquiz paths", "the data folder and its files")]),
      CommandDeclaration(
        HelpCommand.self, name: "help", abstract: "Show the help of memoquiz, or of a command.",
        arguments: [
          ArgumentDeclaration(
            name: "COMMAND", noun: "a COMMAND", arity: .optional, kind: .command, help: "the command to explain")
        ],
        examples: [Example("memoquiz help play", "the same as `memoquiz play --help`")]),
      CommandDeclaration(
        ExamCommand.self, name: "exam",
        abstract: "Set a goal to know some groups by a date, list the goals, or end one.",
        arguments: [.group(.repeating, "the groups the exam covers; without any, the goals are listed")],
        options: [
          .option("--on", "DATE", .text, "the exam's date, YYYY-MM-DD"),
          .option(
            "--retention", "R", .text,
            "the predicted recall to reach on the date, 0.70 to 0.99 (default desired-retention)"),
          .option("--clear", "GROUP", .group, "end every goal that covers GROUP"),
        ],
        discussion: [
          .paragraph(
            "Until the date, a review of those groups is never put after it when the question's predicted recall on "
              + "the date would fall below R, and each question's last review before it falls in its last three days, "
              + "spread over them; when R is no higher than desired-retention, the reviews well before the date come "
              + "later to pay for them. "
              + "`memoquiz today` shows each goal with its predicted recall on the date, from your own parameters, "
              + "and the new questions a day it needs so that each is answered on two days before it. Setting or "
              + "ending a goal is a step of the history: `memoquiz undo` takes it back. After the date, and after "
              + "--clear, the groups are scheduled as before; no due day already set changes.")
        ],
        examples: [
          Example("memoquiz exam Hiragana Katakana --on 2026-12-20", "both groups known by 20 December"),
          Example("memoquiz exam Hiragana --on 2026-12-20 --retention 0.95", "aim higher"),
          Example("memoquiz exam", "the goals and how they stand"),
          Example("memoquiz exam --clear Hiragana", "end the goal"),
        ]),
    ] + cardControlCommands

  /// The inputs of a round, as `:help` lists them, for `play` and `review`.
  static let roundInputs: [HelpBlock] = [
    .paragraph(RoundInput.introduction),
    .definitions(RoundInput.all.map { Definition($0.name, $0.meaning(wording: CommandError.wording)) }),
    .paragraph(RoundInput.otherwise),
    .paragraph(RoundInput.selfGrading),
  ]

  /// The command called `name`.
  static func command(named name: String) -> CommandDeclaration? {
    commands.first { $0.name == name }
  }
}
