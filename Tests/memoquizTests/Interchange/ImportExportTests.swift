import Foundation
import Testing

/// `import`, `export` and `add` through the real binary.
@Suite struct ImportExportTests {
  private func write(_ text: String, _ name: String, in sandbox: MemoQuizSandbox) throws -> String {
    let path = sandbox.folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func titles(_ sandbox: MemoQuizSandbox) throws -> [String] {
    try sandbox.scores().keys.sorted()
  }

  @Test func aSpreadsheetBecomesAGroupNamedAfterItsFileAndUndoTakesItBack() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write("dog,犬,a pet\ncat,猫\n\"bird, small\",鳥\n", "animals.csv", in: sandbox)
    let result = try sandbox.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("1 new group (animals); 3 questions added"))
    let played = try sandbox.run(["play", "animals", "--strategy", "sequential"], input: "犬\n猫\n鳥\n")
    #expect(played.stdout.components(separatedBy: "Correct!").count == 4, "\(played.stdout)")
    #expect(try sandbox.run(["history"]).stdout.contains("import of"))
    try sandbox.run(["undo"])  // the answers, one at a time, then the import
    try sandbox.run(["undo"])
    try sandbox.run(["undo"])
    try sandbox.run(["undo"])
    #expect(!(try titles(sandbox)).contains("animals"))
  }

  @Test func ankiTextWithADeckColumnGivesAGroupPerDeck() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write(
      "#separator:tab\n#html:true\n#notetype column:1\n#deck column:2\n"
        + "Basic\tKanji\t山\t<b>yama</b>\nBasic\tKanji\t川\tkawa\nBasic\tWords\t\"水\"\t\"mizu &amp; more\"\n",
      "deck.txt", in: sandbox)
    let result = try sandbox.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    let scores = try sandbox.scores()
    #expect((scores["Kanji"]?["questions"] as? [[String: Any]])?.count == 2)
    let words = try #require(scores["Words"]?["questions"] as? [[String: Any]])
    #expect(words.first?["prompt"] as? String == "水")
    // A Basic note is graded by the learner: its answer is shown.
    let play = try sandbox.run(["play", "kanji", "--strategy", "sequential"], input: "\n3\n")
    #expect(play.stdout.contains("Answer: yama\n"), "the tags were removed")
    #expect(play.stdout.contains("Correct: Good."))
  }

  @Test func ankiTextKeepsNoteTypesTagsAndGuids() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write(
      "#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n"
        + "g<U>1\tBasic (and reversed card)\tWords\t犬\tdog\tanimal n5\n"
        + "g2\tCloze\tPlaces\t{{c1::Tokyo}} is in {{c2::Japan}}.\tcapitals\tgeography\n"
        + "g3\tBasic\tWords\t鳥\tbird\t\n",
      "notes.txt", in: sandbox)
    let result = try sandbox.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    let exported = try sandbox.run(["export", "Words", "Places", "--format", "json"]).stdout
    let groups = try #require(try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [[String: Any]])
    let questions = groups.flatMap { $0["questions"] as? [[String: Any]] ?? [] }
    let dog = try #require(questions.first { $0["prompt"] as? String == "犬" })
    #expect(dog["id"] as? String == "g<U>1", "a guid is not HTML")
    #expect(dog["reverse"] as? Bool == true)
    #expect(dog["tags"] as? [String] == ["animal", "n5"])
    let cloze = try #require(questions.first { $0["cloze"] != nil })
    #expect(cloze["cloze"] as? String == "{{c1::Tokyo}} is in {{c2::Japan}}.")
    #expect(cloze["hint"] as? String == "capitals", "its Back Extra")
    #expect(cloze["tags"] as? [String] == ["geography"])
    let bird = try #require(questions.first { $0["prompt"] as? String == "鳥" })
    #expect(bird["reverse"] == nil && bird["id"] as? String == "g3")
  }

  @Test func ankiExportAndImportKeepReversedClozeAndTags() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [
        { "title": "Words", "reverse": true, "questions": [
          { "prompt": "犬", "answer": "dog", "tags": ["animal"] }, { "prompt": "鳥", "answer": "bird", "reverse": false } ] },
        { "title": "Places", "questions": [ { "cloze": "{{c1::Tokyo}} is in {{c2::Japan}}.", "hint": "capitals" } ] }
      ]
      """)
    let exported = try sandbox.run(["export", "Words", "Places", "--format", "anki"])
    let other = try MemoQuizSandbox()
    let file = try write(exported.stdout, "export.txt", in: other)
    let imported = try other.run(["import", file])
    #expect(imported.status == 0, "\(imported.stderr)")
    func cards(_ sandbox: MemoQuizSandbox) throws -> [String: [String]] {
      let scores = try sandbox.run(["scores", "--json"]).stdout
      let groups = try #require(try JSONSerialization.jsonObject(with: Data(scores.utf8)) as? [[String: Any]])
      var cards: [String: [String]] = [:]
      for group in groups {
        let title = group["title"] as? String ?? ""
        cards[title] = (group["questions"] as? [[String: Any]] ?? []).map {
          "\($0["prompt"] ?? "") \($0["card"] ?? "")"
        }
      }
      return cards
    }
    let before = try cards(sandbox)
    let after = try cards(other)
    #expect(after["Words"] == before["Words"])
    #expect(after["Places"] == before["Places"])
    #expect(after["Words"]?.count == 3, "犬 both ways, 鳥 one way")
    let json = try other.run(["export", "Words", "--format", "json"]).stdout
    #expect(json.contains("\"animal\""))
  }

  @Test func everyBadLineIsReportedAndNothingIsImported() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write("#separator:tab\na\tb\nonly a prompt\nc\td\n\te\n", "bad.tsv", in: sandbox)
    let result = try sandbox.run(["import", file])
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(file):3: error: expected a prompt and an answer"))
    #expect(result.stderr.contains("\(file):5: error: expected a prompt and an answer"))
    #expect(result.stderr.contains("nothing was imported"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
    let json = try write(#"[{"title": "X", "questions": [{"prompt": "p"}]}]"#, "bad.json", in: sandbox)
    let invalid = try sandbox.run(["import", json])
    #expect(invalid.status == 65)
    #expect(invalid.stderr.contains("\(json):1:31: error: question 1 has no \"answer\""), "\(invalid.stderr)")
  }

  @Test func aTitleThatExistsNeedsMergeOrReplace() throws {
    let sandbox = try MemoQuizSandbox()
    let first = try write("一\tone\n二\ttwo\n", "counting.tsv", in: sandbox)
    #expect(try sandbox.run(["import", first]).status == 0)
    try sandbox.run(["play", "counting", "--strategy", "sequential"], input: "one\nx\n")
    let again = try write("二\t2\n三\tthree\n", "counting.tsv", in: sandbox)
    let refused = try sandbox.run(["import", again])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("a group called \"counting\" exists already; use --merge"))
    let dryRun = try sandbox.run(["import", again, "--merge", "--dry-run"])
    #expect(dryRun.stdout.contains("Would import"))
    #expect(dryRun.stdout.contains("1 question added, 1 updated"), "\(dryRun.stdout)")
    let merged = try sandbox.run(["import", again, "--merge"])
    #expect(merged.status == 0, "\(merged.stderr)")
    let counting = try #require(try sandbox.scores()["counting"])
    let questions = try #require(counting["questions"] as? [[String: Any]])
    #expect(questions.map { $0["prompt"] as? String } == ["一", "二", "三"])
    #expect(questions[1]["incorrectCount"] as? Int == 1, "a merged question keeps its memory")
    #expect(try sandbox.run(["import", again, "--replace"]).status == 0)
    let replaced = try #require(try sandbox.scores()["counting"]?["questions"] as? [[String: Any]])
    #expect(replaced.map { $0["prompt"] as? String } == ["二", "三"])
  }

  @Test func importingAGroupThatExistsWithoutMergeIsAUsageError() throws {
    let sandbox = try MemoQuizSandbox()
    let package = sandbox.folder.path + "-all.apkg"
    defer { try? FileManager.default.removeItem(atPath: package) }
    #expect(try sandbox.run(["export", "--format", "apkg", "--output", package]).status == 0)
    try sandbox.writeNumberedGroups(["Numbers"], count: 2)
    let file = try write("一\tone\n", "Numbers.tsv", in: sandbox)
    let refused = try sandbox.run(["import", file])
    #expect(refused.status == 64)
    #expect(
      refused.stderr
        == "memoquiz: error: a group called \"Numbers\" exists already; use --merge to add to it or --replace to "
        + "replace it (nothing was imported)\n")
    try FileManager.default.removeItem(at: sandbox.questionsFile)
    #expect(try sandbox.run(["import", package]).status == 64, "a package's groups too")
  }

  @Test func mergingTheOwnPackageBackUpdatesNoQuestionAndKeepsTheHints() throws {
    let sandbox = try MemoQuizSandbox()
    let package = sandbox.folder.path + "-all.apkg"
    defer { try? FileManager.default.removeItem(atPath: package) }
    #expect(try sandbox.run(["export", "--format", "apkg", "--output", package]).status == 0)
    let before = try sandbox.run(["export", "--format", "json"]).stdout
    let dryRun = try sandbox.run(["import", package, "--merge", "--dry-run"])
    #expect(
      dryRun.stdout
        == "Would import \(package): 10 groups merged into (Hiragana, Katakana, Basic Phrases, Numbers, Hiragana "
        + "dakuten, ...); 0 questions added. Nothing was changed (--dry-run).\n")
    #expect(try sandbox.run(["import", package, "--merge"]).status == 0)
    #expect(try sandbox.run(["export", "--format", "json"]).stdout == before, "hints and alternatives stay")
  }

  @Test func anAnswerWithAnkisFieldSeparatorIsImportedWithASpaceAndExportedAsOneField() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write("あ\ta\u{1F}b\nい\ti\n", "kana.tsv", in: sandbox)
    #expect(try sandbox.run(["import", file]).status == 0)
    #expect(try sandbox.run(["export", "kana", "--format", "tsv"]).stdout == "あ\ta b\t\nい\ti\t\n")
    // A questions file written by hand may hold one: the package still
    // gives each note its two fields.
    try sandbox.writeQuestions(
      #"[{"title": "J", "questions": [{"prompt": "p", "answer": "x\u001fy"}]}]"#)
    let package = sandbox.folder.path + "-j.apkg"
    defer { try? FileManager.default.removeItem(atPath: package) }
    #expect(try sandbox.run(["export", "J", "--format", "apkg", "--output", package]).status == 0)
    let elsewhere = try MemoQuizSandbox()
    #expect(try elsewhere.run(["import", package]).status == 0)
    #expect(try elsewhere.run(["export", "J", "--format", "tsv"]).stdout == "p\tx y\t\n")
  }

  @Test func aSemicolonSpreadsheetIsReadWithoutASeparatorLine() throws {
    let sandbox = try MemoQuizSandbox()
    for name in ["semi.csv", "semi.txt"] {
      let file = try write("あ;a;like ah\nい;\"i, ee\"\n", name, in: sandbox)
      let result = try sandbox.run(["import", file, "--title", name])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try sandbox.run(["export", name, "--format", "tsv"]).stdout == "あ\ta\tlike ah\nい\ti, ee\t\n")
    }
    let commas = try write("う,u; oo\nえ,e\n", "commas.csv", in: sandbox)
    #expect(try sandbox.run(["import", commas]).status == 0, "a semicolon in one field is no separator")
    #expect(try sandbox.run(["export", "commas", "--format", "tsv"]).stdout == "う\tu; oo\t\nえ\te\t\n")
  }

  @Test func aFileThatCannotBeReadGetsOneErrorNamingItsSeparator() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write("あ|a\nい|i\nう|u\n", "pipes.csv", in: sandbox)
    let result = try sandbox.run(["import", file])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "\(file):1: error: expected a prompt and an answer separated by commas, found 1 field; the file seems to "
        + "use pipes ('|'): name the separator with a first line #separator:pipe\n"
        + "memoquiz: error: \(file) cannot be imported (1 problem); nothing was imported\n")
  }

  @Test(arguments: ["json", "tsv", "anki"])
  func exportThenImportGivesBackTheSameQuestions(_ format: String) throws {
    let sandbox = try MemoQuizSandbox()
    let exported = try sandbox.run(["export", "basic phrases", "numbers", "--format", format])
    #expect(exported.status == 0)
    let other = try MemoQuizSandbox()
    let name = format == "json" ? "export.json" : "export.txt"
    let file = try write(exported.stdout, name, in: other)
    try other.writeQuestions(#"[{"title": "Placeholder", "questions": [{"prompt": "p", "answer": "a"}]}]"#)
    let imported = try other.run(["import", file] + (format == "tsv" ? ["--title", "Back"] : []))
    #expect(imported.status == 0, "\(imported.stderr)")
    let original = try sandbox.run(["export", "basic phrases", "numbers", "--format", "json"]).stdout
    let back = try other.run(["export", "--format", "json"]).stdout
    struct Group: Decodable, Equatable {
      struct Item: Decodable, Equatable {
        let prompt: String
        let answer: String
        let hint: String?
        let alternatives: [String]?
      }
      let title: String
      let questions: [Item]
    }
    let before = try JSONDecoder().decode([Group].self, from: Data(original.utf8))
    let after = try JSONDecoder().decode([Group].self, from: Data(back.utf8)).filter { $0.title != "Placeholder" }
    let items = { (groups: [Group]) in groups.flatMap(\.questions) }
    #expect(items(after).map(\.prompt) == items(before).map(\.prompt))
    #expect(items(after).map(\.answer) == items(before).map(\.answer))
    if format != "anki" { #expect(items(after).map(\.hint) == items(before).map(\.hint)) }
    if format == "json" {
      #expect(items(after).map(\.alternatives) == items(before).map(\.alternatives))
      #expect(after.map(\.title) == ["Basic Phrases", "Numbers"])
    }
    if format == "anki" { #expect(after.map(\.title) == ["Basic Phrases", "Numbers"], "a group per deck") }
  }

  @Test func exportWritesAFileDurablyWithOutput() throws {
    let sandbox = try MemoQuizSandbox()
    // Outside the data folder: export refuses to write into it.
    let path = sandbox.folder.path + "-kana.txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try sandbox.run(["export", "hiragana", "--format", "anki", "--output", path])
    #expect(result.status == 0)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text.hasPrefix(
        "#separator:tab\n#html:false\n#notetype column:1\n#deck column:2\n#guid column:8\n"
          + "#columns:Note type\tDeck\tFront\tBack\tHint\tAlternatives\tGrade\tGUID\nBasic\tHiragana\tあ\ta\t"))
  }

  @Test func addMakesAGroupAddsToOneAndRefusesADuplicatePrompt() throws {
    let sandbox = try MemoQuizSandbox()
    let first = try sandbox.run(["add", "Kanji", "山", "yama", "--hint", "three peaks", "--alternative", "san"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Added 山 to Kanji (a new group)"))
    #expect(try sandbox.run(["add", "kanji", "川", "kawa"]).stdout.contains("(2 questions now)"))
    let duplicate = try sandbox.run(["add", "Kanji", "山", "other"])
    #expect(duplicate.status == 65)
    #expect(duplicate.stderr.contains("Kanji has a question \"山\" already"))
    let play = try sandbox.run(["play", "kanji", "--strategy", "sequential"], input: "?\nsan\nkawa\n")
    #expect(play.stdout.contains("Hint: three peaks"))
    #expect(play.stdout.contains("Correct (with the hint: counts as Hard)"), "the first after its hint")
    #expect(play.stdout.components(separatedBy: "Correct!").count == 2)
    let usage = try sandbox.run(["add", "Kanji", "山"])
    #expect(usage.status == 64)
  }

  @Test func importedTextIsShownSafely() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write("evil\u{1B}]0;pwned\u{7}\tanswer\n", "evil.tsv", in: sandbox)
    #expect(try sandbox.run(["import", file]).status == 0)
    let play = try sandbox.run(["play", "evil"], input: ":quit\n")
    #expect(!play.stdout.contains("\u{1B}"))
    #expect(play.stdout.contains("evil^[]0;pwned^G"))
  }

  @Test func theTutorialAppsFileWithScoresImports() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write(
      #"[{"title": "Tutorial", "questions": [{"prompt": "p", "answer": "a"}], "score": {"correctCount": 3, "incorrectCount": 1}}]"#,
      "tutorial.json", in: sandbox)
    #expect(try sandbox.run(["import", file]).status == 0)
    #expect(try sandbox.run(["groups"]).stdout.contains("Tutorial"))
  }

  static let quizFolder = "/usr/share/games/bsdgames/quiz"

  @Test(.enabled(if: FileManager.default.fileExists(atPath: quizFolder), "needs Debian's bsdgames quiz files"))
  func theRealBSDQuizFilesImport() throws {
    let sandbox = try MemoQuizSandbox()
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.quizFolder).filter { $0 != "index" }.sorted()
    #expect(files.count >= 30)
    for name in files {
      let result = try sandbox.run(["import", Self.quizFolder + "/" + name, "--format", "bsdquiz", "--dry-run"])
      if name == "ed" {
        // Two ed commands have patterns with hundreds of spellings.
        #expect(result.status == 65)
        #expect(result.stderr.contains("/ed:12: error: it allows more than 100 other spellings"))
        #expect(result.stderr.contains("/ed:28: error:"))
      } else {
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.stdout.contains("1 new group (\(name))"), "\(name): \(result.stdout)")
      }
    }
    #expect(try sandbox.run(["import", Self.quizFolder + "/africa", "--format", "bsdquiz"]).status == 0)
    let play = try sandbox.run(["play", "africa", "--strategy", "sequential"], input: "Algiers\nLuanda\nPorto-Novo\n")
    #expect(play.stdout.components(separatedBy: "Correct!").count == 4, "\(play.stdout)")
  }
}
