import Foundation
import Testing

@testable import memoquiz

/// One table, four outputs: every command and option of the table is
/// accepted by the parser and shown by `--help` and the manual page (the
/// completions are checked in real shells by `CompletionScriptTests`).
@Suite struct CommandTableTests {
  /// A value the option or argument accepts.
  private func sample(_ kind: ValueKind) -> String {
    switch kind {
    case .choices(_, let values): values.first?.name ?? "x"
    case .number: "1"
    case .command: "play"
    case .text, .file, .group: "x"
    }
  }

  /// The smallest command line that names each required argument.
  private func required(_ command: CommandDeclaration, without alternative: String? = nil) -> [String] {
    command.arguments.filter { $0.arity == .required && ($0.alternative == nil || $0.alternative != alternative) }
      .map { sample($0.kind) }
  }

  @Test func theParserAcceptsEveryDeclaredOption() throws {
    for command in CommandTable.commands {
      #expect(throws: Never.self, "\(command.name)") { try ParsedArguments(required(command), command: command) }
      for option in command.allOptions {
        var arguments = required(command, without: option.name) + [option.name]
        if option.takesValue { arguments.append(sample(option.kind)) }
        let parsed = try ParsedArguments(arguments, command: command)
        #expect(parsed.has(option.name), "\(command.name) \(option.name)")
      }
    }
  }

  @Test func theDispatcherRunsEveryCommandOfTheTableAndNoOther() throws {
    let sandbox = try MemoQuizSandbox()
    for command in CommandTable.commands {
      let help = try sandbox.run([command.name, "--help"])
      #expect(help.status == 0, "\(command.name): \(help.stderr)")
      #expect(help.stdout.contains("Usage: memoquiz \(command.name)"))
    }
    let unknown = try sandbox.run(["completions"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown command 'completions'; did you mean 'completion'?"))
  }

  @Test func helpShowsEveryCommandAndVisibleOption() {
    let formatter = HelpFormatter(width: 80)
    let program = formatter.programHelp()
    for command in CommandTable.commands {
      #expect(program.contains("\n  \(command.name) "), "\(command.name) is missing from --help")
      let help = formatter.help(for: command)
      for option in command.visibleOptions {
        #expect(help.contains("  \(option.label)"), "\(command.name) --help lacks \(option.label)")
        for value in option.takesValue ? option.kind.choices : [] {
          #expect(help.contains(value.name), "\(command.name) --help lacks \(value.name)")
        }
      }
      for option in command.options where option.isHidden {
        #expect(!help.contains(option.name), "\(command.name) --help shows hidden \(option.name)")
      }
    }
  }

  @Test func theManualShowsEveryCommandAndVisibleOption() {
    let roff = ManualPage(commands: CommandTable.commands).roff
    for command in CommandTable.commands {
      #expect(roff.contains("\n.SS \(command.name)\n"), "\(command.name) is missing from the manual")
      #expect(roff.contains(".B memoquiz\n\(ManualPage.text(command.name))"), "\(command.name) has no synopsis")
      for option in command.visibleOptions {
        #expect(roff.contains(ManualPage.text(option.label)), "the manual lacks \(command.name) \(option.label)")
      }
    }
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
      #expect(roff.contains("\n.SH \(section)\n"), "no \(section) section")
    }
    let environment = roff.split(separator: ".SH ENVIRONMENT\n").last?.split(separator: ".SH EXIT STATUS").first ?? ""
    for variable in [
      "MEMOQUIZ_HOME", "XDG_DATA_HOME", "HOME", "MEMOQUIZ_NOW", "VISUAL", "EDITOR", "NO_COLOR", "TERM", "TZ",
    ] {
      #expect(environment.contains(ManualPage.text(variable)), "ENVIRONMENT lacks \(variable)")
    }
    for code in ["0", "64", "65", "66", "1"] { #expect(roff.contains(".TP\n\\fB\(code)\\fR\n")) }
  }

  @Test func everyCommandHasAnExample() {
    for command in CommandTable.commands {
      #expect(
        command.examples.contains { $0.command.contains("memoquiz \(command.name)") },
        "\(command.name) has no example of itself")
    }
  }
}
