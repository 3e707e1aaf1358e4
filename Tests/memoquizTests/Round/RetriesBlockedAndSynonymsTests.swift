import Foundation
import Testing

/// Judging that teaches, end to end: an answer right for something else or
/// in the wrong script is asked again at once and recorded nowhere, a
/// blocked answer is always wrong, other digits and affixes are never
/// typos, `config confusions retry` asks again, and `?` without a hint is
/// no hint.
@Suite struct RetriesBlockedAndSynonymsTests {
  private static let questions = """
    [{"title": "Kanji", "questions": [
      {"prompt": "生", "answer": "せい", "otherAnswers": ["しょう", "なま"]},
      {"prompt": "water", "answer": "みず"},
      {"prompt": "水", "answer": "water"}
    ]}]
    """

  /// The answers `history --json` lists, oldest first: typed, rating.
  private func answers(_ sandbox: MemoQuizSandbox) throws -> [String] {
    let result = try sandbox.run(["history", "--json"])
    let steps = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return steps.filter { $0["kind"] as? String == "answer" }
      .sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }
      .map { "\($0["typed"] as? String ?? "") \($0["rating"] as? String ?? "")" }
  }

  /// A folder of the test's questions, and the kanji group played in order on a terminal.
  private func kanjiRound() throws -> (MemoQuizSandbox, PseudoTerminalSession) {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    var environment = sandbox.environment
    environment["NO_COLOR"] = "1"
    let session = try PseudoTerminalSession(
      arguments: ["play", "kanji", "--strategy", "sequential"], environment: environment)
    return (sandbox, session)
  }

  /// How many times `needle` was shown so far.
  private func count(_ needle: String, in session: PseudoTerminalSession) -> Int {
    session.text.components(separatedBy: needle).count - 1
  }

  @Test func aRetryAsksTheSameQuestionAgainAtOnceAndRecordsNothing() throws {
    let (sandbox, session) = try kanjiRound()
    #expect(session.waitFor("[1/3] 生"))
    session.type("shou\r")
    #expect(session.waitFor("Another answer to 生: try again."))
    session.waitForScreen { _ in count("[1/3] 生", in: session) == 2 }
    #expect(count("[1/3] 生", in: session) == 2, "asked again at once")
    session.type("sei\r")
    #expect(session.waitFor("Correct!"))
    #expect(session.waitFor("[2/3] water"))
    session.type("water\r")
    #expect(session.waitFor("Answer in kana."))
    session.waitForScreen { _ in count("[2/3] water", in: session) == 2 }
    #expect(count("[2/3] water", in: session) == 2, "asked again at once")
    session.type("mizu\r")
    #expect(session.waitFor("[3/3] 水"))
    session.type("水\r")
    #expect(session.waitFor("Answer in English."))
    session.waitForScreen { _ in count("[3/3] 水", in: session) == 2 }
    #expect(count("[3/3] 水", in: session) == 2, "asked again at once")
    session.type("water\r")
    #expect(session.waitFor("Round complete"))
    #expect(session.waitForExit() == 0)
    #expect(!session.text.contains("Incorrect.") && session.text.contains("Incorrect:  0"))
    #expect(try answers(sandbox) == ["せい good", "みず good", "water good"], "the retries are nowhere")
    #expect(try sandbox.storedScore("Kanji") == (3, 0))
  }

  @Test func aRetryFromAPipeTakesTheNextLineAsTheAnswer() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    let result = try sandbox.run(
      ["play", "kanji", "--strategy", "sequential"], input: "なま\nせ\nwater\nみず\n水\nwater\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("Another answer to 生: try again.\n[1/3] 生\nIncorrect, a near miss."))
    #expect(result.stdout.contains("Answer in kana.\n[2/3] water\nCorrect!"))
    #expect(result.stdout.contains("Answer in English.\n[3/3] 水\nCorrect!"))
    #expect(try answers(sandbox) == ["せ again", "みず good", "water good"])
  }

  @Test func anAnswerInLettersIsAskedInTheLanguageTheGroupSpeaks() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"""
      [{"title": "Mots", "speak": "fr", "questions": [
        {"prompt": "猫", "answer": "chat"},
        {"prompt": "犬", "answer": "dog", "speak": "en-gb"},
        {"prompt": "鳥", "answer": "Vogel", "speak": "de"},
        {"prompt": "水", "answer": "water", "speak": "ja"}
      ]}]
      """#)
    let result = try sandbox.run(
      ["play", "mots", "--strategy", "sequential"], input: "ねこ\nchat\nいぬ\ndog\nとり\nVogel\nみず\nwater\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Answer in French.\n[1/4] 猫\nCorrect!"), "\(result.stdout)")
    #expect(result.stdout.contains("Answer in English.\n[2/4] 犬\nCorrect!"), "the question's own speak")
    #expect(result.stdout.contains("Answer in German.\n[3/4] 鳥\nCorrect!"))
    // Japanese is not written in letters: an answer in letters is English.
    #expect(result.stdout.contains("Answer in English.\n[4/4] 水\nCorrect!"))
    #expect(try answers(sandbox) == ["chat good", "dog good", "Vogel good", "water good"])
  }

  @Test func aQuestionMarkWithoutAHintIsNoHint() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "Words", "questions": [{"prompt": "cat", "answer": "neko"}]}]"#)
    var environment = sandbox.environment
    environment["NO_COLOR"] = "1"
    let session = try PseudoTerminalSession(arguments: ["play", "words"], environment: environment)
    #expect(session.waitFor("[1/1] cat"))
    session.type("?\r")
    #expect(session.waitFor("There is no hint for this question."))
    session.type("neko\r")
    #expect(session.waitFor("Correct!"))
    #expect(session.waitFor("Round complete"))
    #expect(session.waitForExit() == 0)
    #expect(!session.text.contains("with the hint"))
    #expect(try answers(sandbox) == ["neko good"], "Good, not Hard")
  }

  @Test func aBlockedAnswerIsAlwaysWrongAndOtherNumbersAndAffixesAreNoTypos() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [{"title": "Words", "typos": "forgive", "questions": [
        {"prompt": "to influence", "answer": "affect", "blocked": ["effect"]},
        {"prompt": "end of the war", "answer": "1945"},
        {"prompt": "right", "answer": "correct"},
        {"prompt": "glad", "answer": "happy"},
        {"prompt": "to think true", "answer": "believe"}
      ]}]
      """)
    let result = try sandbox.run(
      ["play", "words", "--strategy", "sequential"], input: "effect\n1954\nincorrect\nhappyy\nbeleive\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("Incorrect, a near miss. The answer is affect."))
    #expect(result.stdout.contains("Incorrect, a near miss. The answer is 1945."))
    #expect(result.stdout.contains("Incorrect. The answer is correct.\n  yours:  incorrect\n  answer: --correct\n"))
    #expect(result.stdout.contains("Correct, with a typo: happy\n"))
    #expect(result.stdout.contains("Correct, with a typo: believe\n"))
    #expect(try sandbox.storedScore("Words") == (2, 3))
  }

  @Test func confusionsRetryAsksAgainNamingTheOtherQuestion() throws {
    let sandbox = try MemoQuizSandbox()
    #expect(try sandbox.run(["config", "confusions"]).stdout == "wrong\n")
    let bad = try sandbox.run(["config", "confusions", "maybe"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("confusions takes wrong or retry, not 'maybe'"))
    #expect(try sandbox.run(["config", "confusions", "retry"]).status == 0)
    let result = try sandbox.run(["play", "hiragana", "--strategy", "sequential"], input: "o\na\n:quit\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("That is the answer to お: try again.\n[1/"))
    #expect(result.stdout.contains("Correct!"))
    #expect(!result.stdout.contains("Incorrect"))
    #expect(try answers(sandbox) == ["a good"])
    // The confusion is a step of its own, which stats counts and undo takes back.
    let history = try sandbox.run(["history", "--json"]).stdout
    #expect(history.contains(#""kind" : "confusion""#))
    #expect(history.contains(#""summary" : "confusion \"o\" for あ: asked again""#))
    func confusions() throws -> [String] {
      let stats = try sandbox.run(["stats", "--json"])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
      let list = try #require(object["confusions"] as? [[String: Any]])
      return list.map { "\($0["asked"] ?? "") \($0["answered"] ?? "") \($0["count"] ?? "")" }
    }
    #expect(try confusions() == ["あ お 1"])
    let steps = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
    let confusion = try #require(steps.first { $0["kind"] as? String == "confusion" }?["id"] as? Int)
    #expect(try sandbox.run(["undo", "\(confusion)"]).status == 0)
    #expect(try confusions() == [])
    #expect(try answers(sandbox) == ["a good"], "the answer stays")
  }

  @Test func validateKnowsTheNewKeys() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [{"title": "A", "questions": [
        {"prompt": "生", "answer": "せい", "otherAnswers": ["しょう"], "blocked": ["せ"]},
        {"prompt": "q", "answer": "b", "blocked": ["b"]},
        {"prompt": "r", "answer": "c", "otherAnswers": "d"},
        {"cloze": "{{c1::x}} y", "blocked": ["z"]}
      ]}]
      """)
    let result = try sandbox.run(["validate"])
    #expect(result.status == 65)
    let path = sandbox.questionsFile.path
    let output = result.stdout + result.stderr
    #expect(!output.contains("unknown key"))
    #expect(output.contains("\(path):3:34: error: \"b\" is both accepted and blocked"))
    #expect(output.contains("\(path):4:50: error: \"otherAnswers\" must be an array of strings, found a string"))
    #expect(output.contains("\(path):5:28: error: a cloze question has no \"blocked\""))
    try sandbox.writeQuestions(
      #"[{"title": "A", "questions": [{"prompt": "生", "answer": "せい", "otherAnswers": ["しょう"], "blocked": ["せ"]}]}]"#
    )
    #expect(try sandbox.run(["validate"]).status == 0)
  }

  @Test func synonymAcceptsTheAnswerAndUndoTakesBackBoth() throws {
    let (sandbox, session) = try kanjiRound()
    #expect(session.waitFor("[1/3] 生"))
    session.type("se\r")
    #expect(session.waitFor("Incorrect, a near miss. The answer is せい."))
    #expect(session.waitFor("[2/3] water"))
    session.type(":synonym\r")
    #expect(session.waitFor("Accepted from now on: せ for 生; your answer counts as correct."))
    let added = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(added.contains(#""prompt": "生", "answer": "せい", "alternatives": ["せ"], "otherAnswers": ["しょう", "なま"]"#))
    #expect(try answers(sandbox) == ["せ good"], "counted as correct")
    session.type(":undo\r")
    #expect(
      session.waitFor("Took back your :synonym: 生 no longer accepts it, and your answer counts as incorrect again."))
    let restored = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(!restored.contains("\"せ\""), "the answer added is gone")
    #expect(try answers(sandbox) == ["せ again"])
    session.type("mizu\r")
    #expect(session.waitFor("[3/3] 水"))
    session.type(":quit\r")
    #expect(session.waitForExit() == 0)
  }

  @Test func synonymRefusesABlockedAnswerAndReadsOneMoreLineAfterTheLastVerdict() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "W", "questions": [{"prompt": "to influence", "answer": "affect", "blocked": ["effect"]}]}]"#)
    let result = try sandbox.run(["play", "w"], input: "effect\n:synonym\n:synonym influence\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("effect is blocked for to influence.\n"))
    #expect(result.stdout.contains("Accepted from now on: influence for to influence; your answer counts as correct."))
    #expect(result.stdout.contains("Round complete"))
    #expect(try answers(sandbox) == ["effect good"])
    let questions = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(questions.contains(#""alternatives": ["influence"], "blocked": ["effect"]"#))
    let history = try sandbox.run(["history"]).stdout
    #expect(history.contains("W: :synonym influence for to influence"))
    let undo = try sandbox.run(["undo"])
    #expect(undo.stdout.contains("the answer counts as incorrect again"))
    #expect(try answers(sandbox) == ["effect again"])
    #expect(!(try String(contentsOf: sandbox.questionsFile, encoding: .utf8)).contains("alternatives"))
    // Piped, a last wrong answer and the end of the input end the round as before.
    let plain = try sandbox.run(["play", "w"], input: "wrong\n")
    #expect(plain.stdout.contains("Incorrect. The answer is affect.") && plain.stdout.contains("Round complete"))
  }

  @Test func addExportAndImportKeepOtherAndBlockedAnswers() throws {
    let sandbox = try MemoQuizSandbox()
    let added = try sandbox.run(
      ["add", "Kanji", "生", "せい", "--other-answer", "しょう", "--other-answer", "なま", "--blocked", "せ"])
    #expect(added.status == 0, "\(added.stderr)")
    let file = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    #expect(file.contains(#"{"prompt": "生", "answer": "せい", "otherAnswers": ["しょう", "なま"], "blocked": ["せ"]}"#))
    let refused = try sandbox.run(["add", "Kanji", "木", "き", "--blocked", "き"])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("is both accepted and blocked"))
    #expect(try sandbox.run(["add", "Kanji", "木", "き", "--blocked", " "]).status == 64)
    // Anki's plain text keeps them in columns of their own; import reads them back.
    let anki = try sandbox.run(["export", "Kanji", "--format", "anki"]).stdout
    #expect(
      anki.contains("#columns:Note type\tDeck\tFront\tBack\tHint\tAlternatives\tGrade\tGUID\tOther answers\tBlocked\n"))
    #expect(anki.contains("\tしょう|なま\tせ\n"))
    let other = try MemoQuizSandbox()
    let path = other.folder.appendingPathComponent("kanji.txt").path
    try Data(anki.utf8).write(to: URL(fileURLWithPath: path))
    let imported = try other.run(["import", path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let json = try other.run(["export", "Kanji", "--format", "json"]).stdout
    #expect(json.contains(#""otherAnswers": ["しょう", "なま"], "blocked": ["せ"]"#))
    let played = try other.run(["play", "kanji"], input: "shou\nse\n")
    #expect(played.stdout.contains("Another answer to 生: try again."))
    #expect(played.stdout.contains("Incorrect, a near miss. The answer is せい."))
  }
}
