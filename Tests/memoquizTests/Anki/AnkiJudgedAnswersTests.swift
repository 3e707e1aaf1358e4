import Foundation
import MemoQuizKit
import Testing

/// Alternatives, other answers and blocked answers travel in an Anki
/// package: in fields of memoquiz's own note types, named as the text
/// export's columns, and `import` reads them back.
@Suite struct AnkiJudgedAnswersTests {
  private func questions(_ sandbox: MemoQuizSandbox) throws -> NSArray {
    let data = try Data(contentsOf: sandbox.questionsFile)
    let groups = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let group = try #require(groups.first { $0["title"] as? String == "Readings" })
    return try #require(group["questions"] as? NSArray)
  }

  @Test func aPackageKeepsEveryAnswerJudged() throws {
    let sandbox = try MemoQuizSandbox()
    let file = sandbox.folder.appendingPathComponent("readings.json")
    try Data(
      """
      [{"title": "Readings", "questions": [
        {"prompt": "生", "answer": "せい", "alternatives": ["しょう"], "otherAnswers": ["なま", "いきる"],
         "blocked": ["せ"]},
        {"prompt": "greeting", "answer": "hello, world", "alternatives": ["hi | there", "a\\\\b"]},
        {"prompt": "山", "answer": "山[やま]", "alternatives": ["山"], "blocked": ["やま"]},
        {"prompt": "day", "answer": "日", "otherAnswers": ["にち"], "grade": "self"},
        {"prompt": "cat", "answer": "猫"}
      ]}]
      """.utf8
    ).write(to: file)
    let added = try sandbox.run(["import", file.path])
    #expect(added.status == 0, "\(added.stderr)")
    let written = try questions(sandbox)
    #expect(written.count == 5)
    let package = sandbox.folder.path + "-readings.apkg"
    defer { try? FileManager.default.removeItem(atPath: package) }
    let exported = try sandbox.run(["export", "Readings", "--format", "apkg", "--output", package])
    #expect(exported.status == 0, "\(exported.stderr)")
    // Anki sees the answer as the Back field and the others in fields of
    // their own.
    let collection = try AnkiPackage.collection(atPath: package)
    let types = Dictionary(collection.noteTypes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let first = try #require(collection.notes.first { $0.fields.first == "生" })
    #expect(types[first.noteTypeID]?.fieldNames == ["Front", "Back", "Alternatives", "Other answers", "Blocked"])
    #expect(first.fields == ["生", "せい", "しょう", "なま|いきる", "せ"])
    // Into a new folder: the same questions.
    let elsewhere = try MemoQuizSandbox()
    let imported = try elsewhere.run(["import", package])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try questions(elsewhere) == written)
  }
}
