import Foundation
import MemoQuizKit
import Testing

@testable import memoquiz

/// The tool run in process: each run reads only the environment it is given,
/// so runs side by side keep their own folder and clock, and every error
/// ends the command with the code it carries.
@Suite struct InProcessToolTests {
  /// Runs side by side (Swift Testing runs the cases in parallel), each on
  /// its own folder at its own time.
  @Test(arguments: 1...8)
  func runsSideBySideKeepTheirOwnFolderAndClock(day: Int) throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "Day \#(day)", "questions": [{"prompt": "p", "answer": "a"}]}]"#)
    let now = "2026-04-\(String(format: "%02d", day))T10:0\(day % 10):00Z"
    let round = try sandbox.run(["play", "Day \(day)"], input: "a\n", environment: ["MEMOQUIZ_NOW": now])
    #expect(round.status == 0, "\(round.stderr)")
    let history = try sandbox.run(["history"], environment: ["MEMOQUIZ_NOW": now])
    #expect(
      history.stdout == """
        ID  Time              Step
         1  2026-04-\(String(format: "%02d", day)) 10:0\(day % 10)  Day \(day): answer "a" to p: correct

        """)
    #expect(history.status == 0)
  }

  /// Runs side by side in process, each in the time zone its `TZ` names:
  /// the zone is given to the run, not read from the process.
  @Test(arguments: [
    ("UTC", "10:00"), ("America/New_York", "06:00"), (":Europe/Berlin", "12:00"), ("Asia/Tokyo", "19:00"),
    ("Australia/Adelaide", "20:30"), ("EST5EDT,M3.2.0,M11.1.0", "06:00"), ("JST-9", "19:00"),
  ])
  func runsSideBySideKeepTheirOwnTimeZone(zone: String, local: String) throws {
    #expect(MemoQuizSandbox.isInjected("TZ"), "a run in another zone needs no process of its own")
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "G", "questions": [{"prompt": "p", "answer": "a"}]}]"#)
    let environment = ["MEMOQUIZ_NOW": "2026-04-01T10:00:00Z", "TZ": zone]
    #expect(try sandbox.run(["play", "G"], input: "a\n", environment: environment).status == 0)
    let history = try sandbox.run(["history"], environment: environment)
    #expect(
      history.stdout == """
        ID  Time              Step
         1  2026-04-01 \(local)  G: answer "a" to p: correct

        """)
  }

  @Test func aMissingFileEndsWithNoInputAndItsMessage() throws {
    let sandbox = try MemoQuizSandbox()
    let missing = sandbox.folder.appendingPathComponent("missing.json").path
    let result = try sandbox.run(["validate", missing])
    #expect(result.status == ExitCode.noInput.rawValue)
    #expect(result.stdout == "")
    #expect(result.stderr == "memoquiz: error: no such file: \(missing)\n")
  }

  @Test func aWrongCommandLineEndsWithUsageAndAPointerToHelp() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["histroy"])
    #expect(result.status == ExitCode.usage.rawValue)
    #expect(
      result.stderr == """
        memoquiz: error: unknown command 'histroy'; did you mean 'history'?
        see `memoquiz --help`

        """)
  }

  @Test func libraryErrorsCarryTheContractsExitCodes() {
    #expect(CommandError(QuestionFileError.missingFile("x.json")).exitCode == .noInput)
    #expect(
      CommandError(QuestionFileError.invalid(file: "x.json", diagnostics: [], errorCount: 1)).exitCode == .dataError)
    #expect(CommandError(QuestionFileError.noSuchGroup("x", titles: [], count: 0, suggestion: nil)).exitCode == .usage)
    #expect(CommandError(QuestionFileError.sharedLastPart("x", titles: ["a::x", "b::x"])).exitCode == .usage)
    #expect(CommandError(HistoryError.nothingToUndo).exitCode == .failure)
    #expect(UsageError("wrong").exitCode == .usage)
    #expect(ExitRequest(code: .dataError).exitCode == .dataError)
  }
}
