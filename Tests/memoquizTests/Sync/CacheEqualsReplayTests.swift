import Foundation
import Testing

@testable import MemoQuizKit

/// What a folder shows after `undo ID` equals what the same folder shows
/// with `local/` deleted, a replay of its history files from scratch: an
/// Anki package imported with its reviews, `optimize` installing fitted
/// parameters (each card keeping its due day), then one imported answer
/// taken back.
@Suite struct CacheEqualsReplayTests {
  /// The instant every command runs at: the day after the last review.
  private static let now = "2026-03-02T12:00:00Z"

  /// A legacy collection of 40 Basic notes, one card each, made on 1 January
  /// 2026 at 04:00 UTC (Anki's `crt`, its day starting at 04:00), each card
  /// reviewed 7 times at noon by a learner who forgets faster than the
  /// published parameters expect, so that `optimize` installs a fit; each
  /// card is due in Anki on its last interval after its last review.
  private static func package() throws -> [UInt8] {
    var statements = LegacyCollection.tables(
      created: 1_767_240_000, configuration: #"{"rollover": 4, "creationOffset": 0}"#)
    var generator = SeededGenerator(seed: 2026)
    for id in 1...40 {
      // Days since 1 January 2026; reviews at noon UTC.
      var day = id % 10
      var stability = 0.6
      var interval = 1
      for review in 0..<7 {
        let recall = pow(0.9, Double(interval) / stability)
        let correct = generator.unit() < recall
        stability = correct ? stability * 2.2 : max(0.3, stability * 0.5)
        let next = max(1, Int(stability * 0.8))
        let answered = (1_767_268_800 + Int64(day) * 86_400) * 1000 + Int64(id)
        statements.append(
          "INSERT INTO revlog VALUES (\(answered), \(id), 0, \(correct ? 3 : 1), \(next), \(interval), 2500, 6000, "
            + "\(review == 0 ? 0 : 1))")
        interval = next
        if review < 6 { day += interval }
      }
      statements += [
        "INSERT INTO notes VALUES (\(id), 'card\(id)', 1, 0, 0, '', 'q\(id)' || char(31) || 'a\(id)', '', 0, 0, '')",
        "INSERT INTO cards VALUES (\(id), \(id), 1, 0, 0, 0, 2, 2, \(day + interval), \(interval), 2500, 7, 0, 0, "
          + "0, 0, 0, '')",
      ]
    }
    return try LegacyCollection.package(statements)
  }

  /// The views that hold due days and counts, of `sandbox`'s folder.
  private func views(of sandbox: MemoQuizSandbox) throws -> [String] {
    try [["scores", "--json"], ["today", "--json"], ["groups"]].map { arguments in
      let result = try sandbox.run(arguments, environment: ["MEMOQUIZ_NOW": Self.now])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return result.stdout
    }
  }

  /// The same views of a copy of `sandbox`'s folder without `local/`.
  private func viewsOfAReplay(of sandbox: MemoQuizSandbox) throws -> [String] {
    let fresh = try MemoQuizSandbox()
    try FileManager.default.removeItem(at: fresh.folder)
    try FileManager.default.copyItem(at: sandbox.folder, to: fresh.folder)
    try FileManager.default.removeItem(at: fresh.folder.appendingPathComponent("local"))
    return try views(of: fresh)
  }

  @Test func undoOfAnImportedAnswerAfterAnOptimizeShowsWhatAReplayShows() throws {
    let sandbox = try MemoQuizSandbox()
    sandbox.environment["MEMOQUIZ_NOW"] = Self.now
    let file = sandbox.folder.appendingPathComponent("reviewed.apkg")
    try Data(try Self.package()).write(to: file)
    let imported = try sandbox.run(["import", file.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let optimized = try sandbox.run(["optimize", "--json"])
    #expect(optimized.status == 0, "\(optimized.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(optimized.stdout.utf8)) as? [String: Any])
    #expect(report["installed"] as? Bool == true, "the fitted parameters are installed: \(optimized.stdout)")
    #expect(try views(of: sandbox) == viewsOfAReplay(of: sandbox), "before the undo")

    // The newest imported answer: the newest answer of its card, which the
    // optimize kept due on its day.
    let history = try sandbox.run(["history", "--json"])
    let steps = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    let answer = try #require(steps.first { $0["kind"] as? String == "answer" })
    let step = try #require(answer["step"] as? String)
    let before = try sandbox.run(["scores", "--json"]).stdout
    let undone = try sandbox.run(["undo", step])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try sandbox.run(["scores", "--json"]).stdout != before, "the answer is taken back")

    let views = try views(of: sandbox)
    let replayed = try viewsOfAReplay(of: sandbox)
    for (view, replay) in zip(views, replayed) {
      #expect(view == replay, "undo \(step) of \(answer["prompt"] ?? "")")
    }
    // And again after the caches are written and read back.
    #expect(try self.views(of: sandbox) == replayed)
  }
}
