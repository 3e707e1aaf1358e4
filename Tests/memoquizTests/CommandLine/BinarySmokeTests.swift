import Foundation
import Testing

@testable import memoquiz

/// The real binary, for what only a process shows: its exit status, its
/// standard streams and a round piped through it. Everything else runs in
/// process.
@Suite struct BinarySmokeTests {
  @Test func theBinaryPrintsItsVersion() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.runProcess(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "memoquiz \(MemoQuizTool.version)\n")
    #expect(result.stderr == "")
  }

  @Test func theBinaryPlaysAPipedRoundAndExitsWithTheContractsCodes() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "G", "questions": [{"prompt": "p", "answer": "a"}]}]"#)
    let round = try sandbox.runProcess(
      ["play", "G", "--strategy", "sequential"], input: "a\n", environment: ["MEMOQUIZ_NOW": "2026-03-01T09:00:00Z"])
    #expect(round.status == 0, "\(round.stderr)")
    #expect(round.stdout.hasPrefix("G: 1 question, sequential order\n[1/1] p\nCorrect!\n"), "\(round.stdout)")
    let unknown = try sandbox.runProcess(["play", "Nothing"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("memoquiz: error: "), "\(unknown.stderr)")
    let missing = try sandbox.runProcess(["validate", sandbox.folder.appendingPathComponent("none.json").path])
    #expect(missing.status == 66)
  }
}
