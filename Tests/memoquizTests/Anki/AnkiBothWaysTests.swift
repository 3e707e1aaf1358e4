import Foundation
import MemoQuizKit
import Testing

/// Decks from Anki made the right kind, furigana kept as Anki writes them,
/// and groups named by the last part of a deck's name.
@Suite struct AnkiBothWaysTests {
  private func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "anki/\(name)", withExtension: nil, subdirectory: "Fixtures")).path
  }

  private func questions(_ sandbox: MemoQuizSandbox, _ title: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: sandbox.questionsFile)
    let groups = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let group = try #require(groups.first { $0["title"] as? String == title })
    return try #require(group["questions"] as? [[String: Any]])
  }

  @Test func ankiTextMakesTypedQuestionsOnlyForTypeInNotes() throws {
    let sandbox = try MemoQuizSandbox()
    let file = sandbox.folder.appendingPathComponent("japanese.txt")
    try Data(
      ("#separator:tab\n#html:true\n#notetype column:1\n#deck column:2\n"
        + "Basic\tJapanese::Verbs\t聞く\tto listen; to ask <ruby>聞<rt>き</rt></ruby>く\n"
        + "Basic (type in the answer)\tJapanese::Verbs\t<ruby>山<rp>(</rp><rt>やま</rt><rp>)</rp></ruby>\t"
        + "<ruby>山<rt>やま</rt></ruby>\n").utf8
    ).write(to: file)
    let imported = try sandbox.run(["import", file.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let verbs = try questions(sandbox, "Japanese::Verbs")
    #expect(verbs.map { $0["grade"] as? String } == ["self", "typed"])
    #expect(verbs.map { $0["answer"] as? String } == ["to listen; to ask 聞[き]く", "山[やま]"])
    #expect(verbs[1]["prompt"] as? String == "山[やま]", "ruby shown as Anki's text form")
    // The typed one accepts the word with or without its reading.
    for typed in ["山", "山[やま]"] {
      let played = try sandbox.run(
        ["play", "verbs", "--strategy", "sequential", "--restart"], input: "\n2\n\(typed)\n")
      #expect(played.stdout.contains("Correct: Hard.\n[2/2] 山[やま]\nCorrect!\n"), "\(played.stdout)")
    }
  }

  @Test func aPackageMakesTypedQuestionsOnlyForTypeInNoteTypes() throws {
    for package in ["shared-deck.apkg", "legacy.apkg"] {
      let sandbox = try MemoQuizSandbox()
      let imported = try sandbox.run(["import", try fixture(package)])
      #expect(imported.status == 0, "\(imported.stderr)")
      let words = try questions(sandbox, "Japanese::Words")
      // No "grade" key: the group's, typed.
      let grades = Dictionary(
        words.map { ($0["prompt"] as? String ?? "", $0["grade"] as? String ?? "typed") }, uniquingKeysWith: { $1 })
      #expect(grades["Capital of Japan"] == "typed", "\(package): \(grades)")
      #expect(grades["犬"] == "self", "\(package): \(grades)")
    }
  }

  @Test func aGroupIsNamedByTheLastPartOfItsTitle() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [{"title": "Japanese::Verbs", "questions": [{"prompt": "食べる", "answer": "taberu"}]},
       {"title": "Japanese::Nouns", "questions": [{"prompt": "山", "answer": "yama"}]},
       {"title": "French::Nouns", "questions": [{"prompt": "chat", "answer": "cat"}]}]
      """)
    let played = try sandbox.run(["play", "verbs"], input: "taberu\n")
    #expect(played.stdout.hasPrefix("Japanese::Verbs: 1 question"), "\(played.stdout)")
    let shared = try sandbox.run(["play", "nouns"])
    #expect(shared.status == 64)
    #expect(
      shared.stderr
        == "memoquiz: error: \"nouns\" ends several group titles: \"Japanese::Nouns\", \"French::Nouns\"; "
        + "give the whole title\n")
  }

  /// A folder with a week of answers to a self-graded group and a typed one.
  private func answered() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [{"title": "Japanese::Words", "grade": "self", "questions": [
        {"prompt": "聞く", "answer": "to listen", "tags": ["verb"]},
        {"prompt": "駅", "answer": "station"},
        {"prompt": "山", "answer": "yama", "grade": "typed"},
        {"cloze": "{{c1::Tokyo}} is in {{c2::Japan}}", "id": "tokyo"}]}]
      """)
    let input = "\n4\n\n1\nyama\n\n3\n"
    let first = try sandbox.run(
      ["play", "words", "--strategy", "sequential"], input: input, environment: ["MEMOQUIZ_NOW": "2026-11-20T09:00:00Z"]
    )
    #expect(first.status == 0, "\(first.stderr)")
    let second = try sandbox.run(
      ["play", "words", "--strategy", "sequential"], input: input, environment: ["MEMOQUIZ_NOW": "2026-11-23T09:00:00Z"]
    )
    #expect(second.status == 0, "\(second.stderr)")
    return sandbox
  }

  @Test func anExportedPackageReadsBackWithItsMemory() throws {
    let sandbox = try answered()
    let package = sandbox.folder.path + "-words.apkg"
    defer { try? FileManager.default.removeItem(atPath: package) }
    let exported = try sandbox.run(["export", "words", "--format", "apkg", "--output", package])
    #expect(exported.status == 0, "\(exported.stderr)")
    let now = ["MEMOQUIZ_NOW": "2026-11-25T09:00:00Z"]
    let scores = try sandbox.run(["scores", "words", "--json"], environment: now).stdout
    // Into a new folder: the same questions, answers and memory.
    let elsewhere = try MemoQuizSandbox()
    let imported = try elsewhere.run(["import", package])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("its log of 8 reviews comes too"), "\(imported.stdout)")
    let words = try questions(elsewhere, "Japanese::Words")
    #expect(words.map { $0["grade"] as? String ?? "typed" } == ["self", "self", "typed", "self"])
    #expect(words.first?["tags"] as? [String] == ["verb"])
    func memory(_ text: String) throws -> [[String: String]] {
      let groups = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
      let cards = try #require(groups.first?["questions"] as? [[String: Any]])
      return cards.map { card in
        ["prompt", "due", "stability", "correctCount", "incorrectCount"].reduce(into: [:]) {
          $0[$1] = card[$1].map { "\($0)" }
        }
      }
    }
    let again = try elsewhere.run(["scores", "words", "--json"], environment: now).stdout
    #expect(try memory(again) == memory(scores))
    // Back into the folder it came from: no answer is counted twice.
    let history = try sandbox.run(["history", "--json"]).stdout
    let merged = try sandbox.run(["import", package, "--merge"])
    #expect(merged.status == 0, "\(merged.stderr)")
    let answers = { (text: String) throws -> Int in
      let steps = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
      return steps.count { $0["kind"] as? String == "answer" }
    }
    #expect(try answers(sandbox.run(["history", "--json"]).stdout) == answers(history))
  }

  @Test func aNoteFromAnkiGoesBackWithItsOwnNoteTypeAndANewOneWithTheStockOne() throws {
    let sandbox = try MemoQuizSandbox()
    let source = try fixture("current.colpkg")
    #expect(try sandbox.run(["import", source]).status == 0)
    // A question made in memoquiz beside the ones from Anki.
    let data = try Data(contentsOf: sandbox.questionsFile)
    var groups = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let index = try #require(groups.firstIndex { $0["title"] as? String == "Japanese::Words" })
    var words = try #require(groups[index]["questions"] as? [[String: Any]])
    words.append(["prompt": "鳥", "answer": "bird", "grade": "self"])
    groups[index]["questions"] = words
    try JSONSerialization.data(withJSONObject: groups).write(to: sandbox.questionsFile)
    let package = sandbox.folder.path + "-back.apkg"
    defer { try? FileManager.default.removeItem(atPath: package) }
    let exported = try sandbox.run(["export", "Japanese::Words", "Geography", "--format", "apkg", "--output", package])
    #expect(exported.status == 0, "\(exported.stderr)")

    let original = try AnkiPackage.collection(atPath: source)
    let back = try AnkiPackage.collection(atPath: package)
    let originalTypes = Dictionary(original.noteTypes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let backTypes = Dictionary(back.noteTypes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let originalNotes = Dictionary(original.notes.map { ($0.guid, $0) }, uniquingKeysWith: { first, _ in first })
    var compared = 0
    for note in back.notes {
      guard let from = originalNotes[note.guid] else { continue }
      let theirs = try #require(originalTypes[from.noteTypeID])
      let ours = try #require(backTypes[note.noteTypeID])
      #expect(note.noteTypeID == from.noteTypeID, "\(from.fields.first ?? ""): the note type's id")
      #expect(ours.name == theirs.name && ours.fieldNames == theirs.fieldNames)
      #expect(ours.templateNames == theirs.templateNames)
      compared += 1
    }
    #expect(compared == 6, "every note of the two decks came from Anki")
    // The new note: the Basic that came from Anki, which Anki has as its own.
    let bird = try #require(back.notes.first { $0.fields.first == "鳥" })
    #expect(backTypes[bird.noteTypeID]?.name == "Basic")
    #expect(original.noteTypes.contains { $0.id == bird.noteTypeID && $0.name == "Basic" })
    // Only the note types the notes use.
    #expect(Set(back.noteTypes.map(\.id)) == Set(back.notes.map(\.noteTypeID)))
  }

  @Test func aPackageNeedsAFileAndADamagedOneIsRefusedWhole() throws {
    let sandbox = try answered()
    let refused = try sandbox.run(["export", "--format", "apkg"])
    #expect(refused.status == 64)
    #expect(refused.stderr.hasPrefix("memoquiz: error: an Anki package is a file: give it with --output FILE"))
    let package = sandbox.folder.path + "-damaged.apkg"
    defer { try? FileManager.default.removeItem(atPath: package) }
    #expect(try sandbox.run(["export", "--format", "apkg", "--output", package]).status == 0)
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: package)))
    // The collection's pages overwritten in the middle: its tables are gone.
    for index in stride(from: 4096, to: min(bytes.count - 200, 40_000), by: 1) { bytes[index] = 0x5A }
    try Data(bytes).write(to: URL(fileURLWithPath: package))
    let elsewhere = try MemoQuizSandbox()
    let imported = try elsewhere.run(["import", package])
    #expect(imported.status == 65, "\(imported.stdout) \(imported.stderr)")
    #expect(imported.stderr.hasPrefix("memoquiz: error: "), "\(imported.stderr)")
    #expect(!FileManager.default.fileExists(atPath: elsewhere.questionsFile.path), "nothing imported")
    #expect(
      try elsewhere.run(["history", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]")
  }
}
