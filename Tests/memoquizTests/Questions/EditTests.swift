import Foundation
import Testing

/// `edit` with a scripted editor.
@Suite struct EditTests {
  /// Writes an editor script into the sandbox and returns the command that
  /// runs it. The script is run by `sh`, not executed itself: a file just
  /// written can be "busy" for exec while another test forks.
  private func editor(_ sandbox: MemoQuizSandbox, _ script: String) throws -> String {
    let path = sandbox.folder.appendingPathComponent("editor.sh").path
    try Data("\(script)\n".utf8).write(to: URL(fileURLWithPath: path))
    return "sh \(path)"
  }

  @Test func validEditIsInstalledAfterASnapshot() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\n:quit\n")
    let script = try editor(
      sandbox,
      #"printf '[{"title": "Hiragana", "questions": [{"prompt": "あ", "answer": "a"}]}, {"title": "New", "questions": [{"prompt": "x", "answer": "y"}]}]' > "$1""#
    )
    let result = try sandbox.run(["edit"], environment: ["EDITOR": script, "VISUAL": ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Saved"))
    let groups = try sandbox.run(["groups"])
    #expect(groups.stdout.contains("New"))
    #expect(try sandbox.storedScore("Hiragana") == (1, 0), "scores of unchanged titles stay")
    #expect(try sandbox.run(["snapshots"]).stdout.contains("before edit"))
    #expect(try sandbox.files().filter { $0.hasPrefix("questions.edit-") }.isEmpty)
    // Undo brings back the state before the edit: no questions file at all.
    try sandbox.run(["undo"])
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
  }

  @Test func aQuestionAddedWhileTheEditorWasOpenIsKeptWithTheEdit() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Mine", "Other"], count: 2)
    let now = "2026-12-01T09:00:00Z"
    // While the editor is open, another command adds a question; then the
    // draft, made before the add, is edited and saved.
    let script = try editor(
      sandbox,
      """
      MEMOQUIZ_HOME='\(sandbox.folder.path)' MEMOQUIZ_NOW=\(now) '\(MemoQuizSandbox.binary.path)' \
        add Mine q9 a9 > /dev/null 2>&1 || exit 3
      sed -i 's/"a1"/"edited"/' "$1"
      """)
    let result = try sandbox.run(["edit"], environment: ["EDITOR": script, "VISUAL": "", "MEMOQUIZ_NOW": now])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let file = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(file.contains("\"q9\""), "\(file)")
    #expect(file.contains("\"edited\""), "\(file)")
    #expect(!file.contains("\"a1\""), "\(file)")
    let groups = try sandbox.run(["groups"])
    #expect(groups.stderr == "")
    #expect(
      groups.stdout == """
          #  Group  Questions  Due  Correct  Incorrect  Accuracy
          1  Mine           3    0        0          0         -
          2  Other          2    0        0          0         -

        """)
    let history = try sandbox.run(["history"])
    #expect(!history.stdout.contains("taken back") && !history.stdout.contains("by hand"), "\(history.stdout)")
    #expect(history.stdout.contains("add of q9 to Mine"), "\(history.stdout)")
    #expect(history.stdout.contains("edit of the questions"), "\(history.stdout)")
    // Each step is in effect: taking back the edit leaves the add.
    #expect(try sandbox.run(["undo"]).status == 0)
    let undone = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(undone.contains("\"q9\"") && undone.contains("\"a1\"") && !undone.contains("\"edited\""), "\(undone)")
  }

  @Test func theSameQuestionEditedWhileTheEditorWasOpenKeepsTheLaterEditAndSaysSo() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Mine"], count: 2)
    let inner = try editor(sandbox, #"sed -i 's/"a1"/"inner"/' "$1""#)
    let innerPath = sandbox.folder.appendingPathComponent("inner.sh").path
    try FileManager.default.moveItem(atPath: String(inner.dropFirst(3)), toPath: innerPath)
    let script = try editor(
      sandbox,
      """
      MEMOQUIZ_HOME='\(sandbox.folder.path)' EDITOR='sh \(innerPath)' VISUAL= '\(MemoQuizSandbox.binary.path)' \
        edit > /dev/null 2>&1 || exit 3
      sed -i 's/"a1"/"outer"/' "$1"
      """)
    let result = try sandbox.run(["edit"], environment: ["EDITOR": script, "VISUAL": ""])
    #expect(result.status == 0, "\(result.stderr)")
    let file = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(file.contains("\"outer\"") && !file.contains("\"inner\""), "\(file)")
    let snapshots = try sandbox.run(["snapshots"]).stdout
    let id = try #require(
      snapshots.split(separator: "\n").first { $0.contains("replaced by a change") }?
        .split(separator: " ").first { Int($0) != nil })
    #expect(
      result.stderr.hasSuffix(
        "questions changed by two commands at once on \"\(try machineLabel(sandbox))\" (\"q1\" in Mine); kept the later change, the earlier one is snapshot \(id)\n"
      ), "\(result.stderr)")
    #expect(try sandbox.run(["groups"]).stderr == "")
  }

  /// The machine as messages name it: its host's name and its id.
  private func machineLabel(_ sandbox: MemoQuizSandbox) throws -> String {
    let file = sandbox.folder.appendingPathComponent("local/machine")
    let fields = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")[0].split(separator: "\t")
    return "\(fields[2]) \(fields[1])"
  }

  @Test func editorCommandMayCarryArguments() throws {
    let sandbox = try MemoQuizSandbox()
    let script = try editor(sandbox, #"[ "$1" = "--wait" ] || exit 3; sed -i 's/"Numbers"/"Counting"/' "$2""#)
    let result = try sandbox.run(["edit"], environment: ["VISUAL": "\(script) --wait"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try sandbox.run(["groups"]).stdout.contains("Counting"))
  }

  @Test func unchangedEditSaysSoAndWritesNothing() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["edit"], environment: ["EDITOR": "true", "VISUAL": ""])
    #expect(result.status == 0)
    #expect(result.stdout.contains("No changes"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
    #expect(try sandbox.files().filter { $0.hasPrefix("questions.edit-") }.isEmpty)
  }

  @Test func invalidEditOffATerminalExits65AndKeepsTheCopy() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Mine"], count: 2)
    let before = try Data(contentsOf: sandbox.questionsFile)
    let script = try editor(sandbox, #"printf '[{"title": "Mine", "questions": [],}]' > "$1""#)
    let result = try sandbox.run(["edit"], environment: ["EDITOR": script, "VISUAL": ""])
    #expect(result.status == 65)
    #expect(try Data(contentsOf: sandbox.questionsFile) == before)
    let kept = try #require(try sandbox.files().first { $0.hasPrefix("questions.edit-") })
    #expect(result.stderr.contains(":1:36: error: trailing comma before '}'"))
    #expect(result.stderr.contains(sandbox.folder.appendingPathComponent(kept).path))
    #expect(
      try Data(contentsOf: sandbox.folder.appendingPathComponent(kept))
        == Data(#"[{"title": "Mine", "questions": [],}]"#.utf8))
  }

  @Test func aFailingEditorChangesNothing() throws {
    let sandbox = try MemoQuizSandbox()
    let result = try sandbox.run(["edit"], environment: ["EDITOR": "false", "VISUAL": ""])
    #expect(result.status == 1)
    #expect(result.stderr.contains("memoquiz: error: the editor 'false' failed"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
    let missing = try sandbox.run(["edit"], environment: ["EDITOR": "no-such-editor-here", "VISUAL": ""])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("cannot find the editor"))
  }

  @Test func editingAgainOpensTheEditorAtTheFirstProblemWithTheProblemsOnScreen() throws {
    let sandbox = try MemoQuizSandbox()
    // An editor called vi, so that memoquiz passes +LINE: a link to sh that
    // runs a script recording its arguments. The first edit breaks line 3;
    // the second writes a valid file.
    let bin = sandbox.folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: bin.path + "/vi", withDestinationPath: "/bin/sh")
    let log = sandbox.folder.appendingPathComponent("arguments.log").path
    let script = try editor(
      sandbox,
      """
      echo "$@" >> \(log)
      for last; do :; done
      if [ "$(wc -l < \(log))" -eq 1 ]; then
        printf '[\\n {"title": "G",\\n  "questions": [{"prompt": "p"}]}\\n]\\n' > "$last"
      else
        printf '[{"title": "G", "questions": [{"prompt": "p", "answer": "a"}]}]' > "$last"
      fi
      """)
    var environment = sandbox.environment
    environment["VISUAL"] = "\(bin.path)/vi \(script.dropFirst(3))"
    let session = try PseudoTerminalSession(arguments: ["edit"], environment: environment)
    #expect(session.waitFor("Edit again?"))
    #expect(session.text.contains(":3:17:"), "the problem is on screen: \(session.text)")
    session.type("\n")
    #expect(session.waitForExit() == 0)
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(calls.count == 2)
    #expect(calls.first?.hasPrefix("+") == false, "the first edit opens at the top")
    #expect(calls.last?.hasPrefix("+3 ") == true, "the second opens at the problem's line: \(calls)")
    #expect(try sandbox.run(["groups"]).stdout.contains("G"))
  }

  @Test func aRenamedGroupKeepsItsProgressAndUndoBringsTheOldTitleBack() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "numbers", "--strategy", "sequential"], input: "0\n1\nx\n:quit\n")
    let script = try editor(sandbox, #"sed -i 's/"Numbers"/"Counting"/' "$1""#)
    let result = try sandbox.run(["edit"], environment: ["EDITOR": script, "VISUAL": ""])
    #expect(result.stdout.contains("Numbers is now Counting: its scores, memory and round follow it."))
    #expect(try sandbox.storedScore("Counting") == (2, 1))
    let resumed = try sandbox.run(["play", "counting"], input: ":quit\n")
    #expect(resumed.stdout.contains("Resuming Counting at question 4 of 20"), "\(resumed.stdout)")
    try sandbox.run(["undo"])
    #expect(try sandbox.storedScore("Numbers") == (2, 1))
  }

  @Test func aGroupWithOtherQuestionsUnderANewTitleStartsAfresh() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "numbers", "--strategy", "sequential"], input: "0\n")
    let script = try editor(sandbox, #"sed -i 's/"Numbers"/"Counting"/; s/"prompt": "零"/"prompt": "〇"/' "$1""#)
    let result = try sandbox.run(["edit"], environment: ["EDITOR": script, "VISUAL": ""])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("is now"))
    #expect(try sandbox.storedScore("Counting") == (0, 0))
  }
}
