import Foundation
import Testing

/// The outside of judging typed answers: the `typos` key that `validate`
/// knows, the `typos` and `leech-threshold` settings, and the confusions of
/// the bundled kana from a pipe.
@Suite struct JudgingSettingsTests {
  @Test func validateKnowsTheTyposKey() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [{"title": "A", "typos": "forgive", "questions": [
        {"prompt": "p", "answer": "a", "typos": "strict"},
        {"prompt": "q", "answer": "b", "typos": "lenient"},
        {"prompt": "r", "answer": "c", "typos": true}
      ]}]
      """)
    let result = try sandbox.run(["validate"])
    #expect(result.status == 65)
    let path = sandbox.questionsFile.path
    let output = result.stdout + result.stderr
    #expect(output.contains("\(path):3:43: error: \"typos\" must be \"strict\" or \"forgive\", not \"lenient\"\n"))
    #expect(output.contains("\(path):4:43: error: \"typos\" must be \"strict\" or \"forgive\", found a boolean\n"))
    #expect(!(result.stdout + result.stderr).contains("unknown key"))
    try sandbox.writeQuestions(#"[{"title": "A", "typos": "forgive", "questions": [{"prompt": "p", "answer": "a"}]}]"#)
    #expect(try sandbox.run(["validate"]).status == 0)
  }

  @Test func typosAndLeechThresholdAreSettings() throws {
    let sandbox = try MemoQuizSandbox()
    let listing = try sandbox.run(["config"]).stdout
    #expect(listing.contains("typos  ") && listing.contains("(default strict; strict or forgive)"))
    #expect(listing.contains("leech-threshold  ") && listing.contains("(default 8;"))
    let bad = try sandbox.run(["config", "typos", "lenient"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("typos takes strict or forgive, not 'lenient'"))
    #expect(try sandbox.run(["config", "leech-threshold", "100"]).status == 64)
    #expect(try sandbox.run(["config", "leech-threshold", "-1"]).status == 64)
    #expect(try sandbox.run(["config", "typos", "forgive"]).status == 0)
    #expect(try sandbox.run(["config", "typos"]).stdout == "forgive\n")
    #expect(try sandbox.run(["config", "leech-threshold", "0"]).status == 0)
    #expect(try sandbox.run(["config", "leech-threshold"]).stdout == "0\n")
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["config", "leech-threshold"]).stdout == "8\n", "undo takes a setting back")
  }

  @Test func confusionsOfTheBundledKanaAreNamedAndCounted() throws {
    let sandbox = try MemoQuizSandbox()
    // あ い う え お: typed as お い う え あ.
    let result = try sandbox.run(
      ["play", "hiragana", "--strategy", "sequential"], input: "o\ni\nu\ne\na\n:quit\n",
      environment: ["MEMOQUIZ_NOW": "2026-12-01T09:00:00Z"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Incorrect. The answer is a.\n  o: that is the answer to お.\n"))
    #expect(result.stdout.contains("Incorrect. The answer is o.\n  a: that is the answer to あ.\n"))
    let stats = try sandbox.run(["stats", "--json"], environment: ["MEMOQUIZ_NOW": "2026-12-01T10:00:00Z"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
    let confusions = try #require(object["confusions"] as? [[String: Any]])
    #expect(confusions.count == 2)
    #expect(
      Set(confusions.map { "\($0["group"] ?? "") \($0["asked"] ?? "") \($0["answered"] ?? "") \($0["count"] ?? "")" })
        == ["Hiragana あ お 1", "Hiragana お あ 1"])
    let text = try sandbox.run(["stats", "hiragana"], environment: ["MEMOQUIZ_NOW": "2026-12-01T10:00:00Z"]).stdout
    #expect(text.contains("Confusions:\n  asked あ, typed the answer to お: 1 time\n"))
    // Undo of the last answer takes its confusion back.
    #expect(try sandbox.run(["undo"], environment: ["MEMOQUIZ_NOW": "2026-12-01T10:01:00Z"]).status == 0)
    let after = try sandbox.run(["stats", "--json"], environment: ["MEMOQUIZ_NOW": "2026-12-01T10:02:00Z"])
    #expect(after.stdout.contains(#""answered" : "お""#) && !after.stdout.contains(#""answered" : "あ""#))
  }
}
