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
    #expect(QuestionFileError.missingFile("x.json").exitCode == .noInput)
    #expect(QuestionFileError.invalid(file: "x.json", diagnostics: [], errorCount: 1).exitCode == .dataError)
    #expect(QuestionFileError.noSuchGroup("x", titles: [], count: 0, suggestion: nil).exitCode == .usage)
    #expect(QuestionFileError.sharedLastPart("x", titles: ["a::x", "b::x"]).exitCode == .usage)
    #expect(HistoryError.nothingToUndo.exitCode == .failure)
    #expect(UsageError("wrong").exitCode == .usage)
    #expect(ExitRequest(code: .dataError).exitCode == .dataError)
  }
}
