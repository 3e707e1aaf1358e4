import Foundation
import Testing

/// A learner's own groups come first in the day: bundled groups never
/// played give no new questions beside them.
@Suite struct OwnGroupsFirstTests {
  private let environment = ["MEMOQUIZ_NOW": "2026-12-01T09:00:00Z", "TZ": "UTC", "NO_COLOR": "1"]

  @Test func anImportedDeckIsNotStarvedByTheUntouchedBundledGroups() throws {
    let sandbox = try MemoQuizSandbox()
    let deck = sandbox.folder.appendingPathComponent("verbs.tsv")
    try (0..<30).map { "verb\($0)\tmeaning\($0)" }.joined(separator: "\n").write(
      to: deck, atomically: true, encoding: .utf8)
    #expect(try sandbox.run(["import", deck.path, "--title", "Verbs"], environment: environment).status == 0)

    let today = try sandbox.run(["today"], environment: environment).stdout
    #expect(
      today == """
        Today: nothing due and 20 new, about 5 minutes
          Verbs  0 due, 20 new
        `memoquiz review` plays them.
        The bundled groups wait while you learn your own; playing one brings it into the day (`memoquiz play Hiragana`).

        """)
    let review = try sandbox.run(["review"], input: ":quit\n", environment: environment).stdout
    #expect(review.hasPrefix("Today's review: 20 questions from 1 group\n[20 left] Verbs · verb0\n"), "\(review)")
    // A bundled group named, or played once, takes part again.
    let named = try sandbox.run(
      ["play", "Hiragana", "--strategy", "review"], input: ":quit\n", environment: environment)
    #expect(named.stdout.contains("Hiragana"), "\(named.stdout)")
  }

  @Test func theBundledSetAloneStillFillsTheDay() throws {
    let sandbox = try MemoQuizSandbox()
    let today = try sandbox.run(["today", "--json"], environment: environment).stdout
    let object = try #require(try JSONSerialization.jsonObject(with: Data(today.utf8)) as? [String: Any])
    #expect(object["new"] as? Int == 20)
    let groups = try #require(object["groups"] as? [[String: Any]])
    #expect(groups.first?["title"] as? String == "Hiragana")
    #expect(groups.first?["new"] as? Int == 20)
  }

  @Test func aBundledGroupPlayedOnceTakesPartAgain() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["add", "Verbs", "taberu", "to eat"], environment: environment)
    #expect(
      try sandbox.run(["play", "Katakana", "--strategy", "sequential"], input: "a\n:quit\n", environment: environment)
        .status == 0)
    let today = try sandbox.run(["today", "--json"], environment: environment).stdout
    let object = try #require(try JSONSerialization.jsonObject(with: Data(today.utf8)) as? [String: Any])
    let shares = Dictionary(
      uniqueKeysWithValues: (object["groups"] as? [[String: Any]] ?? []).map {
        ($0["title"] as? String ?? "", $0["new"] as? Int ?? -1)
      })
    #expect(shares["Hiragana"] == 0, "never played: it waits")
    #expect((shares["Katakana"] ?? 0) > 0, "played once: it takes part")
  }
}
