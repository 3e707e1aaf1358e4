import Foundation
import Testing

/// Every command's output on a 60-column terminal: lines wrap at spaces, and
/// tables drop columns to fit.
@Suite struct WrappingTests {
  /// Display columns of a line: wide characters take two.
  private func columns(_ line: Substring) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
      total + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xFFE6).contains(scalar.value) ? 2 : 1)
    }
  }

  /// Lines wider than `width` that could have been broken at a space.
  private func overlong(_ text: String, width: Int = 60) -> [Substring] {
    text.split(separator: "\n").filter { line in
      columns(line) > width && line.drop { $0 == " " }.contains(" ")
    }
  }

  @Test func everyCommandFits60Columns() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "A group with a rather long title for a narrow screen", "questions": ["#
        + #"{"prompt": "p", "answer": "a very long answer that a learner will never type out in full, sadly"},"#
        + #"{"prompt": "q", "answer": "b"}]}, {"title": "Short", "questions": [{"prompt": "s", "answer": "s"}]}]"#)
    let environment = ["COLUMNS": "60", "MEMOQUIZ_NOW": "2026-11-12T15:00:00Z"]
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "wrong\n:quit\n", environment: environment)
    var commands: [[String]] = [
      ["play", "1"], ["groups"], ["scores"], ["scores", "1"], ["stats"], ["history"], ["snapshots"], ["paths"],
      ["--help"], ["validate"], ["play", "nothing like it"], ["scroes"],
    ]
    commands += ["play", "groups", "scores", "stats", "reset", "undo", "redo", "history", "edit", "validate"].map {
      [$0, "--help"]
    }
    for command in commands {
      let result = try sandbox.run(command, input: "x\n:quit\n", environment: environment)
      #expect(overlong(result.stdout).isEmpty, "\(command): \(overlong(result.stdout))")
      #expect(overlong(result.stderr).isEmpty, "\(command): \(overlong(result.stderr))")
    }
  }

  @Test func theResumeHintIsNeverBrokenInsideAWord() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(
      ["play", "basic", "--strategy", "sequential"], input: ":quit\n", environment: ["COLUMNS": "60"])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasSuffix("`memoquiz play 'Basic Phrases'` resumes here.") }, "\(lines)")
  }

  /// On a narrow terminal the command to resume is moved to a line of its
  /// own rather than split (`memoquiz play\n 'Basic Phrases'` cannot be copied).
  @Test(arguments: [36, 40, 44, 52])
  func anInlineCommandIsNeverSplitAcrossLines(_ width: Int) throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(
      ["play", "basic", "--strategy", "sequential"], input: ":quit\n", environment: ["COLUMNS": String(width)])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.contains { $0.contains("`memoquiz play 'Basic Phrases'`") }, "\(lines)")
    #expect(lines.allSatisfy { $0.count { $0 == "`" } % 2 == 0 }, "\(lines)")
  }
}
