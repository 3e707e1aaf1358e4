import MemoQuizKit
import Testing

@testable import memoquiz

/// Help as a person reads it, asserted whole (argument-parser's
/// `AssertHelp`), and fitted to narrow terminals.
@Suite struct HelpFormatterTests {
  @Test func resetHelpAt60Columns() throws {
    let reset = try #require(CommandTable.command(named: "reset"))
    #expect(
      HelpFormatter(width: 60).help(for: reset) == """
        Set the scores and memory of a group, or of all groups, back
        to zero.

        Usage: memoquiz reset (GROUP | --all) [--yes]

        Arguments:
          GROUP       the group to reset

        Options:
          --all       reset every group
          --yes       do not ask
          -h, --help  show this help

        The reset is a step of the history: `memoquiz undo` takes it
        back, with every answer given since added back in. The
        group's unfinished round is dropped too. On a terminal,
        reset asks before it acts; elsewhere it needs --yes.

        Examples:
          Asks, then resets Hiragana:
            memoquiz reset hiragana
          Every group, without asking:
            memoquiz reset --all --yes

        """)
  }

  @Test func completionHelpAt60Columns() throws {
    let completion = try #require(CommandTable.command(named: "completion"))
    #expect(
      HelpFormatter(width: 60).help(for: completion) == """
        Print a completion script for a shell.

        Usage: memoquiz completion SHELL

        Arguments:
          SHELL       the shell

        Options:
          -h, --help  show this help

        The script completes commands, options, their values, file
        names and group titles (asked of memoquiz as you type, so a
        new group completes at once).

        Examples:
          Bash:
            memoquiz completion bash > \\
              ~/.local/share/bash-completion/completions/memoquiz
          Zsh, with ~/.zfunc in $fpath:
            memoquiz completion zsh > ~/.zfunc/_memoquiz
          Fish:
            memoquiz completion fish > \\
              ~/.config/fish/completions/memoquiz.fish

        """)
  }

  @Test(arguments: [60, 80, 132])
  func everyCommandsHelpFitsTheWidth(_ width: Int) {
    let formatter = HelpFormatter(width: width)
    let helps =
      [("memoquiz", formatter.programHelp())] + CommandTable.commands.map { ($0.name, formatter.help(for: $0)) }
    for (name, help) in helps {
      for line in help.split(separator: "\n") {
        #expect(DisplayWidth.of(String(line)) <= width, "\(name) at \(width): \(line)")
      }
    }
  }

  @Test func usageLinesFit60ColumnsWithEachPieceWhole() {
    for command in CommandTable.commands {
      let usage = HelpFormatter(width: 60).usage(command)
      for line in usage.split(separator: "\n") { #expect(line.count <= 60, "\(line)") }
      let flattened = usage.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ")
      for piece in command.usagePieces { #expect(flattened.contains(piece), "\(command.name): \(piece) was split") }
    }
  }

  @Test func inlineCommandsAndOptionValuesAreNeverSplit() {
    // Every help text at every width from 40 to 100 columns; the lines that
    // break a span are collected and expected to be none.
    var broken: [String] = []
    for width in 40...100 {
      let formatter = HelpFormatter(width: width)
      for help in [formatter.programHelp()] + CommandTable.commands.map(formatter.help(for:)) {
        for line in help.split(separator: "\n") {
          // An odd number of backticks on a line means a span broke across lines.
          let splitsASpan = line.utf8.count { $0 == UInt8(ascii: "`") } % 2 != 0
          let splitsAnOption = line.hasSuffix(" --strategy") || line.hasSuffix(" --format")
          if splitsASpan || splitsAnOption { broken.append("width \(width): \(line)") }
        }
      }
    }
    #expect(broken == [])
  }
}
