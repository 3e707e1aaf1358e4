import Foundation
import Testing

@testable import memoquiz

/// What completing in any shell must give, run in one real shell.
struct CompletionChecks {
  let shell: ShellCompleter.Shell

  init(_ shell: ShellCompleter.Shell) {
    self.shell = shell
  }

  func aCommandCompletesFromItsStart() throws {
    let completer = try ShellCompleter(shell, sandbox: try MemoQuizSandbox())
    #expect(try completer.complete("memoquiz pl") == ["play"])
    #expect(try completer.complete("memoquiz sn") == ["snapshots"])
    #expect(
      try completer.complete("memoquiz s").sorted()
        == CommandTable.commands.map(\.name).filter { $0.hasPrefix("s") }.sorted())
    #expect(try Set(completer.complete("memoquiz ")) == Set(CommandTable.commands.map(\.name)))
  }

  func groupTitlesCompleteIncludingOneJustAdded() throws {
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

  func optionValuesComplete() throws {
    let completer = try ShellCompleter(shell, sandbox: try MemoQuizSandbox())
    #expect(try completer.complete("memoquiz play --strategy ").sorted() == ["random", "review", "sequential"])
    #expect(try completer.complete("memoquiz play hiragana --strategy r").sorted() == ["random", "review"])
    #expect(try completer.complete("memoquiz export --format ").sorted() == ["anki", "apkg", "json", "tsv"])
    #expect(try completer.complete("memoquiz completion ").sorted() == ["bash", "fish", "zsh"])
    #expect(try completer.complete("memoquiz play --seed ").isEmpty)
  }

  func filesCompleteWhereAFileIsExpected() throws {
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
  func everyDeclaredOptionAndValueCompletes() throws {
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
