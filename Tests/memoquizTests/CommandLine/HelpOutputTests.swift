import Foundation
import Testing

/// Help as the binary prints it, and the advice and examples it gives
/// checked by following them.
@Suite struct HelpOutputTests {
  /// Display columns of a line: wide characters take two.
  private func columns(_ line: Substring) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
      total + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xFFE6).contains(scalar.value) ? 2 : 1)
    }
  }

  @Test func helpWrapsTo80ColumnsWhenNothingTellsTheWidth() throws {
    let sandbox = try MemoQuizSandbox()
    sandbox.environment["COLUMNS"] = nil
    for arguments in [["--help"], ["play", "--help"], ["import", "--help"], ["help", "stats"]] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 0)
      let widest = result.stdout.split(separator: "\n").map(columns).max() ?? 0
      #expect(widest <= 80, "\(arguments): \(widest) columns")
      #expect(widest > 60, "\(arguments): not wrapped to 80 but to \(widest)")
    }
  }

  @Test func helpWrapsToCOLUMNS() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["play", "--help"], environment: ["COLUMNS": "60"])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.allSatisfy { columns($0) <= 60 }, "\(lines.filter { columns($0) > 60 })")
    #expect(lines.contains("Usage: memoquiz play [GROUP] [--strategy NAME] [--seed N]"))
  }

  /// The example of `play --help` that pipes answers in answers the questions
  /// it is asked (issue: it answered others).
  @Test func thePipedExampleOfPlayHelpAnswersRight() throws {
    let sandbox = try MemoQuizSandbox()
    let help = try sandbox.run(["play", "--help"], environment: ["COLUMNS": "200"])
    let example = try #require(
      help.stdout.split(separator: "\n").first { $0.contains("printf") }.map { $0.drop { $0 == " " } })
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", String(example)]
    var environment = sandbox.environment
    environment["PATH"] = MemoQuizSandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
    shell.environment = environment
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    #expect(text.components(separatedBy: "Correct").count - 1 == 2, "\(text)")
    #expect(!text.contains("Incorrect"), "\(text)")
  }

  /// `validate FILE` of another file points at that file, not at
  /// `memoquiz edit`, which opens the questions in use.
  @Test func validateOfAnotherFileAdvisesCheckingThatFile() throws {
    let sandbox = try MemoQuizSandbox()
    let file = sandbox.folder.appendingPathComponent("draft questions.json")
    try Data(#"[{"title": "Draft", "questions": []}]"#.utf8).write(to: file)
    let result = try sandbox.run(["validate", file.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(file.path):1:"), "\(result.stderr)")
    #expect(!result.stderr.contains("memoquiz edit"), "\(result.stderr)")
    #expect(result.stderr.contains("`memoquiz validate '\(file.path)'`"), "\(result.stderr)")
  }

  @Test func validateOfTheQuestionsInUseStillPointsAtEdit() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "Draft", "questions": []}]"#)
    let result = try sandbox.run(["validate"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("`memoquiz edit`"), "\(result.stderr)")
  }

  @Test func theHiddenNamesFlagPrintsOneTitleALine() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "Two words", "questions": [{"prompt": "p", "answer": "a"}]},"#
        + #"{"title": "Esc\u001b[2Jape", "questions": [{"prompt": "p", "answer": "a"}]}]"#)
    let result = try sandbox.run(["groups", "--names"])
    #expect(result.status == 0)
    let names = result.stdout.split(separator: "\n")
    #expect(names.count == 2)
    #expect(names.first == "Two words")
    #expect(!result.stdout.contains("\u{1B}"), "a title cannot move the cursor of the shell completing it")
  }
}
