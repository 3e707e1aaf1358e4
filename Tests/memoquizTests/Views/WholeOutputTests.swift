import Foundation
import Testing

@testable import memoquiz

/// Whole outputs of the commands that show a folder, on one seeded folder at
/// a fixed time: every line and every space is part of what a user sees.
@Suite struct WholeOutputTests {
  /// Two groups: three capitals answered at nine (Italy missed), and the
  /// first of two elements answered in the evening, its round unfinished.
  private func seededFolder() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"""
      [{"title": "Capitals", "questions": [{"prompt": "France", "answer": "Paris"}, {"prompt": "Italy", "answer": "Rome"},
        {"prompt": "Spain", "answer": "Madrid"}]},
       {"title": "Elements", "questions": [{"prompt": "H", "answer": "hydrogen"}, {"prompt": "He", "answer": "helium"}]}]
      """#)
    let capitals = try sandbox.run(
      ["play", "Capitals", "--strategy", "sequential"], input: "Paris\nMilan\nMadrid\n",
      environment: ["MEMOQUIZ_NOW": "2026-03-01T09:00:00Z"])
    #expect(capitals.status == 0, "\(capitals.stderr)")
    let elements = try sandbox.run(
      ["play", "Elements", "--strategy", "sequential"], input: "hydrogen\n",
      environment: ["MEMOQUIZ_NOW": "2026-03-01T18:30:00Z"])
    #expect(elements.status == 0, "\(elements.stderr)")
    return sandbox
  }

  /// Runs a command the next morning and expects it to succeed quietly.
  private func nextMorning(_ arguments: [String], in sandbox: MemoQuizSandbox) throws -> String {
    let result = try sandbox.run(arguments, environment: ["MEMOQUIZ_NOW": "2026-03-02T09:00:00Z"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    return result.stdout
  }

  @Test func programHelpIsShownWhole() throws {
    let sandbox = try MemoQuizSandbox()
    let expected = """
      memoquiz \(MemoQuizTool.version): a quiz trainer for the terminal.

      Usage: memoquiz [COMMAND] [OPTIONS]

      With no command, on a terminal, memoquiz shows a menu of question groups.

      Commands:
        play        Play a round of a question group.
        review      Play one round of everything due today, in all groups or the ones
                    named, then new questions.
        today       Show what is due today and how many new questions, per group, with
                    the time it takes.
        config      List the settings, show one, or change one.
        groups      List the question groups with question counts, how many are due,
                    and scores.
        scores      Show the scores of every group, or of one.
        stats       Show progress over time: a calendar, streaks, retention, a
                    forecast, the weakest questions.
        reset       Set the scores and memory of a group, or of all groups, back to
                    zero.
        undo        Take back one step: the newest, or step ID from
                    `memoquiz history`.
        redo        Bring back the step that `memoquiz undo` took back most recently.
        history     Show the steps of the history, newest first.
        snapshots   List the saved versions of the questions file, newest first.
        restore     Bring back a saved version of the questions file.
        edit        Edit the questions as JSON in your editor; only a valid file is
                    installed.
        add         Add one question to a group, creating the group when it is new.
        import      Add groups from a questions file, an Anki package, Anki's plain
                    text (TSV, CSV) or a BSD quiz file.
        export      Write groups as a questions file, TSV, Anki's plain text, or an
                    Anki package.
        validate    Check a questions file and report every problem with its line and
                    column.
        completion  Print a completion script for a shell.
        manual      Print the manual page (roff, section 1).
        optimize    Fit the scheduler's parameters to your own history of answers.
        sync        Exchange steps with your other machines through git.
        paths       Print where memoquiz keeps its data.
        help        Show the help of memoquiz, or of a command.
        exam        Set a goal to know some groups by a date, list the goals, or end
                    one.
        cram        Practise questions without changing their schedule: no memory, due
                    day or score changes.
        suspend     Suspend a question: it is never asked nor counted due until
                    `memoquiz unsuspend`.
        unsuspend   Ask a suspended question again when it is due.
        flagged     List the questions flagged with `:flag` in a round, as
                    GROUP/PROMPT.
        unflag      Take a question off `memoquiz flagged`.

      Options:
        -h, --help     show help; `memoquiz COMMAND --help` shows a command's
        -V, --version  show the version

      Data lives in $MEMOQUIZ_HOME, else $XDG_DATA_HOME/memoquiz, else
      ~/.local/share/memoquiz (`memoquiz paths` prints it). Colour is off when
      NO_COLOR is set, TERM=dumb, or output is not a terminal. `memoquiz manual`
      prints the manual page.

      Exit status: 0 success; 64 wrong usage: an unknown command, option or group, or
      a bad value; 65 invalid data: a questions file or an import that does not
      validate; 66 a named file does not exist; 1 anything else.

      Examples:
        Pick a group from the menu and play:
          memoquiz
        Play a round of Hiragana:
          memoquiz play hiragana
        See how you are doing:
          memoquiz scores
        Change the questions:
          memoquiz edit
        Check a questions file:
          memoquiz validate questions.json

      """
    #expect(try nextMorning(["--help"], in: sandbox) == expected)
  }

  @Test func todayIsShownWhole() throws {
    let sandbox = try seededFolder()
    let expected = """
      Today: 1 due in 1 group and 1 new, about 1 minute
        Capitals  1 due, 0 new
        Elements  0 due, 1 new
      `memoquiz review` plays them.

      """
    #expect(try nextMorning(["today"], in: sandbox) == expected)
  }

  @Test func groupsAreShownWhole() throws {
    let sandbox = try seededFolder()
    // The note under a group is padded to the width of the table.
    let unfinished = "     unfinished: question 2 of 2" + String(repeating: " ", count: 48)
    let expected = """
        #  Group     Questions  Due  Correct  Incorrect  Accuracy
        1  Capitals          3    1        2          1       67%
        2  Elements          2    0        1          0      100%
      \(unfinished)

      """
    #expect(try nextMorning(["groups"], in: sandbox) == expected)
  }

  @Test func historyIsShownWhole() throws {
    let sandbox = try seededFolder()
    let expected = """
      ID  Time              Step
       4  2026-03-01 18:30  Elements: answer "hydrogen" to H: correct
       3  2026-03-01 09:00  Capitals: answer "Madrid" to Spain: correct
       2  2026-03-01 09:00  Capitals: answer "Milan" to Italy: incorrect
       1  2026-03-01 09:00  Capitals: answer "Paris" to France: correct

      """
    #expect(try nextMorning(["history"], in: sandbox) == expected)
  }

  @Test func statsAreShownWhole() throws {
    let sandbox = try seededFolder()
    let expected = """
      All groups

          Sep   Oct     Nov       Dec     Jan     Feb     Mar
      Mon · · · · · · · · · · · · · · · · · · · · · · · · · ·
          · · · · · · · · · · · · · · · · · · · · · · · · ·
      Wed · · · · · · · · · · · · · · · · · · · · · · · · ·
          · · · · · · · · · · · · · · · · · · · · · · · · ·
      Fri · · · · · · · · · · · · · · · · · · · · · · · · ·
          · · · · · · · · · · · · · · · · · · · · · · · · ·
      Sun · · · · · · · · · · · · · · · · · · · · · · · · █
          less · ░ ▒ ▓ █ more   (busiest day: 4 answers)

      Last 30 days: 4 answers, 75% correct
                                    █   (each day, oldest first)
      Streak: 1 day in a row; longest 1 day.
      Retention: no due question was reviewed in the last 30 days.

      Due in the next 14 days:
        Mon  2 Mar  █████████████ 1
        Tue  3 Mar  ████████████████████████████████████████ 3
        Wed  4 Mar  0
        Thu  5 Mar  0
        Fri  6 Mar  0
        Sat  7 Mar  0
        Sun  8 Mar  0
        Mon  9 Mar  0
        Tue 10 Mar  0
        Wed 11 Mar  0
        Thu 12 Mar  0
        Fri 13 Mar  0
        Sat 14 Mar  0
        Sun 15 Mar  0

      Weakest questions:
        Italy  1 miss in all  recall now 77%

      """
    #expect(try nextMorning(["stats"], in: sandbox) == expected)
  }
}
