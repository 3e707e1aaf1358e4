import MemoQuizKit
import Testing

@testable import memoquiz

/// The library says what is wrong; the command line says what to run: no
/// library error names a `memoquiz` command, and the message the tool prints
/// is the fact followed by the hint, as before.
@Suite struct CommandErrorTests {
  struct Case: Sendable, CustomStringConvertible {
    let error: any KindedError & Sendable
    let fact: String
    let printed: String
    let exitCode: ExitCode
    var description: String { fact }
  }

  static let cases: [Case] = [
    Case(
      error: HistoryError.noSuchStep(7), fact: "there is no step 7",
      printed: "there is no step 7; `memoquiz history` lists them", exitCode: .usage),
    Case(
      error: HistoryError.nothingToRedo, fact: "there is nothing to bring back",
      printed: "there is nothing to bring back; `memoquiz redo` follows `memoquiz undo`", exitCode: .failure),
    Case(
      error: SyncError.noAnswer(30), fact: "the remote did not answer within 30 seconds; your answers are safe here",
      printed:
        "the remote did not answer within 30 seconds; your answers are safe here, and `memoquiz sync` tries again",
      exitCode: .failure),
    Case(
      error: QuestionFileError.noSuchGroup("9", titles: [], count: 3, suggestion: nil),
      fact: "there is no group 9: there are 3 groups, numbered from 1",
      printed: "there is no group 9: there are 3 groups, numbered from 1 (`memoquiz groups` lists them)",
      exitCode: .usage),
    Case(
      error: PersistenceError.noSuchSnapshot(id: "4"), fact: "there is no snapshot 4",
      printed: "there is no snapshot 4; `memoquiz snapshots` lists them", exitCode: .failure),
    Case(
      error: ImportError.duplicatePrompt(group: "G", prompt: "p"), fact: "G has a question \"p\" already",
      printed: "G has a question \"p\" already; edit it with `memoquiz edit`", exitCode: .dataError),
  ]

  @Test(arguments: cases) func theLibrarySaysTheFactAndTheCommandLineTheHint(_ example: Case) {
    #expect(example.error.description == example.fact)
    #expect(!example.error.description.contains("memoquiz "))
    let report = CommandError(example.error)
    #expect(report.text == example.printed)
    #expect(report.exitCode == example.exitCode)
  }
}
