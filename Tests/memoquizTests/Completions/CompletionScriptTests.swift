import Foundation
import Testing

@testable import memoquiz

/// The completion scripts, run in real bash, zsh and fish. A shell that is
/// not installed is skipped with its reason shown (`.ci/run` installs all
/// three).
@Suite struct CompletionScriptTests {
  static let bash = ShellCompleter.isInstalled(.bash)
  static let zsh = ShellCompleter.isInstalled(.zsh)
  static let fish = ShellCompleter.isInstalled(.fish)

  /// The installed shells; the tests below run once per shell.
  static let shells = ShellCompleter.Shell.allCases.filter(ShellCompleter.isInstalled)

  @Test func everyShellIsInstalledForTheCompletionTests() {
    // Reported, not silently skipped: the per-shell tests below only run on
    // the shells found here.
    #expect(Self.bash, "bash is not installed: its completion tests cannot run")
    #expect(Self.zsh, "zsh is not installed (apt-get install zsh): its completion tests cannot run")
    #expect(Self.fish, "fish is not installed (apt-get install fish): its completion tests cannot run")
  }

  @Test(.enabled(if: !shells.isEmpty, "no shell with completion is installed"), arguments: shells)
  func aCommandCompletesFromItsStart(_ shell: ShellCompleter.Shell) throws {
    let completer = try ShellCompleter(shell, sandbox: try MemoQuizSandbox())
    #expect(try completer.complete("memoquiz pl") == ["play"])
    #expect(try completer.complete("memoquiz s").sorted() == ["scores", "snapshots", "stats"])
    #expect(try Set(completer.complete("memoquiz ")) == Set(CommandTable.commands.map(\.name)))
  }

  @Test(.enabled(if: !shells.isEmpty, "no shell with completion is installed"), arguments: shells)
  func groupTitlesCompleteIncludingOneJustAdded(_ shell: ShellCompleter.Shell) throws {
    let sandbox = try MemoQuizSandbox()
    let completer = try ShellCompleter(shell, sandbox: sandbox)
    let bundled = try completer.complete("memoquiz play ")
    #expect(bundled.count == 10)
    #expect(bundled.contains("Hiragana"))
    #expect(try sandbox.run(["add", "Fresh kanji", "山", "yama"]).status == 0)
    // The space in the title is quoted as the shell needs it.
    let fresh = shell == .bash ? "Fresh\\ kanji" : "Fresh kanji"
    #expect(try completer.complete("memoquiz play ").contains(fresh))
    #expect(try completer.complete("memoquiz play fre") == [fresh])
    #expect(try completer.complete("memoquiz play Hiragana ").isEmpty, "play takes one GROUP")
    #expect(try completer.complete("memoquiz export Hiragana Kata").sorted().first == "Katakana")
  }

  @Test(.enabled(if: !shells.isEmpty, "no shell with completion is installed"), arguments: shells)
  func optionValuesComplete(_ shell: ShellCompleter.Shell) throws {
    let completer = try ShellCompleter(shell, sandbox: try MemoQuizSandbox())
    #expect(try completer.complete("memoquiz play --strategy ").sorted() == ["random", "review", "sequential"])
    #expect(try completer.complete("memoquiz play hiragana --strategy r").sorted() == ["random", "review"])
    #expect(try completer.complete("memoquiz export --format ").sorted() == ["anki", "json", "tsv"])
    #expect(try completer.complete("memoquiz completion ").sorted() == ["bash", "fish", "zsh"])
    #expect(try completer.complete("memoquiz play --seed ").isEmpty)
  }

  @Test(.enabled(if: !shells.isEmpty, "no shell with completion is installed"), arguments: shells)
  func filesCompleteWhereAFileIsExpected(_ shell: ShellCompleter.Shell) throws {
    let completer = try ShellCompleter(shell, sandbox: try MemoQuizSandbox())
    for name in ["kanji.txt", "words.csv"] {
      try Data("a\tb\n".utf8).write(to: completer.workingFolder.appendingPathComponent(name))
    }
    #expect(try completer.complete("memoquiz import ").sorted() == ["kanji.txt", "words.csv"])
    #expect(try completer.complete("memoquiz import wo") == ["words.csv"])
    #expect(try completer.complete("memoquiz validate k") == ["kanji.txt"])
    #expect(try completer.complete("memoquiz export --output w") == ["words.csv"])
    #expect(try completer.complete("memoquiz import words.csv ").isEmpty, "import takes one FILE")
  }

  /// Every option of every command in the table completes: a command or an
  /// option left out of a script fails here.
  @Test(.enabled(if: !shells.isEmpty, "no shell with completion is installed"), arguments: shells)
  func everyDeclaredOptionAndValueCompletes(_ shell: ShellCompleter.Shell) throws {
    let completer = try ShellCompleter(shell, sandbox: try MemoQuizSandbox())
    for command in CommandTable.commands {
      let offered = Set(try completer.complete("memoquiz \(command.name) -"))
      for option in command.visibleOptions {
        #expect(offered.contains(option.name), "\(shell): \(command.name) \(option.name) does not complete")
        let values = option.takesValue ? option.kind.choices.map(\.name) : []
        if !values.isEmpty {
          let completed = try completer.complete("memoquiz \(command.name) \(option.name) ")
          #expect(Set(completed) == Set(values), "\(shell): \(command.name) \(option.name)")
        }
      }
      for hidden in command.options where hidden.isHidden {
        #expect(!offered.contains(hidden.name), "\(shell): \(command.name) offers hidden \(hidden.name)")
      }
    }
  }
}
