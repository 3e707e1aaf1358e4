import Testing

@testable import memoquiz

/// The parser, run in process against the table's declarations, as
/// argument-parser's `AssertParse` does.
@Suite struct ParsedArgumentsTests {
  /// Parses `arguments` as `memoquiz COMMAND arguments...` would.
  private func parse(_ command: String, _ arguments: [String]) throws -> ParsedArguments {
    let declaration = try #require(CommandTable.command(named: command))
    return try ParsedArguments(arguments, command: declaration)
  }

  @Test func optionsTakeTheirValuesInEitherForm() throws {
    let parsed = try parse("play", ["2", "--strategy=Review", "--seed", "7", "--restart", "--new", "5"])
    #expect(parsed.positionals == ["2"])
    #expect(parsed.value("--strategy") == "review")
    #expect(parsed.value("--seed") == "7")
    #expect(parsed.has("--restart"))
    #expect(try parsed.number("--new", in: 0...10, command: "play") == 5)
  }

  @Test func aRepeatedOptionKeepsEveryValueInOrder() throws {
    let parsed = try parse("add", ["Numbers", "四十", "40", "--alternative", "yonjuu", "--alternative=shijuu"])
    #expect(parsed.positionals == ["Numbers", "四十", "40"])
    #expect(parsed.allValues("--alternative") == ["yonjuu", "shijuu"])
  }

  @Test func doubleDashEndsTheOptions() throws {
    let parsed = try parse("add", ["--", "-x", "--hint", "minus"])
    #expect(parsed.positionals == ["-x", "--hint", "minus"])
  }

  @Test func negativeNumbersAreArguments() throws {
    #expect(try parse("scores", ["-1"]).positionals == ["-1"])
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    let command: String
    let arguments: [String]
    let message: String
    var testDescription: String { ([command] + arguments).joined(separator: " ") }
  }

  @Test(arguments: [
    Failure(command: "play", arguments: ["--frob"], message: "unknown option '--frob'"),
    Failure(command: "play", arguments: ["--seed"], message: "--seed needs a value"),
    Failure(command: "play", arguments: ["--restart=yes"], message: "--restart takes no value"),
    Failure(command: "play", arguments: ["1", "2"], message: "unexpected argument '2'"),
    Failure(
      command: "play", arguments: ["--strategy", "alphabetical"],
      message: "unknown strategy 'alphabetical'; choose random, sequential or review"),
    Failure(
      command: "export", arguments: ["--format", "xml"], message: "unknown format 'xml'; choose json, tsv, anki or apkg"
    ),
    Failure(
      command: "import", arguments: ["a.txt", "--format", "docx"],
      message: "unknown format 'docx'; choose json, tsv, csv, txt, bsdquiz, apkg or colpkg"),
    Failure(
      command: "import", arguments: ["a.csv", "--merge", "--replace"], message: "--merge or --replace, not both"),
    Failure(command: "import", arguments: [], message: "import needs a FILE"),
    Failure(command: "reset", arguments: [], message: "reset needs a GROUP or --all"),
    Failure(command: "reset", arguments: ["1", "--all"], message: "give either GROUP or --all, not both"),
    Failure(command: "restore", arguments: [], message: "restore needs a snapshot ID"),
    Failure(command: "add", arguments: ["Kanji"], message: "add needs a PROMPT and an ANSWER"),
    Failure(command: "completion", arguments: [], message: "completion needs a SHELL: bash, zsh or fish (shell)"),
    Failure(command: "completion", arguments: ["tcsh"], message: "unknown shell 'tcsh'; choose bash, zsh or fish"),
    Failure(command: "groups", arguments: ["--json"], message: "unknown option '--json'"),
  ])
  func wrongCommandLinesAreUsageErrors(_ failure: Failure) throws {
    let error = try #require(throws: UsageError.self) { try parse(failure.command, failure.arguments) }
    #expect(error.message == failure.message)
    #expect(error.helpPointer == "see `memoquiz \(failure.command) --help`")
  }

  @Test func helpIsAcceptedWhateverElseIsMissing() throws {
    #expect(try parse("reset", ["--help"]).has("--help"))
    #expect(try parse("add", ["-h"]).has("--help"))
  }
}
