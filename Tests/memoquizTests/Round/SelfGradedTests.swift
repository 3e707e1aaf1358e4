import Foundation
import Testing

/// Cards you grade yourself, end to end: on a pseudo-terminal a single key
/// grades, and piped the lines are read like any others.
@Suite struct SelfGradedTests {
  private static let questions = """
    [{"title": "Words", "grade": "self", "questions": [
      {"prompt": "聞く", "answer": "to listen; to ask", "hint": "きく"},
      {"prompt": "駅", "answer": "station"},
      {"prompt": "山", "answer": "yama", "grade": "typed"}
    ]}]
    """

  /// How many times `needle` was shown so far.
  private func count(_ needle: String, in session: PseudoTerminalSession) -> Int {
    session.text.components(separatedBy: needle).count - 1
  }

  @Test func aSingleKeyGradesOnATerminalAndColonStartsALine() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    let arguments = ["play", "words", "--strategy", "sequential"]
    // Without colour, the words are contiguous in what the terminal receives.
    var environment = sandbox.environment
    environment["NO_COLOR"] = "1"
    let session = try PseudoTerminalSession(arguments: arguments, environment: environment, columns: 60)
    #expect(session.waitFor("[1/3] 聞く"))
    session.type("\r")
    #expect(session.waitFor("Answer: to listen; to ask"))
    #expect(session.waitFor("1-4> "))
    session.type("4")
    #expect(session.waitFor("Correct: Easy."), "one key, no Enter")
    #expect(session.waitFor("[2/3] 駅"))
    session.type("eki\r")
    #expect(session.waitFor("You wrote: eki"))
    // At the grade, `:` starts a line: the Easy is taken back.
    session.type(":undo\r")
    #expect(session.waitFor("Took back your correct answer to 聞く."))
    session.waitForScreen { _ in count("[1/3] 聞く", in: session) == 2 }
    session.type("\r")
    session.waitForScreen { _ in count("Answer: to listen; to ask", in: session) == 2 }
    let screen = session.waitForScreen { $0.lines.last { !$0.isEmpty }?.hasPrefix("1-4>") == true }
    #expect(
      screen.lines(from: "Answer: to listen; to ask") == [
        "Answer: to listen; to ask",
        "Hint: きく",
        "Grade it: 1 Again · 2 Hard · 3 Good · 4 Easy (n Again, y",
        "  Good).",
        "1-4>",
      ], "fits 60 columns, wrapped between words")
    session.type("2")
    #expect(session.waitFor("Correct: Hard."))
    session.waitForScreen { _ in count("[2/3] 駅", in: session) == 2 }
    session.type("\r")
    session.waitForScreen { _ in count("Answer: station", in: session) == 2 }
    // Left after the reveal: nothing is graded, and the question comes back.
    session.type("\u{3}")
    #expect(session.waitForExit() == 0)
    #expect(try sandbox.storedScore("Words") == (1, 0))

    let resumed = try PseudoTerminalSession(arguments: ["play", "words"], environment: environment, columns: 60)
    #expect(resumed.waitFor("Resume it?"))
    resumed.type("\r")
    #expect(resumed.waitFor("[2/3] 駅"))
    resumed.type("\r")
    #expect(resumed.waitFor("Answer: station"))
    resumed.type("n")
    #expect(resumed.waitFor("Incorrect (Again)."))
    #expect(resumed.waitFor("[3/3] 山"))
    resumed.type("yama\r")
    #expect(resumed.waitFor("Round complete"))
    #expect(resumed.waitForExit() == 0)
    #expect(try sandbox.storedScore("Words") == (2, 1))
  }

  @Test func pipedTheAttemptAndTheGradeAreTwoLines() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    let played = try sandbox.run(
      ["play", "words", "--strategy", "sequential"], input: "to listen\n3\n\ny\n:undo\n\n1\n:right\nyama\n")
    #expect(played.status == 0)
    #expect(played.stdout.contains("[1/3] 聞く\nAnswer: to listen; to ask\nHint: きく\nYou wrote: to listen\n"))
    #expect(played.stdout.contains("Took back your correct answer to 駅.\n[2/3] 駅\n"), "\(played.stdout)")
    #expect(played.stdout.contains("Incorrect (Again).\n[3/3] 山\nCounted as correct: your answer to 駅.\n"))
    #expect(try sandbox.storedScore("Words") == (3, 0))
    let history = try sandbox.run(["history", "--json"])
    let steps = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
    let answers = steps.filter { $0["kind"] as? String == "answer" }
    #expect(answers.compactMap { $0["typed"] as? String } == ["yama", "", "", "to listen"])
    #expect(answers.compactMap { $0["undone"] as? Bool } == [false, false, true, false])
  }

  @Test func addSelfMakesASelfGradedQuestion() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    let added = try sandbox.run(["add", "Verbs", "食べる", "to eat", "--self"])
    #expect(added.status == 0, "\(added.stderr)")
    let text = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(text.contains(#"{"prompt": "食べる", "answer": "to eat", "grade": "self"}"#), "\(text)")
    #expect(text.contains(#""title": "Words","# + "\n" + #"    "grade": "self","#), "the group keeps its grade")
    let played = try sandbox.run(["play", "verbs"], input: "\n4\n")
    #expect(played.stdout.contains("Answer: to eat\n"))
    #expect(played.stdout.contains("Correct: Easy.\n"))
  }

  @Test func validateReportsABadGradeWithItsPosition() throws {
    let sandbox = try MemoQuizSandbox()
    let file = sandbox.folder.appendingPathComponent("bad.json")
    try Data(
      """
      [{"title": "A", "grade": "selfish", "questions": [
        {"prompt": "a", "answer": "b", "grade": true}]}]
      """.utf8
    ).write(to: file)
    let result = try sandbox.run(["validate", file.path])
    #expect(result.status == 65)
    let lines = (result.stdout + result.stderr).split(separator: "\n").prefix(2)
    #expect(
      lines == [
        #"\#(file.path):1:26: error: "grade" must be "typed" or "self", found "selfish""#,
        #"\#(file.path):2:43: error: "grade" must be "typed" or "self", found a boolean"#,
      ], "\(result.stdout)\(result.stderr)")
  }
}
