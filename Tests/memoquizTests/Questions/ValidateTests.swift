import Foundation
import Testing

/// `validate`, and bad questions files met by other commands.
@Suite struct ValidateTests {
  @Test func validFileGetsAOneLineSummary() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["A", "B"], count: 3)
    let result = try sandbox.run(["validate"])
    #expect(result.status == 0)
    #expect(result.stdout == "\(sandbox.questionsFile.path): valid: 2 groups, 6 questions\n")
    let bundled = try MemoQuizSandbox().run(["validate"])
    #expect(bundled.status == 0)
    #expect(bundled.stdout.contains("valid: 10 groups, 278 questions"))
  }

  @Test func problemsArePrintedAsFileLineColumnAndExit65() throws {
    let sandbox = try MemoQuizSandbox()
    let file = sandbox.folder.appendingPathComponent("mine.json")
    try Data(
      """
      [
        {"title": "A", "questions": [
          {"prompt": "p", "hnit": "h"},
          {"prompt": "", "answer": "a"}
        ]},
        {"title": "a", "questions": []}
      ]
      """.utf8
    ).write(to: file)
    let result = try sandbox.run(["validate", file.path])
    #expect(result.status == 65)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.contains("\(file.path):3:5: error: question 1 has no \"answer\""))
    #expect(lines.contains("\(file.path):3:21: warning: unknown key \"hnit\"; did you mean \"hint\"?"))
    #expect(lines.contains("\(file.path):4:16: error: \"prompt\" is empty"))
    #expect(
      lines.contains(
        "\(file.path):6:13: error: duplicate title \"a\"; titles must be unique ignoring case (the first is on line 2)")
    )
    #expect(lines.contains { $0.hasPrefix("\(file.path):6:31: error: \"questions\" is empty") })
    #expect(lines.count == 6, "each problem once, then the summary")
    #expect(result.stderr.contains("memoquiz: error: "))
  }

  @Test func syntaxErrorsHavePositionsToo() throws {
    let sandbox = try MemoQuizSandbox()
    let file = sandbox.folder.appendingPathComponent("broken.json")
    try Data("[\n  {\"title\": \"A\", \"questions\": [],}\n]\n".utf8).write(to: file)
    let result = try sandbox.run(["validate", file.path])
    #expect(result.status == 65)
    // The syntax error, and the problem of content beside it.
    #expect(result.stderr.hasPrefix("\(file.path):2:31: error: \"questions\" is empty"), "\(result.stderr)")
    #expect(result.stderr.contains("\n\(file.path):2:34: error: trailing comma before '}'"), "\(result.stderr)")
  }

  @Test func aMissingFileExits66() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["validate", "/nonexistent/questions.json"])
    #expect(result.status == 66)
    #expect(result.stderr == "memoquiz: error: no such file: /nonexistent/questions.json\n")
  }

  @Test func otherCommandsShowTheSamePositionsAndExit65() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions("[{\"title\": \"A\", \"questions\": [{\"prompt\": \"p\"}]}]")
    for arguments in [["groups"], ["play", "1"], ["scores"]] {
      let result = try sandbox.run(arguments, input: "x\n")
      #expect(result.status == 65, "\(arguments)")
      #expect(result.stderr.contains("\(sandbox.questionsFile.path):1:31: error: question 1 has no \"answer\""))
      #expect(result.stderr.contains("memoquiz validate"))
    }
  }
}
