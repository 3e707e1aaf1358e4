import Foundation
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
}
