import Foundation
import Testing

/// Reversed and cloze questions through the real binary: played, buried,
/// remembered per card, validated and exported.
@Suite struct CardTypeTests {
  static let questions = """
    [
      {"title": "Words", "reverse": true, "questions": [
        {"prompt": "犬", "answer": "dog", "reverseAlternatives": ["いぬ"], "hint": "barks", "tags": ["animals"]},
        {"prompt": "猫", "answer": "cat", "id": "neko"},
        {"prompt": "鳥", "answer": "bird", "reverse": false}
      ]},
      {"title": "Capitals", "questions": [
        {"cloze": "{{c1::Tokyo::city}} is the capital of {{c2::Japan}}.", "id": "tokyo", "tags": ["geo"]},
        {"cloze": "{{c1::Red}}, {{c1::green}} and {{c2::blue}}"}
      ]}
    ]
    """

  private func at(_ time: String) -> [String: String] { ["MEMOQUIZ_NOW": time] }

  private func sandbox() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    return sandbox
  }

  /// The prompts a round asked, in order.
  private func asked(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("[") && $0.contains("] ") }.map {
      String($0[$0.range(of: "] ")!.upperBound...])
    }
  }

  /// The cards of `scores GROUP --json`.
  private func cards(_ sandbox: MemoQuizSandbox, _ group: String, now: String) throws -> [[String: Any]] {
    let result = try sandbox.run(["scores", group, "--json"], environment: at(now))
    let groups = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return try #require(groups.first?["questions"] as? [[String: Any]])
  }

  @Test func aReversedGroupIsPlayedBothWaysInTurnWithMemoryPerDirection() throws {
    let sandbox = try sandbox()
    let first = try sandbox.run(
      ["play", "words", "--strategy", "sequential"], input: "dog\ncat\nbird\n", environment: at("2026-12-01T09:00:00Z"))
    #expect(first.stdout.contains("Words: 3 questions, sequential order"))
    #expect(asked(first.stdout) == ["犬", "猫", "鳥"], "one direction each: the other is buried")
    #expect(first.stdout.contains("Round complete"))
    // The next round asks the direction not yet answered; a reverse accepts the prompt and reverseAlternatives.
    let second = try sandbox.run(
      ["play", "words", "--strategy", "sequential"], input: "?\nいぬ\n馬\nbird\n",
      environment: at("2026-12-01T10:00:00Z"))
    #expect(asked(second.stdout) == ["dog", "cat", "鳥"])
    #expect(second.stdout.contains("Hint: barks"))
    #expect(second.stdout.contains("Incorrect. The answer is 猫."))
    #expect(second.stdout.contains("Round complete"))

    let memory = try cards(sandbox, "words", now: "2026-12-01T10:00:00Z")
    #expect(memory.map { $0["card"] as? String } == ["forward", "reverse", "forward", "reverse", "forward"])
    #expect(memory.map { $0["prompt"] as? String } == ["犬", "dog", "猫", "cat", "鳥"])
    #expect(memory.map { $0["correctCount"] as? Int } == [1, 1, 1, 0, 2])
    #expect(memory.map { $0["incorrectCount"] as? Int } == [0, 0, 0, 1, 0])
    #expect(memory[2]["id"] as? String == "neko")
    #expect(memory[3]["id"] as? String == "neko")
    // Again for the reverse of 猫, Good for its forward: two memories.
    #expect(memory[3]["stability"] as? Double != memory[2]["stability"] as? Double)
    let groups = try sandbox.run(["groups"]).stdout
    #expect(groups.contains("Words             5"), "\(groups)")
  }

  @Test func aSiblingIsNotAskedAgainInTheSameRoundEvenAfterResuming() throws {
    let sandbox = try sandbox()
    // Seeded random order: whichever card of a question comes first is the one asked.
    let first = try sandbox.run(
      ["play", "words", "--seed", "7"], input: ":quit\n", environment: at("2026-12-01T09:00:00Z"))
    #expect(first.stdout.contains("Words: 3 questions, random order (seed 7)"))
    let opening = try #require(asked(first.stdout).first)
    let answers = ["犬": "dog", "dog": "犬", "猫": "cat", "cat": "猫", "鳥": "bird"]
    let firstAnswer = try #require(answers[opening])
    let stopped = try sandbox.run(["play", "words"], input: firstAnswer + "\n:quit\n")
    #expect(stopped.stdout.contains("Correct!"))
    #expect(stopped.stdout.contains("Stopped at question 2 of 3"))
    // Resumed in a new process: the two questions left, one card each, never the sibling.
    let resumed = try sandbox.run(["play", "words"], input: ":quit\n")
    let second = try #require(asked(resumed.stdout).first)
    let secondAnswer = try #require(answers[second])
    let rest = try sandbox.run(["play", "words"], input: secondAnswer + "\n")
    let third = try #require(asked(rest.stdout).dropFirst().first)
    let all = [opening, second, third]
    let questionOf = ["犬": "犬", "dog": "犬", "猫": "猫", "cat": "猫", "鳥": "鳥"]
    #expect(Set(all.compactMap { questionOf[$0] }).count == 3, "\(all)")
    let end = try sandbox.run(["play", "words"], input: (answers[third] ?? "") + "\n")
    #expect(end.stdout.contains("Round complete"), "\(end.stdout)")
  }

  @Test func aReviewRoundBuriesTheOtherDirectionOfANewQuestion() throws {
    let sandbox = try sandbox()
    let review = try sandbox.run(
      ["play", "words", "--strategy", "review", "--new", "10"], input: "wrong\ncat\nbird\ndog\n",
      environment: at("2026-12-01T09:00:00Z"))
    // Five new cards, three questions: the miss comes back, its sibling never.
    #expect(asked(review.stdout) == ["犬", "猫", "鳥", "犬"], "\(review.stdout)")
    #expect(review.stdout.contains("Round complete"))
    // The next day the reverse directions, never answered, are asked first.
    let next = try sandbox.run(
      ["play", "words", "--strategy", "review", "--new", "10"], input: "犬\n猫\n",
      environment: at("2026-12-02T09:00:00Z"))
    #expect(asked(next.stdout).prefix(2) == ["dog", "cat"], "\(next.stdout)")
  }

  @Test func clozeNumbersAreGradedAndRememberedOneByOne() throws {
    let sandbox = try sandbox()
    let first = try sandbox.run(
      ["play", "capitals", "--strategy", "sequential"], input: "tokyo\nred, green\n",
      environment: at("2026-12-01T09:00:00Z"))
    #expect(asked(first.stdout) == ["[city] is the capital of Japan.", "[...], [...] and blue"])
    #expect(first.stdout.components(separatedBy: "Correct!").count == 3, "\(first.stdout)")
    let second = try sandbox.run(
      ["play", "capitals", "--strategy", "sequential"], input: "China\nblue\n", environment: at("2026-12-01T10:00:00Z"))
    #expect(asked(second.stdout) == ["Tokyo is the capital of [...].", "Red, green and [...]"])
    #expect(second.stdout.contains("Incorrect. The answer is Japan."))
    let memory = try cards(sandbox, "capitals", now: "2026-12-01T10:00:00Z")
    #expect(memory.map { $0["card"] as? String } == ["c1", "c2", "c1", "c2"])
    #expect(memory.map { $0["id"] as? String } == ["tokyo", "tokyo", nil, nil])
    #expect(memory.map { $0["incorrectCount"] as? Int } == [0, 1, 0, 0])
    #expect(memory.map { $0["correctCount"] as? Int } == [1, 0, 1, 1])
  }

  @Test func validateReportsCardTypeMistakesAtTheirPositions() throws {
    let sandbox = try MemoQuizSandbox()
    let file = sandbox.folder.appendingPathComponent("broken.json")
    try Data(
      """
      [{"title": "A", "reverse": "yes", "questions": [
        {"prompt": "p", "answer": "a", "reverseAlternatives": ["", "x"]},
        {"cloze": "no deletion"},
        {"cloze": "a {{c0::zero}} and {{c1::open"},
        {"cloze": "{{c1::x}}", "prompt": "p", "answer": "x"}
      ]}]

      """.utf8
    ).write(to: file)
    let result = try sandbox.run(["validate", file.path])
    #expect(result.status == 65)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let path = file.path
    #expect(lines.contains("\(path):1:28: error: \"reverse\" must be true or false, found a string"), "\(lines)")
    #expect(lines.contains("\(path):2:58: error: a reverse alternative answer is empty"))
    #expect(lines.contains { $0.hasPrefix("\(path):3:13: error: the cloze has no deletion") })
    #expect(lines.contains("\(path):4:19: error: the cloze number must be a whole number from 1 to 9999"))
    #expect(lines.contains { $0.hasPrefix("\(path):4:33: error: this deletion is not closed") })
    #expect(lines.contains { $0.hasPrefix("\(path):5:26: error: a question has either a \"cloze\" or a \"prompt\"") })
    #expect(lines.contains { $0.hasPrefix("\(path):5:41: error: a cloze question has no \"answer\"") })
    let valid = try sandbox.run(["validate"], environment: [:])
    #expect(valid.status == 0)
    try sandbox.writeQuestions(Self.questions)
    let summary = try sandbox.run(["validate"])
    #expect(summary.stdout.hasSuffix("valid: 2 groups, 5 questions (9 cards to ask)\n"), "\(summary.stdout)")
  }

  @Test func exportKeepsEverythingInJSONAndWritesWhatAnkiWouldMake() throws {
    let sandbox = try sandbox()
    let json = try sandbox.run(["export", "--format", "json"])
    #expect(json.status == 0)
    // The exported file is the questions file again, every card type and tag kept.
    let copy = try MemoQuizSandbox()
    try copy.writeQuestions(json.stdout)
    #expect(try copy.run(["export", "--format", "json"]).stdout == json.stdout)
    #expect(json.stdout.contains(#""reverse": true"#))
    #expect(json.stdout.contains(#""reverseAlternatives": ["いぬ"]"#))
    #expect(json.stdout.contains(#""reverse": false"#))
    #expect(json.stdout.contains(#""cloze": "{{c1::Tokyo::city}} is the capital of {{c2::Japan}}.""#))
    #expect(json.stdout.contains(#""tags": ["geo"]"#))

    let anki = try sandbox.run(["export", "--format", "anki"]).stdout
    #expect(
      anki == """
        #separator:tab
        #html:false
        #notetype column:1
        #deck column:2
        #guid column:8
        #columns:Note type\tDeck\tFront\tBack\tHint\tAlternatives\tGrade\tGUID\tTags
        #tags column:9
        Basic (and reversed card)\tWords\t犬\tdog\tbarks\t\ttyped\tmemoquiz:563152e0d2627eae\tanimals
        Basic (and reversed card)\tWords\t猫\tcat\t\t\ttyped\tneko\t
        Basic\tWords\t鳥\tbird\t\t\ttyped\tmemoquiz:4524f9e0c8cddbc2\t
        Cloze\tCapitals\t{{c1::Tokyo::city}} is the capital of {{c2::Japan}}.\t\t\t\ttyped\ttokyo\tgeo
        Cloze\tCapitals\t{{c1::Red}}, {{c1::green}} and {{c2::blue}}\t\t\t\ttyped\tmemoquiz:1a085ff8a7250d83\t

        """)
    let tsv = try sandbox.run(["export", "capitals", "--format", "tsv"]).stdout
    #expect(
      tsv == """
        {{c1::Tokyo::city}} is the capital of {{c2::Japan}}.\tTokyo is the capital of Japan.\t
        {{c1::Red}}, {{c1::green}} and {{c2::blue}}\tRed, green and blue\t

        """)
  }

  @Test func addAndImportKeepTheCardTypesOfTheFile() throws {
    let sandbox = try sandbox()
    #expect(try sandbox.run(["add", "Words", "魚", "fish"]).status == 0)
    let text = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(text.contains(#""reverse": true"#))
    #expect(text.contains(#""cloze": "{{c1::Red}}, {{c1::green}} and {{c2::blue}}""#))
    #expect(text.contains(#""tags": ["animals"]"#))
    // A reversed group merged into a plain one keeps its questions reversed.
    let file = sandbox.folder.appendingPathComponent("more.json")
    try Data(#"[{"title": "Capitals", "reverse": true, "questions": [{"prompt": "Paris", "answer": "France"}]}]"#.utf8)
      .write(to: file)
    #expect(try sandbox.run(["import", file.path, "--merge"]).status == 0)
    let play = try sandbox.run(["play", "capitals", "--strategy", "sequential"], input: ":quit\n")
    #expect(play.stdout.contains("Capitals: 3 questions"), "\(play.stdout)")
    let memory = try cards(sandbox, "capitals", now: "2026-12-01T10:00:00Z")
    #expect(memory.compactMap { $0["card"] as? String }.suffix(2) == ["forward", "reverse"])
  }
}
