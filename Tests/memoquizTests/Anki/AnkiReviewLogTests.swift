import Foundation
import Testing

/// The review log of an Anki package, made by Anki's own library with FSRS
/// on (`Fixtures/anki/expected.json` is what Anki reported), comes along as
/// answers at their own times: memory and due dates go on from where Anki
/// left them, and importing the package again adds no answer.
@Suite struct AnkiReviewLogTests {
  private func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "anki/\(name)", withExtension: nil, subdirectory: "Fixtures")).path
  }

  @Test(arguments: ["current.colpkg", "legacy.apkg"])
  func memoryGoesOnFromWhereAnkiLeftIt(_ package: String) throws {
    let sandbox = try MemoQuizSandbox()
    sandbox.environment["MEMOQUIZ_NOW"] = "2026-11-25T09:00:00Z"
    sandbox.environment["TZ"] = "UTC"
    let imported = try sandbox.run(["import", try fixture(package)])
    #expect(imported.status == 0, "\(imported.stderr)")
    let expected = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: try fixture("expected.json"))))
        as? [String: Any])
    let cards = try #require(expected["cards"] as? [[String: Any]])
    let scores = try #require(
      try JSONSerialization.jsonObject(with: Data(sandbox.run(["scores", "--json"]).stdout.utf8)) as? [[String: Any]])
    var compared = 0
    for card in cards where card["ord"] as? Int == 0 {
      guard let stability = card["stability"] as? Double, let guid = card["guid"] as? String,
        let dueDay = card["dueDay"] as? String, let deck = card["deck"] as? String
      else { continue }
      let group = try #require(scores.first { $0["title"] as? String == deck })
      let question = try #require(
        (group["questions"] as? [[String: Any]])?.first {
          $0["id"] as? String == guid && $0["card"] as? String == "forward"
        })
      let ours = try #require(question["stability"] as? Double, "\(guid) has memory")
      #expect(abs(ours - stability) / stability < 0.01, "\(guid): stability \(ours) against Anki's \(stability)")
      let due = try #require(question["due"] as? String)
      let days = abs(day(due.prefix(10)) - day(dueDay.prefix(10)))
      // (The fixture's dates were written by the calendar, Anki's day by its rollover.)
      #expect(days <= 1, "\(guid): due \(due) against Anki's \(dueDay)")
      // The card keeps Anki's due day until its next review here: the day
      // of its last review (at noon, UTC) and Anki's interval, fuzz and all.
      let interval = try #require(card["interval"] as? Int)
      let lastReview = try #require(question["lastReview"] as? String)
      #expect(day(due.prefix(10)) == day(lastReview.prefix(10)) + interval, "\(guid): due \(due), Anki's interval")
      compared += 1
    }
    #expect(compared >= 2, "the package has reviewed cards to compare")
    let answers = try countAnswers(sandbox)
    #expect(answers > 0)
    // Taking the import back takes its reviews back too, and redo brings them.
    let inEffect = try sandbox.run(["stats", "--json"]).stdout
    #expect(try sandbox.run(["undo"]).stdout.contains("import"))
    #expect(!(try sandbox.run(["stats", "--json"]).stdout.contains("\"answers\"")), "no answer of the import counts")
    #expect(try countAnswers(sandbox, undone: false) == 0, "history shows the import's reviews taken back")
    let again = try sandbox.run(["undo"])
    #expect(again.status == 1)
    #expect(again.stderr == "memoquiz: error: there is nothing to take back\n", "no review of the import is taken back")
    #expect(try sandbox.run(["redo"]).status == 0)
    #expect(try sandbox.run(["stats", "--json"]).stdout == inEffect)
    // The same package again: no review counts twice.
    #expect(try sandbox.run(["import", try fixture(package), "--merge"]).status == 0)
    #expect(try countAnswers(sandbox) == answers)
  }

  private func countAnswers(_ sandbox: MemoQuizSandbox, undone: Bool? = nil) throws -> Int {
    let steps = try JSONSerialization.jsonObject(with: Data(sandbox.run(["history", "--json"]).stdout.utf8))
    return ((steps as? [[String: Any]]) ?? []).count {
      $0["kind"] as? String == "answer" && (undone == nil || $0["undone"] as? Bool == undone)
    }
  }

  private func day(_ text: Substring) -> Int {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return 0 }
    var components = DateComponents()
    (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    return Int((calendar.date(from: components)?.timeIntervalSince1970 ?? 0) / 86_400)
  }
}
