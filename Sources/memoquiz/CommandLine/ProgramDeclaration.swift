/// What `memoquiz` says of itself as a whole: the top of `--help` and the
/// sections of the manual page that belong to no one command.
enum ProgramDeclaration {
  static let version = "5.0.0"
  static let abstract = "a quiz trainer for the terminal"
  static let description =
    "memoquiz asks the questions of a group one at a time, grades each answer at once, and remembers every "
    + "answer: it schedules each question for review when you are about to forget it. With no command, on a "
    + "terminal, memoquiz shows a menu of question groups."

  /// The options of `memoquiz` itself, before any command.
  static let options: [OptionDeclaration] = [
    OptionDeclaration(name: "--help", short: "-h", help: "show help; `memoquiz COMMAND --help` shows a command's"),
    OptionDeclaration(name: "--version", short: "-V", help: "show the version"),
  ]

  /// The files of the data folder, and what each holds.
  static let files: [Definition] = [
    Definition("questions.json", "the question groups, yours to edit (absent: the bundled groups are used)"),
    Definition(
      "history/", "every step of every machine, one file a machine (MACHINE.log): the part to sync"),
    Definition("local/", "this machine's own files, never synced: its identity, the lock, the checkpoint"),
    Definition("local/checkpoint", "the state the history gives, saved to start faster"),
    Definition("local/snapshots/", "the saved versions of the questions file"),
    Definition(".gitignore", "tells git to keep only history/ (written by `memoquiz sync --init`)"),
    Definition(
      "history.log, scores.json", "the files of earlier releases, carried over on first use and kept under local/"),
  ]

  /// The environment variables memoquiz reads.
  static let environment: [Definition] = [
    Definition("MEMOQUIZ_HOME", "the data folder"),
    Definition("XDG_DATA_HOME", "without MEMOQUIZ_HOME, the data folder is its memoquiz folder"),
    Definition("HOME", "without either, the data folder is ~/.local/share/memoquiz"),
    Definition(
      "MEMOQUIZ_NOW",
      "the current time, as an ISO 8601 date and time with an offset (2026-12-01T09:00:00Z), for every command"),
    Definition("VISUAL, EDITOR", "the editor of `memoquiz edit`, else vi"),
    Definition("NO_COLOR", "when set, no colour"),
    Definition("TERM", "dumb: no colour and no line editing"),
    Definition(
      "TZ", "the time zone learner days are counted in (America/New_York, or a POSIX rule); else the system's"),
    Definition("COLUMNS", "the width to wrap to when the terminal does not say"),
  ]

  /// The exit codes, as the contract fixes them.
  static let exitStatus: [Definition] = [
    Definition("0", "success"),
    Definition("64", "wrong usage: an unknown command, option or group, or a bad value"),
    Definition("65", "invalid data: a questions file or an import that does not validate"),
    Definition("66", "a named file does not exist"),
    Definition("1", "anything else"),
  ]

  /// The examples of `memoquiz --help` and the manual.
  static let examples: [Example] = [
    Example("memoquiz", "pick a group from the menu and play"),
    Example("memoquiz play hiragana", "play a round of Hiragana"),
    Example("memoquiz scores", "see how you are doing"),
    Example("memoquiz edit", "change the questions"),
    Example("memoquiz validate questions.json", "check a questions file"),
  ]
}
