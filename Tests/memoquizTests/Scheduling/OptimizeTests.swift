import Foundation
import MemoQuizKit
import Testing

/// `memoquiz optimize` on a learner's history written as a machine's file:
/// it fits, installs only when better, as a step `undo` takes back, and the
/// same history always gives the same parameters.
@Suite struct OptimizeTests {
  /// Seven reviews each: 1,050 after each question's first, more than the
  /// 1,000 the first test asks for, and no more, since a fit costs in
  /// proportion to the reviews.
  private static let questionCount = 175

  /// A history of 175 questions reviewed at growing intervals by a learner
  /// who forgets faster than the published parameters expect.
  private func sandboxWithHistory(seed: UInt64) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    let questions = (0..<Self.questionCount).map { #"{"prompt": "q\#($0)", "answer": "a\#($0)"}"# }.joined(
      separator: ", ")
    try sandbox.writeQuestions(#"[{"title": "Deck", "questions": [\#(questions)]}]"#)
    var generator = SeededGenerator(seed: seed)
    var text = "memoquiz history\t2\t0a0b0c0d\tlearner\n"
    var records: [(time: Int64, line: String)] = []
    let start: Int64 = 1_780_000_000_000
    for question in 0..<Self.questionCount {
      var time = start + Int64(question % 20) * 86_400_000
      var interval = 1.0
      var stability = 0.6
      for _ in 0..<7 {
        let recall = pow(0.9, interval / stability)
        let correct = Double(generator.next() >> 11) / Double(1 << 53) < recall
        let rating = correct ? 3 : 1
        records.append((time, "\(time)\tDeck\t\tq\(question)\tq\(question)\t\(correct ? "a" : "x")\t\(rating)\t4000"))
        stability = correct ? stability * 2.2 : max(0.3, stability * 0.5)
        interval = max(1, stability * 0.8)
        time += Int64(interval * 86_400_000)
      }
    }
    for (number, record) in records.sorted(by: { $0.time < $1.time }).enumerated() {
      let fields = record.line.split(separator: "\t", omittingEmptySubsequences: false)
      text += "answer\t\(number + 1)\t" + fields.joined(separator: "\t") + "\n"
    }
    let history = sandbox.folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    try text.write(to: history.appendingPathComponent("0a0b0c0d.log"), atomically: true, encoding: .utf8)
    sandbox.environment["MEMOQUIZ_NOW"] = "2027-06-01T09:00:00Z"
    return sandbox
  }

  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func fittedParametersAreInstalledOnlyWhenBetterAndUndoGoesBack() throws {
    let sandbox = try sandboxWithHistory(seed: 2026)
    let dry = try sandbox.run(["optimize", "--dry-run", "--json"])
    #expect(dry.status == 0, "\(dry.stderr)")
    let report = try json(dry.stdout)
    #expect((report["reviews"] as? Int ?? 0) > 1000)
    #expect(report["installed"] as? Bool == false, "a dry run installs nothing")
    let current = try #require(report["current"] as? [String: Any])
    let fitted = try #require(report["fitted"] as? [String: Any])
    let fittedLoss = try #require(fitted["logLoss"] as? Double)
    let currentLoss = try #require(current["logLoss"] as? Double)
    #expect(fittedLoss < currentLoss, "this learner is not the average one")
    #expect((report["retention"] as? [[String: Any]])?.count == 4)
    // The same history gives the same parameters.
    #expect(try sandbox.run(["optimize", "--dry-run", "--json"]).stdout == dry.stdout)

    let before = try sandbox.run(["scores", "--json"]).stdout
    let installed = try json(sandbox.run(["optimize", "--json"]).stdout)
    #expect(installed["installed"] as? Bool == true)
    let after = try json(sandbox.run(["optimize", "--dry-run", "--json"]).stdout)
    let inUse = try #require(after["current"] as? [String: Any])
    #expect("\(inUse["parameters"] ?? "")" == "\(fitted["parameters"] ?? "")", "the fitted ones are in use")
    #expect(try sandbox.run(["scores", "--json"]).stdout != before, "memory is computed again with them")
    let history = try sandbox.run(["history", "--limit", "1"]).stdout
    #expect(history.contains("optimize"), "\(history)")

    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["scores", "--json"]).stdout == before, "undo goes back to the parameters before")
  }

  @Test func evaluateScoresFittingOnLaterReviewsAndInstallsNothing() throws {
    let sandbox = try sandboxWithHistory(seed: 2027)
    let before = try sandbox.run(["optimize", "--dry-run", "--json"]).stdout
    let result = try sandbox.run(["optimize", "--evaluate", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try json(result.stdout)
    #expect(report["installed"] as? Bool == false, "evaluating installs nothing")
    let evaluation = try #require(report["evaluation"] as? [String: Any])
    let reviews = try #require(report["reviews"] as? Int)
    #expect(evaluation["reviews"] as? Int == reviews - reviews / 6, "all but the first sixth are predicted")
    let fitted = try #require(evaluation["fitted"] as? [String: Any])
    let current = try #require(evaluation["current"] as? [String: Any])
    let fittedLoss = try #require(fitted["logLoss"] as? Double)
    let currentLoss = try #require(current["logLoss"] as? Double)
    #expect(fittedLoss < currentLoss, "fitting on earlier reviews predicts this learner's later ones better")
    let health = try #require(evaluation["healthCheck"] as? [String: Any])
    #expect(health["passed"] is Bool)
    // Nothing was installed: the parameters in use are the ones before.
    #expect(try sandbox.run(["optimize", "--dry-run", "--json"]).stdout == before)
    #expect(!(try sandbox.run(["history", "--limit", "1"]).stdout.contains("optimize")))

    let text = try sandbox.run(["optimize", "--evaluate"])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("Predicting reviews not fitted on (5 time-series splits):"), "\(text.stdout)")
    #expect(text.stdout.contains("Health check: "), "\(text.stdout)")
    #expect(try sandbox.run(["help", "optimize"]).stdout.contains("--evaluate"))

    // Every memory model on the same held-out reviews, FSRS-6's figures the evaluation's.
    let models = try #require(report["models"] as? [String: Any])
    let entries = try #require(models["models"] as? [[String: Any]])
    #expect(entries.compactMap { $0["model"] as? String } == ["FSRS-6", "SBD+hours"])
    #expect(models["reviews"] as? Int == evaluation["reviews"] as? Int)
    let fsrs = try #require(entries.first)
    #expect(abs((fsrs["logLoss"] as? Double ?? 0) - fittedLoss) < 1e-6)
    #expect(text.stdout.contains("\n            log loss   RMSE(bins)\nFSRS-6    "), "\(text.stdout)")
    #expect(text.stdout.contains("\nSBD+hours "), "\(text.stdout)")
    #expect(text.stdout.contains(" predicts best"), "\(text.stdout)")
  }

  @Test func tooFewReviewsKeepTheParametersAndSayHowManyAreNeeded() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "1", "--strategy", "sequential"], input: "a\ni\n")
    let result = try sandbox.run(["optimize"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("more"), "\(result.stdout)")
    let report = try json(sandbox.run(["optimize", "--json"]).stdout)
    #expect(report["installed"] as? Bool == false)
    #expect(report["fitted"] is NSNull)
  }

  /// Each card's `"due"` and `"stability"` in `scores --json`.
  private func dues(_ sandbox: MemoQuizSandbox) throws -> (due: [String], stability: [Double]) {
    let groups = try JSONSerialization.jsonObject(with: Data(sandbox.run(["scores", "--json"]).stdout.utf8))
    let questions = (groups as? [[String: Any]])?.first?["questions"] as? [[String: Any]] ?? []
    return (questions.map { $0["due"] as? String ?? "" }, questions.map { $0["stability"] as? Double ?? 0 })
  }

  private func dueToday(_ sandbox: MemoQuizSandbox) throws -> Int {
    try json(sandbox.run(["today", "--json"]).stdout)["due"] as? Int ?? -1
  }

  @Test func installingKeepsEachCardsDueDayAndRescheduleComputesThemAgain() throws {
    let kept = try sandboxWithHistory(seed: 2026)
    let before = try dues(kept)
    let todayBefore = try dueToday(kept)
    let dry = try kept.run(["optimize", "--dry-run"])
    let line = try #require(dry.stdout.split(separator: "\n").last.map(String.init))
    #expect(line.hasPrefix("Installing them keeps each card's due day; with --reschedule, "), "\(dry.stdout)")
    #expect(line.hasSuffix("cards would be due today (\(todayBefore) now)."), "\(line)")
    let installed = try kept.run(["optimize"])
    #expect(installed.stdout.contains("Each card keeps its due day until its next review."), "\(installed.stdout)")
    let after = try dues(kept)
    #expect(after.due == before.due, "no due day moves")
    #expect(after.stability != before.stability, "memory is computed with the new parameters")
    #expect(try dueToday(kept) == todayBefore)

    let rescheduled = try sandboxWithHistory(seed: 2026)
    let output = try rescheduled.run(["optimize", "--reschedule"])
    #expect(output.status == 0, "\(output.stderr)")
    let moved = try dues(rescheduled)
    #expect(moved.stability == after.stability, "the same memory either way")
    #expect(moved.due != before.due, "due days computed again")
    let todayAfter = try dueToday(rescheduled)
    // What the dry run said --reschedule would do, it did.
    #expect(line.contains("with --reschedule, \(todayAfter) cards would be due today"), "\(line)")
    if todayAfter != todayBefore {
      #expect(output.stdout.contains("Due today: \(todayAfter) cards (\(todayBefore) before)."), "\(output.stdout)")
    }
    // Taking the install back brings the old memory and due days back.
    #expect(try kept.run(["undo"]).status == 0)
    #expect(try dues(kept).due == before.due)
    #expect(try dues(kept).stability == before.stability)
  }

  @Test func rescheduleCountsTheCardsDueTodayAsTodayDoes() throws {
    let sandbox = try sandboxWithHistory(seed: 2026)
    // Questions taken out of the file keep their memory in the history,
    // but no day asks them.
    let questions = (5..<Self.questionCount).map { #"{"prompt": "q\#($0)", "answer": "a\#($0)"}"# }.joined(
      separator: ", ")
    try sandbox.writeQuestions(#"[{"title": "Deck", "questions": [\#(questions)]}]"#)
    let todayBefore = try dueToday(sandbox)
    let dry = try sandbox.run(["optimize", "--dry-run"])
    let output = try sandbox.run(["optimize", "--reschedule"])
    #expect(output.status == 0, "\(output.stderr)")
    let todayAfter = try dueToday(sandbox)
    #expect(todayAfter != todayBefore)
    #expect(output.stdout.hasSuffix("Due today: \(todayAfter) cards (\(todayBefore) before).\n"), "\(output.stdout)")
    #expect(
      dry.stdout.hasSuffix("with --reschedule, \(todayAfter) cards would be due today (\(todayBefore) now).\n"),
      "\(dry.stdout)")
  }

  @Test func rescheduleRightAfterAnInstallUsesTheParametersInUse() throws {
    let sandbox = try sandboxWithHistory(seed: 2026)
    let installed = try sandbox.run(["optimize"])
    #expect(installed.stdout.contains("Each card keeps its due day until its next review."), "\(installed.stdout)")
    let kept = try dues(sandbox)
    let todayBefore = try dueToday(sandbox)
    // The same history fits the same parameters: nothing better to install.
    let dry = try sandbox.run(["optimize", "--dry-run", "--reschedule"])
    let line = try #require(dry.stdout.split(separator: "\n").last.map(String.init))
    #expect(line.hasPrefix("With --reschedule, each card's due day is computed again with the parameters in use: "))
    let output = try sandbox.run(["optimize", "--reschedule"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("The fitted parameters predict no better: the current ones stay."))
    let todayAfter = try dueToday(sandbox)
    #expect(
      output.stdout.hasSuffix(
        "Each card's due day was computed again with the parameters in use: \(todayAfter) cards due today "
          + "(\(todayBefore) before).\n"), "\(output.stdout)")
    #expect(line.hasSuffix(": \(todayAfter) cards would be due today (\(todayBefore) now)."), "\(line)")
    let moved = try dues(sandbox)
    #expect(moved.due != kept.due, "due days computed again")
    #expect(moved.stability == kept.stability, "the same parameters")
    // The same due days as an install that rescheduled at once.
    let atOnce = try sandboxWithHistory(seed: 2026)
    #expect(try atOnce.run(["optimize", "--reschedule"]).status == 0)
    #expect(try dues(atOnce).due == moved.due)
    // Taking it back brings the kept due days back.
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try dues(sandbox).due == kept.due)
  }
}
