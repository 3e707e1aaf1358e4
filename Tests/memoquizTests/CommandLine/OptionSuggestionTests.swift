import Testing

@testable import memoquiz

/// A mistyped option gets the nearest one the command takes, as a mistyped
/// command or group does.
@Suite struct OptionSuggestionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let command: String
    let arguments: [String]
    let message: String
    var testDescription: String { "\(command) \(arguments.joined(separator: " "))" }
  }

  @Test(arguments: [
    Case(command: "play", arguments: ["G", "--sead", "3"], message: "unknown option '--sead'; did you mean '--seed'?"),
    Case(command: "play", arguments: ["G", "--nwe", "3"], message: "unknown option '--nwe'; did you mean '--new'?"),
    Case(
      command: "play", arguments: ["G", "--restrat"], message: "unknown option '--restrat'; did you mean '--restart'?"),
    Case(
      command: "import", arguments: ["f.csv", "--dryrun"],
      message: "unknown option '--dryrun'; did you mean '--dry-run'?"),
    Case(command: "scores", arguments: ["--jsn"], message: "unknown option '--jsn'; did you mean '--json'?"),
    Case(command: "scores", arguments: ["--JSON"], message: "unknown option '--JSON'; did you mean '--json'?"),
    Case(command: "export", arguments: ["--formt=tsv"], message: "unknown option '--formt'; did you mean '--format'?"),
    Case(command: "play", arguments: ["G", "--zzzz"], message: "unknown option '--zzzz'"),
    Case(command: "play", arguments: ["G", "--json"], message: "unknown option '--json'"),
    Case(command: "scores", arguments: ["-j"], message: "unknown option '-j'"),
  ])
  func aMistypedOptionGetsTheNearestOne(_ example: Case) throws {
    let declaration = try #require(CommandTable.command(named: example.command))
    #expect(throws: UsageError.self) { try ParsedArguments(example.arguments, command: declaration) }
    do {
      _ = try ParsedArguments(example.arguments, command: declaration)
    } catch {
      #expect(error.message == example.message)
    }
  }

  @Test func aMistypedTopLevelOptionGetsTheNearestOne() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["--verison"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("memoquiz: error: unknown option '--verison'; did you mean '--version'?\n"))
  }
}
