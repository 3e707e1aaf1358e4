import Foundation
import Testing

/// `:edit`: the question being asked, alone, in `$EDITOR`. A valid edit
/// keeps its identity and memory and the round asks the edited question;
/// an invalid one is offered again on a terminal, else dropped.
@Suite struct QuestionEditTests {
  private static let questions = """
    [{"title": "Colours", "questions": [
      {"prompt": "red", "answer": "aka"}, {"prompt": "blue", "answer": "ao"}]}]
    """
  private static let morning = ["MEMOQUIZ_NOW": "2026-03-02T09:00:00Z"]

  /// A sandbox whose editor is a script that runs `sed` on the draft.
  private func sandbox(sed: String) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    let script = sandbox.folder.appendingPathComponent("editor.sh")
    try Data("sed -i '\(sed)' \"$1\"\n".utf8).write(to: script)
    sandbox.environment["EDITOR"] = "sh \(script.path)"
    sandbox.environment["VISUAL"] = ""
    return sandbox
  }

  /// The kinds `history --json` lists, newest first.
  private func kinds(_ sandbox: MemoQuizSandbox) throws -> [String] {
    let result = try sandbox.run(["history", "--json"], environment: Self.morning)
    let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return steps.compactMap { $0["kind"] as? String }
  }

  @Test func aValidEditKeepsTheMemoryAndIsAskedAgainOnATerminal() throws {
    let sandbox = try sandbox(sed: #"s/"answer" : "aka"/"answer" : "akai"/; s/"prompt" : "red"/"prompt" : "crimson"/"#)
    try sandbox.run(["play", "colours", "--strategy", "sequential"], input: "aka\nao\n", environment: Self.morning)
    let session = try PseudoTerminalSession(
      arguments: ["play", "colours", "--strategy", "sequential", "--restart"],
      environment: sandbox.environment.merging(Self.morning) { $1 })
    #expect(session.waitFor("red"))
    session.type(":edit\n")
    #expect(session.waitFor("Saved your edit of red"), "\(session.text)")
    #expect(session.waitFor("crimson"), "\(session.text)")
    session.type("akai\n")
    #expect(session.waitFor("Correct!"), "\(session.text)")
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
    let questions = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(questions.contains(#"{"prompt": "crimson", "answer": "akai", "id": "red"}"#), "\(questions)")
    // The memory of its first answer stays with it: two correct answers.
    let scores = try sandbox.run(["scores", "--json"], environment: Self.morning)
    let groups = try JSONSerialization.jsonObject(with: Data(scores.stdout.utf8)) as? [[String: Any]] ?? []
    let first = (groups.first?["questions"] as? [[String: Any]])?.first
    #expect(first?["prompt"] as? String == "crimson")
    #expect(first?["correctCount"] as? Int == 2, "\(scores.stdout)")
    #expect(try kinds(sandbox) == ["answer", "edit", "answer", "answer"])
    // `undo` takes the edit back: the question is as it was.
    let undo = try sandbox.run(["undo", "3"], environment: Self.morning)
    #expect(undo.status == 0, "\(undo.stderr)")
    let restored = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(!restored.contains("crimson"), "\(restored)")
  }

  @Test func anInvalidEditIsOfferedAgainOnATerminalAndDroppedWhenDeclined() throws {
    let sandbox = try sandbox(sed: #"s/"answer" : "aka"/"answer" : ""/"#)
    let before = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    let session = try PseudoTerminalSession(
      arguments: ["play", "colours", "--strategy", "sequential"],
      environment: sandbox.environment.merging(Self.morning) { $1 })
    #expect(session.waitFor("red"))
    session.type(":edit\n")
    #expect(session.waitFor("Edit again?"), "\(session.text)")
    session.type("n\n")
    #expect(session.waitFor("was dropped; nothing was changed"), "\(session.text)")
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
    #expect(try String(contentsOf: sandbox.questionsFile, encoding: .utf8) == before)
    #expect(try kinds(sandbox).isEmpty)
  }

  @Test func anEditorThatFailsEndsTheEditNotTheRound() throws {
    let sandbox = try sandbox(sed: "s/x/y/")
    sandbox.environment["EDITOR"] = "false"
    let round = try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: ":edit\naka\n:quit\n", environment: Self.morning)
    #expect(round.status == 0, "\(round.stderr)")
    #expect(
      round.stdout.contains(
        "the editor 'false' failed (exit status 1); nothing was changed.\n[1/2] red\nCorrect!\n"), "\(round.stdout)")
    #expect(try kinds(sandbox) == ["answer"])
  }

  @Test func anInvalidEditFromAPipeIsDropped() throws {
    let sandbox = try sandbox(sed: #"s/"answer" : "aka"/"answer" : ""/"#)
    let round = try sandbox.run(
      ["play", "colours", "--strategy", "sequential"], input: ":edit\naka\n:quit\n", environment: Self.morning)
    #expect(
      round.stdout.contains("Your edit of red was dropped; nothing was changed.\n[1/2] red\nCorrect!\n"),
      "\(round.stdout)")
    #expect(round.stdout.contains(": error: "), "the problem is shown: \(round.stdout)")
    #expect(try kinds(sandbox) == ["answer"])
  }
}
